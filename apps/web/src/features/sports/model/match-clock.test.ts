import type { EventInfo, MatchClock } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { clockSecondsAt, clockTextOf, gamePointsTextOf, periodNameOf } from './match-clock';

const t = Date.UTC(2026, 0, 10, 15, 0, 0);

function event(c: number, ck?: MatchClock, extra: Partial<EventInfo> = {}): EventInfo {
  const zeros = { h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, a1: 0, a2: 0, a3: 0, a4: 0, a5: 0 };
  return {
    a: 1,
    b: 1,
    c,
    e: ck?.s ?? 0,
    g: '',
    ...zeros,
    hs: 0,
    as: 0,
    o: 'H',
    r: 'A',
    ck,
    ...extra,
  };
}

describe('the match clock', () => {
  it('runs a reading forward at the feed speed while it runs, and not while it is stopped', () => {
    const running = { s: 600, v: 60, t };
    expect(clockSecondsAt(running, t)).toBe(600);
    expect(clockSecondsAt(running, t + 1_500)).toBe(690);
    expect(clockSecondsAt(running, t - 5_000)).toBe(600);
    expect(clockSecondsAt({ ...running, v: 0 }, t + 10_000)).toBe(600);
    // A reading heard long ago runs on for half an hour of play at most.
    expect(clockSecondsAt(running, t + 3_600_000)).toBe(2400);
    // A countdown stops at the end of the period.
    expect(clockSecondsAt({ s: 600, l: 30, v: 60, t }, t + 10_000)).toBe(630);
  });

  it('counts football minutes with added time after 45 and 90', () => {
    expect(clockTextOf(1, event(1, { s: 0, v: 1, t }), t)).toBe("1'");
    expect(clockTextOf(1, event(3, { s: 66 * 60 + 5, v: 1, t }), t)).toBe("67'");
    expect(clockTextOf(1, event(1, { s: 46 * 60 + 10, x: 3, v: 1, t }), t)).toBe("45+2'");
    expect(clockTextOf(1, event(3, { s: 89 * 60 + 50, v: 60, t }), t + 1_000)).toBe("90+1'");
    // Half-time shows no clock.
    expect(clockTextOf(1, event(2, { s: 2820, v: 0, t }), t)).toBe('');
  });

  it('counts a basketball quarter down and an ice hockey match up; tennis has none', () => {
    const quarter = event(5, { s: 1300, l: 500, v: 10, t }, { a: 2 });
    expect(clockTextOf(2, quarter, t)).toBe('08:20');
    expect(clockTextOf(2, quarter, t + 2_000)).toBe('08:00');
    expect(clockTextOf(2, quarter, t + 200_000)).toBe('00:00');
    expect(clockTextOf(5, event(3, { s: 1930, v: 1, t }), t)).toBe('32:10');
    expect(clockTextOf(5, event(3, { s: 2390, v: 60, t }), t + 60_000)).toBe('40:00');
    expect(clockTextOf(3, event(3, { s: 1930, v: 1, t }), t)).toBe('');
    expect(clockTextOf(1, event(1), t)).toBe('');
  });

  it('names the period from the code, halves, quarters, sets, breaks and overtime', () => {
    expect(periodNameOf(1, 1)).toEqual({ key: 'half1', n: 1 });
    expect(periodNameOf(1, 2)).toEqual({ key: 'halfTime', n: 1 });
    expect(periodNameOf(1, 3)).toEqual({ key: 'half2', n: 2 });
    expect(periodNameOf(2, 4)).toEqual({ key: 'halfTime', n: 2 });
    expect(periodNameOf(2, 6)).toEqual({ key: 'break', n: 3 });
    expect(periodNameOf(2, 9)).toEqual({ key: 'overtime', n: 5 });
    expect(periodNameOf(5, 7)).toEqual({ key: 'overtime', n: 4 });
    expect(periodNameOf(3, 5)).toEqual({ key: 'tennisSet', n: 3 });
    expect(periodNameOf(4, 5)).toEqual({ key: 'set', n: 3 });
    expect(periodNameOf(31, 3)).toEqual({ key: 'map', n: 2 });
    expect(periodNameOf(1, 0)).toBeNull();
    expect(periodNameOf(1, 90)).toBeNull();
  });

  it('reads tennis points as 15, 30, 40, deuce and advantage, and a tie-break plainly', () => {
    const points = (h: number, a: number, games = { h2: 2, a2: 1 }) =>
      gamePointsTextOf(event(3, undefined, { a: 3, gp: { h, a }, ...games }));
    expect(points(0, 0)).toBe('0-0');
    expect(points(2, 1)).toBe('30-15');
    expect(points(3, 3)).toBe('40-40');
    expect(points(5, 4)).toBe('AD-40');
    expect(points(4, 5)).toBe('40-AD');
    expect(points(5, 4, { h2: 6, a2: 6 })).toBe('5-4');
    expect(gamePointsTextOf(event(3))).toBeNull();
    // Volleyball, table tennis and badminton count the set's points, esports the map's rounds.
    for (const sport of [4, 20, 23, 31])
      expect(gamePointsTextOf(event(3, undefined, { a: sport, gp: { h: 17, a: 15 } }))).toBe(
        '17-15',
      );
  });
});
