import { beforeAll, describe, expect, it } from 'vitest';
import { resolveMargins } from './markets/pricing';
import { SportIds } from './messages';
import { createSimulator } from './simulator';
import { FeedChecker } from './testing/feed-checker';

const START = Date.UTC(2025, 4, 10, 6, 30);
const HALF_DAY = 12 * 3_600_000;

describe('half a day of the full feed', () => {
  let checker: FeedChecker;
  let finished: number;
  let listed: { sports: Set<number>; count: number; live: number };

  beforeAll(() => {
    const sim = createSimulator({ seed: 42, startTime: START, calendar: 2 });
    const snapshot = sim.snapshot();
    listed = {
      sports: new Set(snapshot.events.map((e) => e.fixture.sportId)),
      count: snapshot.events.length,
      live: snapshot.events.filter((e) => e.status.status === 'live').length,
    };
    checker = new FeedChecker(snapshot, resolveMargins(undefined));
    for (let t = START; t < START + HALF_DAY; t += 60_000) {
      for (const message of sim.advance(t + 60_000)) checker.observe(message);
    }
    finished = checker.finish(START + HALF_DAY).finishedEvents;
  });

  it('lists a few hundred events across every sport, some already live', () => {
    expect(listed.count).toBeGreaterThan(250);
    expect(listed.sports).toEqual(new Set(Object.values(SportIds)));
    expect(listed.live).toBeGreaterThanOrEqual(3);
  });

  it('keeps every promise: prices, sequences, scores, periods, settlements', () => {
    expect(checker.problems).toEqual([]);
  });

  it('prices markets of every sport before and during play', () => {
    expect(checker.pricedPreMatch).toEqual(new Set(Object.values(SportIds)));
    for (const sport of [1, 2, 3, 4, 5, 20, 23, 31]) expect(checker.pricedInPlay).toContain(sport);
  });

  it('suspends betting around dangerous moments and lifts it again', () => {
    expect(checker.stops).toBeGreaterThan(150);
    expect(checker.lifts).toBeGreaterThan(checker.stops * 0.8);
  });

  it('settles every market of every finished match, consistently with its result', () => {
    expect(finished).toBeGreaterThan(250);
    expect(checker.settlementsChecked).toBeGreaterThan(1500);
  });

  it('keeps virtual events starting', () => {
    for (const sport of [
      SportIds.VirtualFootball,
      SportIds.VirtualBasketball,
      SportIds.VirtualRacing,
    ]) {
      const starts = checker.starts.get(sport) ?? [];
      expect(starts.length).toBeGreaterThan(100);
      const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5 * 60_000);
    }
  });

  it('says it is alive every five seconds', () => {
    expect(checker.counts.get('alive')).toBe(HALF_DAY / 5000);
  });
});
