import { describe, expect, it } from 'vitest';
import {
  controlSwitchTable,
  knownControlSwitches,
  liveStreamHiddenPlay,
  visibilityFor,
} from './control-switches';

const everySport = [1, 2, 3, 4, 5, 20, 23, 31, 1000, 10000001, 10000002, 10000005];
const hiddenSportsOf = (switches: number[], isLiveStream = false) => {
  const visibility = visibilityFor(switches, isLiveStream);
  return everySport.filter((sportId) => !visibility.isSportVisible(sportId));
};

describe('the control switch rule (SPEC §4)', () => {
  it('hides nothing without switches, and nothing for numbers outside the table', () => {
    expect(hiddenSportsOf([])).toEqual([]);
    expect(hiddenSportsOf([4, 12, 999_999])).toEqual([]);
    expect(visibilityFor([4, 12], false).hiddenPlays(1).size).toBe(0);
  });

  it('hides each sport of the table with its switch', () => {
    const sportOfSwitch: [number, number][] = [
      [1, 1],
      [10, 2],
      [20, 3],
      [30, 4],
      [40, 5],
      [50, 20],
      [60, 23],
      [70, 31],
      [1000, 1000],
      [3010, 10000001],
      [3020, 10000002],
      [3030, 10000005],
    ];
    for (const [value, sportId] of sportOfSwitch)
      expect(hiddenSportsOf([value])).toEqual([sportId]);
    expect(knownControlSwitches).toEqual([
      1, 2, 3, 10, 11, 20, 30, 40, 50, 60, 70, 1000, 3010, 3020, 3030,
    ]);
  });

  it('hides the play types of switches 1, 2, 3, 10 and 11 from their sport only', () => {
    expect([...visibilityFor([1], false).hiddenPlays(1)].sort()).toEqual([1, 2, 3, 6]);
    expect([...visibilityFor([10], false).hiddenPlays(2)].sort()).toEqual([1, 2, 3, 6]);
    const plays = visibilityFor([2, 3, 11], false);
    expect(hiddenSportsOf([2, 3, 11])).toEqual([]);
    expect([...plays.hiddenPlays(1)].sort()).toEqual([6, 7]);
    expect([...plays.hiddenPlays(2)]).toEqual([7]);
    expect(plays.hiddenPlays(3).size).toBe(0);
    expect(plays.isPlayVisible(1, 6)).toBe(false);
    expect(plays.isPlayVisible(1, 1)).toBe(true);
    expect(plays.isPlayVisible(2, 6)).toBe(true);
    // A hidden sport hides every play of it, listed in the table or not.
    expect(visibilityFor([20], false).isPlayVisible(3, 1)).toBe(false);
  });

  it('hides play type 2 of every sport in the live-stream flavour, whatever the switches', () => {
    const liveStream = visibilityFor([], true);
    for (const sportId of everySport) {
      expect(liveStream.isSportVisible(sportId)).toBe(true);
      expect(liveStream.isPlayVisible(sportId, liveStreamHiddenPlay)).toBe(false);
      expect(liveStream.isPlayVisible(sportId, 3)).toBe(true);
    }
    expect(visibilityFor([], false).isPlayVisible(1, liveStreamHiddenPlay)).toBe(true);
    expect([...visibilityFor([3], true).hiddenPlays(1)].sort()).toEqual([2, 7]);
  });

  it('answers the same object for the same switches in any order, with stable keys', () => {
    const one = visibilityFor([3, 2, 2], false);
    expect(visibilityFor([2, 3], false)).toBe(one);
    expect(one.key).toBe('2,3|0');
    expect(visibilityFor([2, 3], true).key).toBe('2,3|1');
    expect(one.hiddenPlays(1)).toBe(one.hiddenPlays(1));
    expect(one.playsKey(1)).toBe('6,7');
    expect(one.playsKey(5)).toBe('');
  });

  it('keeps every effect of the table inside the sports it names', () => {
    for (const [value, effect] of controlSwitchTable) {
      const visibility = visibilityFor([value], false);
      if (effect.plays)
        for (const playId of effect.plays.playIds)
          expect(visibility.isPlayVisible(effect.plays.sportId, playId)).toBe(false);
    }
  });
});
