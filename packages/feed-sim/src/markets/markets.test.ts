import { describe, expect, it } from 'vitest';
import { difference, pointMass, poisson } from '../models/dist';
import { defaultHoopsParams, finalWithOvertime } from '../models/hoops';
import { expandSet } from '../models/sets';
import { tennisSetFinishes } from '../models/tennis';
import { type GoalDists, goalPlays, goalView } from './goals';
import { handicapOutcomes, threeWayOutcomes, totalOutcomes, winnerOutcomes } from './kinds';
import { handicapLines, totalLines } from './lines';
import { lineMass, winWeight } from './mass';
import {
  distributeMargin,
  marketMargin,
  marketWinners,
  priceOutcomes,
  resolveMargins,
} from './pricing';
import { buildMarkets, toSettledOutcomes } from './spec';

const names = { home: 'Home', away: 'Away' };
const impliedSum = (odds: readonly number[]) => odds.reduce((s, o) => s + 10_000 / o, 0);

function football(home: number, away: number): GoalDists {
  return {
    full: goalView(poisson(home), poisson(away)),
    first: goalView(poisson(home * 0.45), poisson(away * 0.45)),
    corners: goalView(poisson(5), poisson(4.5)),
    tieHomeShare: 0.5,
    halves: {
      first: difference(poisson(home * 0.45), poisson(away * 0.45)),
      rest: difference(poisson(home * 0.55), poisson(away * 0.55)),
    },
    goalOrder: [],
    toCome: null,
    cards: poisson(3.8),
  };
}

/** Fair price of the home side of an Asian line. */
function homeFair(margin: ReturnType<typeof difference>, hcp: number) {
  const [home, away] = handicapOutcomes(margin, hcp, names).map((o) => winWeight(o.mass)) as [
    number,
    number,
  ];
  return (home + away) / home;
}

describe('margin and prices', () => {
  it('makes implied probabilities sum to one plus the margin', () => {
    for (const fair of [
      [0.5, 0.5],
      [0.45, 0.27, 0.28],
      [0.7, 0.2, 0.06, 0.03, 0.01],
    ]) {
      const implied = distributeMargin(fair, 0.06);
      expect(implied.reduce((a, b) => a + b, 0)).toBeCloseTo(1.06, 10);
    }
  });

  it('keeps prices between 1.01 and the cap and still meets the margin', () => {
    const priced = priceOutcomes(
      [
        { id: 'a', name: 'a', mass: { win: 0.9995, halfWin: 0, push: 0, halfLose: 0 } },
        { id: 'b', name: 'b', mass: { win: 0.0005, halfWin: 0, push: 0, halfLose: 0 } },
      ],
      0.05,
    );
    const odds = priced.outcomes.map((o) => o.odds);
    expect(Math.min(...odds)).toBeGreaterThanOrEqual(10_100);
    expect(impliedSum(odds)).toBeCloseTo(1.05, 2);
    expect(priced.tooShort).toBe(true);
  });

  it('loads the margin onto long shots', () => {
    const [favourite, outsider] = distributeMargin([0.8, 0.2], 0.05) as [number, number];
    expect(favourite / 0.8).toBeLessThan(outsider / 0.2);
  });

  it('prices every football market to 1 + margin with no price below 1.01', () => {
    const margins = resolveMargins(undefined);
    for (const [h, a] of [
      [1.4, 1.1],
      [2.9, 0.4],
      [0.6, 2.2],
    ] as const) {
      for (const spec of buildMarkets(goalPlays({ hockey: false }), football(h, a), names)) {
        const margin = marketMargin(margins, 1, spec.playId, spec.outcomes.length);
        const winners = marketWinners(1, spec.playId);
        const priced = priceOutcomes(spec.outcomes, margin, winners);
        if (priced.decided) continue;
        const active = priced.outcomes.filter((o) => o.active).map((o) => o.odds);
        expect(Math.min(...active)).toBeGreaterThanOrEqual(10_100);
        expect(Math.abs(impliedSum(active) - winners * (1 + margin))).toBeLessThan(0.016);
      }
    }
  });
});

describe('football model', () => {
  it('favours the stronger team', () => {
    const [home, , away] = threeWayOutcomes(football(2, 0.9).full.margin, names);
    expect(home?.mass.win).toBeGreaterThan(away?.mass.win ?? 1);
    const weaker = threeWayOutcomes(football(0.8, 1.7).full.margin, names);
    expect(weaker[2]?.mass.win).toBeGreaterThan(weaker[0]?.mass.win ?? 1);
  });

  it('puts the main over/under line near even money', () => {
    for (const [h, a] of [
      [1.3, 1.1],
      [2.5, 1.6],
      [0.7, 0.5],
    ] as const) {
      const total = football(h, a).full.total;
      const lines = totalLines(total, 'quarter', 2);
      const main = lines[2] as number;
      const [over, under] = totalOutcomes(total, main).map((o) => winWeight(o.mass)) as [
        number,
        number,
      ];
      expect(Math.abs(over / (over + under) - 0.5)).toBeLessThan(0.08);
    }
  });

  it('prices Asian quarter lines between their neighbours', () => {
    const margin = football(1.8, 0.9).full.margin;
    const lines = handicapLines(margin, 'quarter', 2);
    for (let hcp = -2; hcp <= 1.5; hcp += 0.5) {
      const quarter = homeFair(margin, hcp + 0.25);
      expect(quarter).toBeGreaterThan(homeFair(margin, hcp + 0.5));
      expect(quarter).toBeLessThan(homeFair(margin, hcp));
    }
    expect(lines).toHaveLength(5);
    expect(lines.every((line, i) => i === 0 || line - (lines[i - 1] as number) === 0.25)).toBe(
      true,
    );
  });

  it('settles quarter lines as half wins and half losses', () => {
    const draw = difference(pointMass(1), pointMass(1));
    const byOne = difference(pointMass(2), pointMass(1));
    const settle = (d: typeof draw, hcp: number) =>
      toSettledOutcomes(handicapOutcomes(d, hcp, names));
    expect(settle(draw, -0.25)).toEqual([
      { id: 'home', result: 0, voidFactor: 0.5 },
      { id: 'away', result: 1, voidFactor: 0.5 },
    ]);
    expect(settle(byOne, -0.75)[0]).toEqual({ id: 'home', result: 1, voidFactor: 0.5 });
    expect(settle(byOne, -1)[0]).toEqual({ id: 'home', result: 0, voidFactor: 1 });
    expect(settle(byOne, -0.5)[0]).toEqual({ id: 'home', result: 1, voidFactor: 0 });
    expect(lineMass(pointMass(2), -2.25)).toEqual({ win: 0, halfWin: 0, push: 0, halfLose: 1 });
  });

  it('gives dead heats a factor', () => {
    const settled = toSettledOutcomes([
      { id: 'a', name: 'a', mass: { win: 0.5, halfWin: 0, push: 0, halfLose: 0 } },
      { id: 'b', name: 'b', mass: { win: 0, halfWin: 0, push: 0, halfLose: 0 } },
    ]);
    expect(settled[0]).toEqual({ id: 'a', result: 1, voidFactor: 0, deadHeatFactor: 0.5 });
  });
});

describe('other sports', () => {
  it('favours the stronger basketball team and centres the total', () => {
    const params = defaultHoopsParams(112 / 48, 104 / 48);
    const final = finalWithOvertime(params, 0, 0, 48);
    const [home, away] = winnerOutcomes(final.margin, names).map((o) => o.mass.win) as [
      number,
      number,
    ];
    expect(home).toBeGreaterThan(0.65);
    expect(home + away).toBeCloseTo(1, 9);
    const main = totalLines(final.total, 'half', 2)[2] as number;
    expect(Math.abs(main - 216)).toBeLessThan(2);
  });

  it('favours the stronger player over a best-of-three match', () => {
    const finishes = tennisSetFinishes(0.67, 0.61, 0, 0, true);
    const rest = expandSet(0, 0, finishes, 3, (h, a) =>
      expandSet(h, a, tennisSetFinishes(0.67, 0.61, 0, 0, true), 3, (h2, a2) =>
        expandSet(h2, a2, tennisSetFinishes(0.67, 0.61, 0, 0, true), 3, () => {
          throw new Error('a best of three ends within three sets');
        }),
      ),
    );
    const homeWins = (rest.scores.get('2:0') ?? 0) + (rest.scores.get('2:1') ?? 0);
    expect(homeWins).toBeGreaterThan(0.7);
    expect([...rest.scores.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });
});
