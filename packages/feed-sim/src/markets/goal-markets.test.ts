import { describe, expect, it } from 'vitest';
import type { MarketRef } from '../messages';
import { at, type Dist, difference, massWhere, pointMass, poisson } from '../models/dist';
import { type GoalDists, goalPlays, goalView } from './goals';
import { threeWayOutcomes } from './kinds';
import { winWeight } from './mass';
import { marketMargin, marketWinners, priceOutcomes, resolveMargins } from './pricing';
import { buildMarkets, type MarketSpec, settleMarket, toSettledOutcomes } from './spec';

const names = { home: 'Home', away: 'Away' };
const football = goalPlays({ hockey: false });
const hockey = goalPlays({ hockey: true });

/** A football match before kick-off (or, with `toCome`, in play at 0-0) at these expectations. */
function before(home: number, away: number, toCome: GoalDists['toCome'] = null): GoalDists {
  const [firstHome, firstAway] = [poisson(home * 0.45), poisson(away * 0.45)];
  return {
    full: goalView(poisson(home), poisson(away)),
    first: goalView(firstHome, firstAway),
    corners: goalView(poisson(5), poisson(4.5)),
    tieHomeShare: 0.55,
    halves: {
      first: difference(firstHome, firstAway),
      rest: difference(poisson(home * 0.55), poisson(away * 0.55)),
    },
    goalOrder: [],
    toCome,
    cards: poisson(3.8),
  };
}

/** A finished match: every count where it ended. */
function ended(
  score: [number, number],
  half: [number, number],
  scorers: ('home' | 'away')[],
  cards = 3,
  tieHomeShare = 0,
): GoalDists {
  return {
    full: goalView(pointMass(score[0]), pointMass(score[1])),
    first: goalView(pointMass(half[0]), pointMass(half[1])),
    corners: goalView(pointMass(6), pointMass(2)),
    tieHomeShare,
    halves: {
      first: pointMass(half[0] - half[1]),
      rest: pointMass(score[0] - half[0] - (score[1] - half[1])),
    },
    goalOrder: scorers,
    toCome: { home: 0, away: 0 },
    cards: pointMass(cards),
  };
}

const fair = (spec: MarketSpec) => {
  const weights = spec.outcomes.map((o) => winWeight(o.mass));
  return Object.fromEntries(spec.outcomes.map((o, i) => [o.id, weights[i] ?? 0]));
};
const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
const marketOf = (specs: MarketSpec[], playId: number, specifiers = '') => {
  const spec = specs.find((s) => s.playId === playId && s.specifiers === specifiers);
  if (!spec) throw new Error(`no market ${playId} ${specifiers}`);
  return spec;
};
const settle = (dists: GoalDists, playId: number, specifiers = '', plays = football) => {
  const ref: MarketRef = { playId, specifiers };
  const outcomes = settleMarket(plays, dists, ref, names);
  return outcomes ? toSettledOutcomes(outcomes) : null;
};
const winners = (settled: ReturnType<typeof settle>) =>
  (settled ?? []).filter((o) => o.result === 1 && o.voidFactor === 0).map((o) => o.id);

describe('football markets beyond the Asian lines', () => {
  const dists = before(1.7, 1.05);
  const specs = buildMarkets(football, dists, names);
  const [home, draw, away] = threeWayOutcomes(dists.full.margin, names).map((o) => o.mass.win) as [
    number,
    number,
    number,
  ];

  it('offers each new play before kick-off, the next goal only in play', () => {
    const plays = new Set(specs.map((s) => s.playId));
    for (const playId of [20, 21, 22, 23, 24, 25, 27]) expect(plays.has(playId)).toBe(true);
    expect(plays.has(26)).toBe(false);
    expect(plays.has(30)).toBe(false);
    const live = buildMarkets(football, before(1.7, 1.05, { home: 1.2, away: 0.7 }), names);
    expect(live.filter((s) => s.playId === 26).map((s) => s.specifiers)).toEqual(['goalnr=1']);
  });

  it('prices both teams to score from the two sides’ goals', () => {
    const both = fair(marketOf(specs, 20));
    expect(both.yes).toBeCloseTo((1 - Math.exp(-1.7)) * (1 - Math.exp(-1.05)), 6);
    expect(sum(both)).toBeCloseTo(1, 9);
  });

  it('prices double chance as the 1X2 taken two at a time, each with a 1X2 margin', () => {
    const spec = marketOf(specs, 21);
    const chance = fair(spec);
    expect(chance.home_draw).toBeCloseTo(home + draw, 9);
    expect(chance.home_away).toBeCloseTo(1 - draw, 9);
    expect(chance.draw_away).toBeCloseTo(draw + away, 9);
    expect(sum(chance)).toBeCloseTo(2, 9);
    const margin = marketMargin(resolveMargins(undefined), 1, 21, 3);
    const priced = priceOutcomes(spec.outcomes, margin, marketWinners(1, 21));
    const implied = priced.outcomes.reduce((s, o) => s + 10_000 / o.odds, 0);
    expect(implied).toBeCloseTo(2 * (1 + margin), 1);
    // Shorter than the fair price of what it covers, never below the floor.
    const [homeOrDraw] = priced.outcomes;
    expect(homeOrDraw?.odds).toBeLessThan(10_000 / (home + draw));
    expect(homeOrDraw?.odds).toBeGreaterThanOrEqual(10_100);
  });

  it('prices draw no bet as the 1X2 without the draw', () => {
    const spec = marketOf(specs, 22);
    expect(spec.outcomes.map((o) => o.mass.push)).toEqual([draw, draw]);
    const noDraw = fair(spec);
    expect((noDraw.home ?? 0) / sum(noDraw)).toBeCloseTo(home / (home + away), 9);
  });

  it('prices team totals around each side’s own goals, agreeing with the match total', () => {
    const homeLines = specs.filter((s) => s.playId === 23).map((s) => s.specifiers);
    const awayLines = specs.filter((s) => s.playId === 24).map((s) => s.specifiers);
    expect(homeLines).toEqual(['total=0.5', 'total=1.5', 'total=2.5']);
    // Lines never go below a half: the weaker side's start at its main line.
    expect(awayLines).toEqual(['total=0.5', 'total=1.5']);
    const homeOver = fair(marketOf(specs, 23, 'total=1.5')).over;
    expect(homeOver).toBeCloseTo(1 - Math.exp(-1.7) * 2.7, 6);
    // Neither side scoring is the match's 0-0, priced by the total goals market too.
    const awayUnder = fair(marketOf(specs, 24, 'total=0.5')).under ?? 0;
    const homeUnder = fair(marketOf(specs, 23, 'total=0.5')).under ?? 0;
    expect(homeUnder * awayUnder).toBeCloseTo(at(dists.full.total, 0), 9);
  });

  it('prices half-time/full-time whose margins are the two 1X2s', () => {
    const spec = marketOf(specs, 25);
    expect(spec.outcomes.map((o) => o.id)).toEqual([
      'home/home',
      'home/draw',
      'home/away',
      'draw/home',
      'draw/draw',
      'draw/away',
      'away/home',
      'away/draw',
      'away/away',
    ]);
    const joint = fair(spec);
    expect(sum(joint)).toBeCloseTo(1, 9);
    const fullTime = (side: string) =>
      Object.entries(joint)
        .filter(([id]) => id.endsWith(`/${side}`))
        .reduce((s, [, p]) => s + p, 0);
    expect(fullTime('home')).toBeCloseTo(home, 9);
    expect(fullTime('draw')).toBeCloseTo(draw, 9);
    const halfTime = (side: string) =>
      Object.entries(joint)
        .filter(([id]) => id.startsWith(`${side}/`))
        .reduce((s, [, p]) => s + p, 0);
    expect(halfTime('draw')).toBeCloseTo(at(dists.halves.first, 0), 9);
  });

  it('prices the next goal from the goals still to come', () => {
    const live = buildMarkets(football, before(1.7, 1.05, { home: 1.2, away: 0.6 }), names);
    const next = fair(marketOf(live, 26, 'goalnr=1'));
    expect(next.none).toBeCloseTo(Math.exp(-1.8), 9);
    expect(next.home).toBeCloseTo((1 - Math.exp(-1.8)) * (2 / 3), 9);
    expect(sum(next)).toBeCloseTo(1, 9);
  });

  it('prices total cards around the expected count', () => {
    const lines = specs.filter((s) => s.playId === 27).map((s) => s.specifiers);
    expect(lines).toEqual(['total=2.5', 'total=3.5', 'total=4.5']);
    const main = fair(marketOf(specs, 27, 'total=3.5'));
    expect(main.over).toBeCloseTo(
      massWhere(poisson(3.8), (n) => n >= 4),
      9,
    );
    expect(sum(main)).toBeCloseTo(1, 9);
  });

  it('keeps every new market to 1 + margin (double chance 2 × (1 + margin))', () => {
    const margins = resolveMargins(undefined);
    const live = buildMarkets(football, before(0.6, 2.4, { home: 0.3, away: 1.1 }), names);
    for (const spec of [...specs, ...live].filter((s) => s.playId >= 20)) {
      const margin = marketMargin(margins, 1, spec.playId, spec.outcomes.length);
      const count = marketWinners(1, spec.playId);
      const priced = priceOutcomes(spec.outcomes, margin, count);
      const active = priced.outcomes.filter((o) => o.active);
      const implied = active.reduce((s, o) => s + 10_000 / o.odds, 0);
      expect(Math.abs(implied - count * (1 + margin))).toBeLessThan(0.016);
    }
  });
});

describe('settling the new football markets', () => {
  it('settles a 1-1 draw: draw no bet void, both scored, 1X and X2 won', () => {
    const draw = ended([1, 1], [1, 0], ['home', 'away']);
    expect(settle(draw, 22)).toEqual([
      { id: 'home', result: 0, voidFactor: 1 },
      { id: 'away', result: 0, voidFactor: 1 },
    ]);
    expect(winners(settle(draw, 20))).toEqual(['yes']);
    expect(winners(settle(draw, 21))).toEqual(['home_draw', 'draw_away']);
    expect(winners(settle(draw, 25))).toEqual(['home/draw']);
    expect(winners(settle(draw, 26, 'goalnr=1'))).toEqual(['home']);
    expect(winners(settle(draw, 26, 'goalnr=2'))).toEqual(['away']);
    expect(winners(settle(draw, 26, 'goalnr=3'))).toEqual(['none']);
  });

  it('settles a 0-2 win: draw no bet to the away side, team totals by their own goals', () => {
    const away = ended([0, 2], [0, 0], ['away', 'away'], 4);
    expect(winners(settle(away, 22))).toEqual(['away']);
    expect(winners(settle(away, 20))).toEqual(['no']);
    expect(winners(settle(away, 21))).toEqual(['home_away', 'draw_away']);
    expect(winners(settle(away, 25))).toEqual(['draw/away']);
    expect(winners(settle(away, 23, 'total=0.5'))).toEqual(['under']);
    expect(winners(settle(away, 24, 'total=1.5'))).toEqual(['over']);
    expect(winners(settle(away, 27, 'total=3.5'))).toEqual(['over']);
  });

  it('settles quarter and whole lines of team totals and cards as the other totals do', () => {
    const game = ended([2, 1], [1, 1], ['home', 'away', 'home'], 4);
    expect(settle(game, 23, 'total=2.25')).toEqual([
      { id: 'over', result: 0, voidFactor: 0.5 },
      { id: 'under', result: 1, voidFactor: 0.5 },
    ]);
    expect(settle(game, 27, 'total=4')).toEqual([
      { id: 'over', result: 0, voidFactor: 1 },
      { id: 'under', result: 0, voidFactor: 1 },
    ]);
    expect(winners(settle(game, 25))).toEqual(['draw/home']);
  });

  it('settles a next goal as soon as it is scored, and the one not scored only at the end', () => {
    const playing: GoalDists = { ...ended([1, 0], [1, 0], ['home']), toCome: null };
    expect(winners(settle(playing, 26, 'goalnr=1'))).toEqual(['home']);
    expect(settle(playing, 26, 'goalnr=2')).toBeNull();
  });
});

describe('ice hockey puck line', () => {
  function regulation(home: number, away: number): GoalDists {
    return { ...before(home, away), corners: null, cards: null };
  }

  it('gives a goal and a half to the underdog on the score with overtime', () => {
    const dists = regulation(3.4, 2.6);
    const specs = buildMarkets(hockey, dists, names);
    const puck = specs.filter((s) => s.playId === 30);
    expect(puck.map((s) => s.specifiers)).toEqual(['hcp=-1.5']);
    expect(specs.some((s) => s.playId >= 20 && s.playId <= 29)).toBe(false);
    const chances = fair(puck[0] as MarketSpec);
    const margin: Dist = dists.full.margin;
    expect(chances.home).toBeCloseTo(
      massWhere(margin, (v) => v >= 2),
      9,
    );
    expect(sum(chances)).toBeCloseTo(1, 9);
    const underdog = buildMarkets(hockey, regulation(2.4, 3.3), names);
    expect(underdog.filter((s) => s.playId === 30).map((s) => s.specifiers)).toEqual(['hcp=1.5']);
  });

  it('settles on the final score, the overtime or shoot-out winner credited one goal', () => {
    const overtimeHome = ended([3, 3], [1, 1], [], 0, 1);
    expect(winners(settle(overtimeHome, 30, 'hcp=-1.5', hockey))).toEqual(['away']);
    expect(winners(settle(overtimeHome, 30, 'hcp=1.5', hockey))).toEqual(['home']);
    const overtimeAway = ended([2, 2], [0, 1], [], 0, 0);
    expect(winners(settle(overtimeAway, 30, 'hcp=1.5', hockey))).toEqual(['home']);
    expect(winners(settle(overtimeAway, 30, 'hcp=-1.5', hockey))).toEqual(['away']);
    const byTwo = ended([4, 2], [1, 1], [], 0, 0);
    expect(winners(settle(byTwo, 30, 'hcp=-1.5', hockey))).toEqual(['home']);
  });
});
