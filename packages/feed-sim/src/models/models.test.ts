import { describe, expect, it } from 'vitest';
import { createRng } from '../prng';
import { at, convolve, difference, discreteNormal, mean, normalCdf, poisson } from './dist';
import { winProbabilities } from './plackett-luce';
import { rallySetFinishes } from './rally';
import { holdProbability, tennisSetFinishes, tiebreakProbability } from './tennis';

const total = (ps: readonly { p: number }[]) => ps.reduce((sum, f) => sum + f.p, 0);

describe('seeded random numbers', () => {
  it('replays a stream from the same key and differs for another', () => {
    const a = createRng(1, 'match', 7);
    const b = createRng(1, 'match', 7);
    const c = createRng(1, 'match', 8);
    const draws = (rng: typeof a) => Array.from({ length: 5 }, () => rng.next());
    const first = draws(a);
    expect(draws(b)).toEqual(first);
    expect(draws(c)).not.toEqual(first);
  });

  it('draws Poisson and normal variables with the right means', () => {
    const rng = createRng('moments');
    let poissonSum = 0;
    let normalSum = 0;
    for (let i = 0; i < 20_000; i++) {
      poissonSum += rng.poisson(1.7);
      normalSum += rng.normal(3, 2);
    }
    expect(poissonSum / 20_000).toBeCloseTo(1.7, 1);
    expect(normalSum / 20_000).toBeCloseTo(3, 1);
  });
});

describe('distributions', () => {
  it('computes Poisson and normal probabilities', () => {
    expect(at(poisson(2), 0)).toBeCloseTo(Math.exp(-2), 12);
    expect(mean(poisson(2.4))).toBeCloseTo(2.4, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    const normal = discreteNormal(10.3, 4);
    expect(mean(normal)).toBeCloseTo(10.3, 2);
  });

  it('adds and subtracts independent counts', () => {
    const sum = convolve(poisson(1.2), poisson(0.8));
    expect(mean(sum)).toBeCloseTo(2, 6);
    expect(at(sum, 3)).toBeCloseTo(at(poisson(2), 3), 6);
    const margin = difference(poisson(1.5), poisson(1));
    expect(mean(margin)).toBeCloseTo(0.5, 6);
  });
});

describe('tennis point model', () => {
  it('holds serve as the textbook formula says', () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 12);
    expect(holdProbability(0.6)).toBeCloseTo(0.7357, 4);
    expect(holdProbability(0.7)).toBeCloseTo(0.9008, 4);
  });

  it('is fair between equals and favours the better server', () => {
    expect(tiebreakProbability(0.6, 0.6)).toBeCloseTo(0.5, 2);
    expect(tiebreakProbability(0.68, 0.6)).toBeGreaterThan(0.6);
    const set = tennisSetFinishes(0.64, 0.64, 0, 0, true);
    expect(total(set)).toBeCloseTo(1, 12);
    const homeWins = set.filter((f) => f.home > f.away).reduce((s, f) => s + f.p, 0);
    expect(homeWins).toBeCloseTo(0.5, 1);
    const stronger = tennisSetFinishes(0.68, 0.6, 0, 0, true);
    expect(stronger.filter((f) => f.home > f.away).reduce((s, f) => s + f.p, 0)).toBeGreaterThan(
      0.65,
    );
    for (const f of set) expect([6, 7]).toContain(Math.max(f.home, f.away));
  });
});

describe('rally-point sets', () => {
  it('finishes every set by the rules, with all the probability', () => {
    const volleyball = rallySetFinishes(0.5, 0, 0, { target: 25 });
    expect(total(volleyball)).toBeCloseTo(1, 9);
    for (const f of volleyball) {
      expect(Math.max(f.home, f.away)).toBeGreaterThanOrEqual(25);
      expect(Math.abs(f.home - f.away) >= 2).toBe(true);
    }
    const badminton = rallySetFinishes(0.55, 20, 20, { target: 21, cap: 30 });
    expect(total(badminton)).toBeCloseTo(1, 9);
    expect(badminton.every((f) => Math.max(f.home, f.away) <= 30)).toBe(true);
    expect(badminton.some((f) => f.home === 30 && f.away === 29)).toBe(true);
  });

  it('gives the leader and the stronger side the edge', () => {
    const even = rallySetFinishes(0.5, 0, 0, { target: 11 });
    expect(even.filter((f) => f.home > f.away).reduce((s, f) => s + f.p, 0)).toBeCloseTo(0.5, 9);
    const ahead = rallySetFinishes(0.5, 8, 3, { target: 11 });
    expect(ahead.filter((f) => f.home > f.away).reduce((s, f) => s + f.p, 0)).toBeGreaterThan(0.9);
  });
});

describe('Plackett-Luce', () => {
  it('turns weights into win chances', () => {
    const chances = winProbabilities(
      new Map([
        ['a', 3],
        ['b', 1],
      ]),
    );
    expect(chances.get('a')).toBeCloseTo(0.75, 12);
  });
});
