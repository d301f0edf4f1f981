import { beforeAll, describe, expect, it } from 'vitest';
import type { Fixture, League } from './messages';
import { createSimulator } from './simulator';
import { digestByHour } from './testing/digest';

const START = Date.UTC(2025, 9, 3, 6, 45);
const HOUR = 3_600_000;
const options = { seed: 'same', startTime: START, density: 0.2, calendar: 2 };

describe('a seeded world', () => {
  let digests: string[];
  let fixtures: Fixture[];
  let leagues: League[];

  beforeAll(() => {
    const sim = createSimulator(options);
    fixtures = sim.fixtures();
    leagues = sim.leagues();
    digests = digestByHour(sim, START + 24 * HOUR, 60_000);
  });

  it('replays the same world and feed over a day from the same seed, however time is sliced', () => {
    const again = createSimulator(options);
    expect(again.leagues()).toEqual(leagues);
    expect(again.fixtures()).toEqual(fixtures);
    expect(digests).toHaveLength(24);
    expect(digestByHour(again, START + 24 * HOUR, 37_000)).toEqual(digests);
  });

  it('gives other teams and another feed for another seed', () => {
    const other = createSimulator({ ...options, seed: 'other' });
    expect(other.fixtures().map((f) => f.name)).not.toEqual(fixtures.map((f) => f.name));
    expect(digestByHour(other, START + HOUR, 60_000)[0]).not.toEqual(digests[0]);
  });

  it('gives every listed event its own id', () => {
    expect(new Set(fixtures.map((f) => f.eventId)).size).toBe(fixtures.length);
    const teams = leagues.length;
    expect(teams).toBeGreaterThan(30);
  });
});
