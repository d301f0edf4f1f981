import type { MatchWire } from '@sb/contract';
import { visibilityFor } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { shownSportId, visibleMatches, visibleSportTabs } from './visible-sports';

/** A match with one line of each play named (options elided: only the plays matter here). */
const match = (b: number, a: number, playIds: number[]) =>
  ({
    a,
    b,
    z: Object.fromEntries(playIds.map((playId) => [String(playId), { '': [] }])),
  }) as unknown as MatchWire;

const offered = [
  { sportId: 1, name: '足球' },
  { sportId: 3, name: '网球' },
  { sportId: 77, name: '板球' },
  { sportId: 10000001, name: '虚拟足球' },
];

const nothingHidden = visibilityFor([], false);

describe('visibleSportTabs', () => {
  it("lists the server's sports in its order, with keys for the sports the page names itself", () => {
    expect(visibleSportTabs(offered, nothingHidden)).toEqual([
      { sportId: 1, key: 'football', name: '足球' },
      { sportId: 3, key: 'tennis', name: '网球' },
      { sportId: 77, name: '板球' },
      { sportId: 10000001, key: 'virtualFootball', name: '虚拟足球' },
    ]);
  });

  it('drops a sport the held switches hide, even from a menu read before they changed', () => {
    const tabs = visibleSportTabs(offered, visibilityFor([20, 3010], false));
    expect(tabs.map((tab) => tab.sportId)).toEqual([1, 77]);
    // Switches that hide plays only leave every tab.
    expect(visibleSportTabs(offered, visibilityFor([2, 3], true))).toHaveLength(4);
  });

  it("falls back to the page's own sports, less the hidden ones, without a menu", () => {
    const tabs = visibleSportTabs(undefined, visibilityFor([1], false));
    expect(tabs[0]).toEqual({ sportId: 2, key: 'basketball', name: '' });
    expect(tabs.map((tab) => tab.sportId)).not.toContain(1);
    expect(tabs).toHaveLength(11);
    expect(visibleSportTabs([], nothingHidden)).toHaveLength(12);
  });
});

describe('shownSportId', () => {
  const tabs = visibleSportTabs(offered, visibilityFor([1], false));

  it('keeps the chosen sport while it has a tab, else moves to the first tab', () => {
    expect(shownSportId(3, tabs)).toBe(3);
    expect(shownSportId(1, tabs)).toBe(3);
    expect(shownSportId(1, [])).toBe(1);
  });
});

describe('visibleMatches', () => {
  const list = [match(11, 1, [1, 2, 6, 7]), match(12, 3, [3]), match(13, 2, [1, 7])];

  it('answers the same list when the switches hide nothing in it', () => {
    expect(visibleMatches(list, nothingHidden)).toBe(list);
    expect(visibleMatches(list, visibilityFor([50, 3030], false))).toBe(list);
  });

  it("drops a hidden sport's matches and keeps the others as they were", () => {
    const shown = visibleMatches(list, visibilityFor([20], false));
    expect(shown.map((entry) => entry.b)).toEqual([11, 13]);
    expect(shown[0]).toBe(list[0]);
  });

  it('takes hidden plays out of the matches of their sport only', () => {
    const shown = visibleMatches(list, visibilityFor([2, 3], false));
    expect(Object.keys(shown[0]?.z ?? {})).toEqual(['1', '2']);
    expect(shown[2]).toBe(list[2]);
    // The list held is not changed: a switch turned off again brings the plays back.
    expect(Object.keys(list[0]?.z ?? {})).toEqual(['1', '2', '6', '7']);
  });

  it('hides play 2 of every sport in the live-stream flavour', () => {
    const shown = visibleMatches(list, visibilityFor([], true));
    expect(Object.keys(shown[0]?.z ?? {})).toEqual(['1', '6', '7']);
    expect(shown[1]).toBe(list[1]);
  });
});
