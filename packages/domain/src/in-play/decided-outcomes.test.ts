import { describe, expect, it } from 'vitest';
import { isOutcomeDecided, type MatchSituation } from './decided-outcomes';

const football = (over: Partial<MatchSituation> = {}): MatchSituation => ({
  sportId: 1,
  liveOdds: true,
  periods: 2,
  status: 'live',
  period: 2,
  inBreak: false,
  homeScore: 0,
  awayScore: 0,
  periodScores: [],
  ...over,
});

/** A football match in its second half with these goals per half. */
const scored = (first: [number, number], second: [number, number]) =>
  football({
    homeScore: first[0] + second[0],
    awayScore: first[1] + second[1],
    periodScores: [
      { home: first[0], away: first[1] },
      { home: second[0], away: second[1] },
    ],
  });

const decided = (
  situation: MatchSituation,
  playId: number,
  specifiers: string,
  outcomeId: string,
) => isOutcomeDecided(situation, { playId, specifiers, outcomeId });

describe('decided outcomes', () => {
  it('decides nothing before the start and everything once the match is over', () => {
    expect(decided(football({ status: 'not_started', period: 0 }), 2, 'total=2.5', 'over')).toBe(
      false,
    );
    expect(decided(football({ status: 'ended' }), 3, '', 'home')).toBe(true);
  });

  it('closes every outcome of an event without live odds once it has started', () => {
    const virtual = football({ sportId: 10000001, liveOdds: false });
    expect(decided(virtual, 3, '', 'home')).toBe(true);
    expect(decided({ ...virtual, status: 'not_started' }, 3, '', 'home')).toBe(false);
    const race = football({ sportId: 10000005, liveOdds: false });
    expect(decided(race, 3, '', '17')).toBe(true);
  });

  it('decides totals on goals already in: half, whole and quarter lines', () => {
    const threeGoals = scored([1, 0], [0, 2]);
    expect(decided(threeGoals, 18, 'total=2.5', 'over')).toBe(true);
    expect(decided(threeGoals, 18, 'total=2.5', 'under')).toBe(true);
    expect(decided(threeGoals, 18, 'total=3.5', 'over')).toBe(false);
    expect(decided(threeGoals, 18, 'total=3.5', 'under')).toBe(false);
    // Over 3 can only push or win now; under 3 only push or lose.
    expect(decided(threeGoals, 2, 'total=3', 'over')).toBe(true);
    expect(decided(threeGoals, 2, 'total=3', 'under')).toBe(true);
    // Over 2.75 at three goals: a half win at worst. Over 3.25: a half loss still possible.
    expect(decided(threeGoals, 2, 'total=2.75', 'over')).toBe(true);
    expect(decided(threeGoals, 2, 'total=3.25', 'over')).toBe(false);
    expect(decided(threeGoals, 2, 'total=3.25', 'under')).toBe(false);
  });

  it('never decides a handicap, a result or odd/even while both sides can still score', () => {
    const rout = scored([3, 0], [2, 0]);
    for (const [playId, specifiers, outcomeId] of [
      [1, 'hcp=-4.5', 'home'],
      [3, '', 'away'],
      [6, '', 'odd'],
      [10, '', 'home_3+'],
      [21, '', 'draw_away'],
      [22, '', 'away'],
    ] as const)
      expect(decided(rout, playId, specifiers, outcomeId)).toBe(false);
  });

  it('drops correct scores and exact goals the score has passed', () => {
    const oneAll = scored([1, 0], [0, 1]);
    expect(decided(oneAll, 8, '', '0:0')).toBe(true);
    expect(decided(oneAll, 8, '', '1:0')).toBe(true);
    expect(decided(oneAll, 8, '', '1:1')).toBe(false);
    expect(decided(oneAll, 8, '', 'other')).toBe(false);
    expect(decided(scored([5, 0], [0, 0]), 8, '', 'other')).toBe(true);
    expect(decided(oneAll, 9, '', '0')).toBe(true);
    expect(decided(oneAll, 9, '', '2')).toBe(false);
    expect(decided(scored([4, 2], [0, 0]), 9, '', '6+')).toBe(true);
  });

  it('closes first-half markets with the half, and half-time/full-time outcomes it ruled out', () => {
    const halfTime = football({
      period: 1,
      inBreak: true,
      homeScore: 1,
      periodScores: [{ home: 1, away: 0 }],
    });
    expect(decided(halfTime, 11, '', 'draw')).toBe(true);
    expect(decided(halfTime, 5, 'total=0.5', 'under')).toBe(true);
    expect(decided(halfTime, 25, '', 'draw/draw')).toBe(true);
    expect(decided(halfTime, 25, '', 'home/away')).toBe(false);
    expect(decided(halfTime, 3, '', 'draw')).toBe(false);
  });

  it('decides both teams to score, team totals, corners, cards and a goal already scored', () => {
    const both = scored([1, 1], [0, 0]);
    expect(decided(both, 20, '', 'yes')).toBe(true);
    expect(decided(both, 20, '', 'no')).toBe(true);
    expect(decided(scored([1, 0], [0, 0]), 20, '', 'yes')).toBe(false);
    expect(decided(both, 23, 'total=0.5', 'over')).toBe(true);
    expect(decided(both, 24, 'total=1.5', 'over')).toBe(false);
    expect(decided(both, 26, 'goalnr=2', 'home')).toBe(true);
    expect(decided(both, 26, 'goalnr=3', 'none')).toBe(false);
    const corners = football({ corners: { home: 6, away: 4 } });
    expect(decided(corners, 7, 'total=9.5', 'under')).toBe(true);
    expect(decided(football({ cards: 5 }), 27, 'total=4.5', 'over')).toBe(true);
    expect(decided(football({ cards: 4 }), 27, 'total=4.5', 'over')).toBe(false);
  });

  it('closes ice hockey regulation markets in overtime but not the winner after it', () => {
    const overtime = football({
      sportId: 5,
      periods: 3,
      period: 4,
      homeScore: 2,
      awayScore: 2,
      periodScores: [
        { home: 1, away: 1 },
        { home: 1, away: 0 },
        { home: 0, away: 1 },
        { home: 0, away: 0 },
      ],
    });
    expect(decided(overtime, 3, '', 'draw')).toBe(true);
    expect(decided(overtime, 18, 'total=4.5', 'over')).toBe(true);
    expect(decided(overtime, 7, '', 'home')).toBe(false);
    expect(decided(overtime, 30, 'hcp=-1.5', 'home')).toBe(false);
  });

  it('decides basketball totals on points scored and quarters once they end', () => {
    const third = football({
      sportId: 2,
      periods: 4,
      period: 3,
      homeScore: 80,
      awayScore: 70,
      periodScores: [
        { home: 30, away: 25 },
        { home: 28, away: 27 },
        { home: 22, away: 18 },
      ],
    });
    expect(decided(third, 2, 'total=149.5', 'over')).toBe(true);
    expect(decided(third, 2, 'total=150.5', 'under')).toBe(false);
    expect(decided(third, 44, 'total=79.5', 'under')).toBe(true);
    expect(decided(third, 5, 'total=120.5', 'over')).toBe(true);
    expect(decided(third, 41, 'quarternr=2|total=50.5', 'over')).toBe(true);
    expect(decided(third, 41, 'quarternr=3|total=39.5', 'over')).toBe(true);
    expect(decided(third, 41, 'quarternr=3|total=40.5', 'over')).toBe(false);
    expect(decided(third, 40, 'quarternr=4|hcp=-1.5', 'home')).toBe(false);
    expect(decided(third, 43, 'total=39.5', 'over')).toBe(true);
    expect(decided(third, 1, 'hcp=-30.5', 'home')).toBe(false);
  });

  it('decides set scores, set handicaps, games and maps that the sets won rule out', () => {
    const setAll = football({
      sportId: 3,
      periods: 3,
      bestOf: 3,
      period: 3,
      homeScore: 1,
      awayScore: 1,
      periodScores: [
        { home: 6, away: 4 },
        { home: 3, away: 6 },
        { home: 2, away: 1 },
      ],
    });
    expect(decided(setAll, 8, '', '2:0')).toBe(true);
    expect(decided(setAll, 8, '', '2:1')).toBe(false);
    expect(decided(setAll, 9, '', '2')).toBe(true);
    // Only 2-1 and 1-2 remain: home -1.5 sets can no longer win, away +1.5 no longer lose.
    expect(decided(setAll, 16, 'hcp=-1.5', 'home')).toBe(true);
    expect(decided(setAll, 16, 'hcp=1.5', 'away')).toBe(true);
    expect(decided(setAll, 2, 'total=21.5', 'over')).toBe(true);
    expect(decided(setAll, 2, 'total=22.5', 'over')).toBe(false);
    expect(decided(setAll, 46, 'setnr=3|gamenr=3', 'home')).toBe(true);
    expect(decided(setAll, 46, 'setnr=3|gamenr=4', 'home')).toBe(false);
    expect(decided(setAll, 11, '', 'home')).toBe(true);
    const maps = { ...setAll, sportId: 31, periodScores: setAll.periodScores.slice(0, 2) };
    expect(decided(maps, 48, 'mapnr=2', 'home')).toBe(true);
    expect(
      decided(
        { ...maps, period: 3, periodScores: [...maps.periodScores, { home: 8, away: 7 }] },
        50,
        'mapnr=3|total=14.5',
        'over',
      ),
    ).toBe(true);
    expect(decided({ ...maps, inBreak: true, period: 2 }, 48, 'mapnr=3', 'away')).toBe(false);
  });
});
