import { beforeAll, describe, expect, it } from 'vitest';
import { MarketBook } from '../book';
import type { EngineHost, SportEngine } from '../engine';
import { HoopsEngine } from '../in-play/hoops';
import { RallyEngine } from '../in-play/rally';
import type {
  BetSettlementMessage,
  EventSnapshot,
  FeedMessage,
  Market,
  MatchResult,
  SettledMarket,
  SportId,
} from '../messages';
import { SportIds } from '../messages';
import { pointMass } from '../models/dist';
import { defaultHoopsParams } from '../models/hoops';
import { createRng } from '../prng';
import { createSimulator, type Simulator } from '../simulator';
import { HoopsPlayIds, hoopsPlays } from './hoops';
import { DEFAULT_MARGINS, marketMargin } from './pricing';
import { type SetsDists, SetsPlayIds, setsPlays } from './sets';
import { lineFromSpecifiers, scopeNumber, settleMarket, toSettledOutcomes } from './spec';

const START = Date.UTC(2025, 6, 19, 9, 5);
const names = { home: 'Home', away: 'Away' };

/** One match of a sport played out from before its start to its last result. */
interface PlayedMatch {
  before: EventSnapshot;
  /** Every market of the match ever offered, by `playId|specifiers`, as first priced. */
  offered: Map<string, Market>;
  /** The new plays' markets seen open while a bet stop was on (there must be none). */
  openDuringStop: string[];
  stops: number;
  settled: Map<string, SettledMarket>;
  result: MatchResult;
  /** Markets of the new plays offered in play. */
  inPlay: Set<number>;
}

const key = (market: { playId: number; specifiers: string }) =>
  `${market.playId}|${market.specifiers}`;

/**
 * Plays the first match of a sport that kicks off after the start, watching its messages. After
 * every step that ends with the match's markets stopped, the book itself is read: not one market
 * of `plays` may be open then.
 */
function playOut(sim: Simulator, sportId: SportId, plays: readonly number[]): PlayedMatch {
  const before = sim
    .snapshot()
    .events.filter(
      (event) =>
        event.fixture.sportId === sportId &&
        event.status.status === 'not_started' &&
        event.fixture.liveOdds,
    )
    .sort((a, b) => a.fixture.startTime - b.fixture.startTime)[0];
  if (!before) throw new Error(`no match of sport ${sportId} ahead`);
  const eventId = before.fixture.eventId;
  const match: PlayedMatch = {
    before,
    offered: new Map(before.markets.map((market) => [key(market), market])),
    openDuringStop: [],
    stops: 0,
    settled: new Map(),
    result: { homeScore: 0, awayScore: 0, periodScores: [] },
    inPlay: new Set(),
  };
  let stopped = false;
  let closed = false;
  for (let t = sim.now(); !closed && t < START + 6 * 3_600_000; ) {
    t += 500;
    for (const message of sim.advance(t).filter((m: FeedMessage) => 'eventId' in m)) {
      if (!('eventId' in message) || message.eventId !== eventId) continue;
      if (message.type === 'bet_stop') {
        stopped = true;
        match.stops++;
      }
      if (message.type === 'odds_change') {
        stopped = false;
        for (const market of message.markets) {
          if (!match.offered.has(key(market))) match.offered.set(key(market), market);
          if (message.status.status === 'live' && market.status === 'active')
            match.inPlay.add(market.playId);
        }
      }
      if (message.type === 'bet_settlement') {
        settledIn(match, message);
        if (match.settled.size === match.offered.size) closed = true;
      }
    }
    if (stopped) {
      const now = sim.snapshot().events.find((event) => event.fixture.eventId === eventId);
      for (const market of now?.markets ?? [])
        if (plays.includes(market.playId) && market.status === 'active')
          match.openDuringStop.push(key(market));
    }
  }
  return match;
}

function settledIn(match: PlayedMatch, message: BetSettlementMessage) {
  for (const market of message.markets) match.settled.set(key(market), market);
  match.result = message.result;
}

/** The outcome ids that won outright, and those given back. */
function winners(market: SettledMarket | undefined): string[] {
  return (market?.outcomes ?? [])
    .filter((outcome) => outcome.result === 1 && outcome.voidFactor === 0)
    .map((outcome) => outcome.id);
}

const lineWinner = (value: number, line: number, sides: [string, string]) =>
  value + line > 0 ? sides[0] : sides[1];

function expectPricedFairly(markets: readonly Market[], sportId: SportId) {
  for (const market of markets) {
    const active = market.outcomes.filter((outcome) => outcome.active);
    const fair = active.reduce((sum, outcome) => sum + outcome.probability, 0);
    expect(fair, key(market)).toBeCloseTo(1, 4);
    const implied = active.reduce((sum, outcome) => sum + 10_000 / outcome.odds, 0);
    const margin = marketMargin(DEFAULT_MARGINS, sportId, market.playId, market.outcomes.length);
    expect(Math.abs(implied - 1 - margin), key(market)).toBeLessThan(0.008);
  }
}

const mainLine = (markets: readonly Market[], playId: number) => {
  const lines = markets.filter((market) => market.playId === playId);
  const gap = (market: Market) =>
    Math.abs((market.outcomes[0]?.probability ?? 0) - (market.outcomes[1]?.probability ?? 0));
  const main = [...lines].sort((a, b) => gap(a) - gap(b))[0];
  if (!main) throw new Error(`no play ${playId}`);
  return lineFromSpecifiers(main.specifiers);
};

describe('basketball: quarter, second-half and team lines', () => {
  let match: PlayedMatch;
  beforeAll(() => {
    const sim = createSimulator({
      seed: 'member-markets',
      startTime: START,
      speed: 60,
      density: 0.2,
    });
    match = playOut(sim, SportIds.Basketball, Object.values(HoopsPlayIds));
  }, 60_000);

  it('prices them from the game model, consistent with the game total', () => {
    const markets = match.before.markets;
    expectPricedFairly(
      markets.filter((market) => market.playId >= 40),
      SportIds.Basketball,
    );
    const quarters = markets
      .filter((market) => market.playId === HoopsPlayIds.QuarterTotal)
      .map((market) => scopeNumber(market.specifiers, 'quarternr'));
    expect(quarters).toEqual([1, 2, 3, 4]);
    const total = mainLine(markets, 2);
    // A quarter is a quarter of regulation; the second half and the sides share the total.
    expect(Math.abs(4 * mainLine(markets, HoopsPlayIds.QuarterTotal) - total)).toBeLessThan(6);
    expect(Math.abs(2 * mainLine(markets, HoopsPlayIds.SecondHalfTotal) - total)).toBeLessThan(4);
    const sides =
      mainLine(markets, HoopsPlayIds.HomeTotal) + mainLine(markets, HoopsPlayIds.AwayTotal);
    expect(Math.abs(sides - total)).toBeLessThan(3);
    for (const playId of Object.values(HoopsPlayIds)) expect(match.inPlay.has(playId)).toBe(true);
  });

  it('settles every quarter, the second half and team totals on the score', () => {
    const { result } = match;
    const quarterLines = [...match.settled.values()].filter(
      (market) => market.playId === HoopsPlayIds.QuarterHandicap,
    );
    expect(quarterLines.length).toBeGreaterThanOrEqual(4);
    for (const market of match.settled.values()) {
      const line = lineFromSpecifiers(market.specifiers);
      const quarter = result.periodScores[scopeNumber(market.specifiers, 'quarternr') - 1];
      const half = result.halftime ?? { home: 0, away: 0 };
      const second = {
        home: result.homeScore - half.home,
        away: result.awayScore - half.away,
      };
      const expected: Record<number, () => string> = {
        40: () => lineWinner((quarter?.home ?? 0) - (quarter?.away ?? 0), line, ['home', 'away']),
        41: () => lineWinner((quarter?.home ?? 0) + (quarter?.away ?? 0), -line, ['over', 'under']),
        42: () => lineWinner(second.home - second.away, line, ['home', 'away']),
        43: () => lineWinner(second.home + second.away, -line, ['over', 'under']),
        44: () => lineWinner(result.homeScore, -line, ['over', 'under']),
        45: () => lineWinner(result.awayScore, -line, ['over', 'under']),
      };
      const rule = expected[market.playId];
      if (rule) expect(winners(market), key(market)).toEqual([rule()]);
    }
    for (const market of match.offered.values())
      expect(match.settled.has(key(market)), key(market)).toBe(true);
  });
});

describe('tennis: the next game in play', () => {
  let match: PlayedMatch;
  beforeAll(() => {
    const sim = createSimulator({
      seed: 'member-markets',
      startTime: START,
      speed: 60,
      density: 0.2,
    });
    match = playOut(sim, SportIds.Tennis, [SetsPlayIds.NextGame]);
  }, 60_000);

  it('is offered only in play, priced for the game about to start', () => {
    expect(match.before.markets.some((market) => market.playId === SetsPlayIds.NextGame)).toBe(
      false,
    );
    const games = [...match.offered.values()].filter(
      (market) => market.playId === SetsPlayIds.NextGame,
    );
    expect(games.length).toBeGreaterThan(12);
    expectPricedFairly(games, SportIds.Tennis);
    expect(games[0]?.specifiers).toBe('setnr=1|gamenr=1');
  });

  it('is suspended with the rest on a break point', () => {
    expect(match.stops).toBeGreaterThan(0);
    expect(match.openDuringStop).toEqual([]);
  });

  it('settles each game on who won it, as the sets add up', () => {
    const homeGames = match.result.periodScores.map(() => 0);
    const played = match.result.periodScores.map(() => 0);
    for (const market of match.settled.values()) {
      if (market.playId !== SetsPlayIds.NextGame) continue;
      const set = scopeNumber(market.specifiers, 'setnr') - 1;
      const [winner] = winners(market);
      expect(winners(market)).toHaveLength(1);
      played[set] = (played[set] ?? 0) + 1;
      if (winner === 'home') homeGames[set] = (homeGames[set] ?? 0) + 1;
    }
    match.result.periodScores.forEach((set, i) => {
      expect(played[i]).toBe(set.home + set.away);
      expect(homeGames[i]).toBe(set.home);
    });
  });
});

describe('esports: each later map', () => {
  let match: PlayedMatch;
  const mapPlays = [SetsPlayIds.MapWinner, SetsPlayIds.MapHandicap, SetsPlayIds.MapTotal];
  beforeAll(() => {
    const sim = createSimulator({
      seed: 'member-markets',
      startTime: START,
      speed: 60,
      density: 0.2,
    });
    match = playOut(sim, SportIds.Esports, mapPlays);
  }, 60_000);

  it('prices maps 2 and 3 before the start as the first map is priced', () => {
    const markets = match.before.markets;
    const maps = markets.filter((market) => market.playId === SetsPlayIds.MapWinner);
    expect(maps.map((market) => market.specifiers)).toEqual(['mapnr=2', 'mapnr=3']);
    expectPricedFairly(
      markets.filter((market) => mapPlays.includes(market.playId as (typeof mapPlays)[number])),
      SportIds.Esports,
    );
    // Every map is played alike, so a later map's winner is priced as the first map's.
    const firstMap = markets.find((market) => market.playId === 11);
    expect(maps[0]?.outcomes.map((outcome) => outcome.odds)).toEqual(
      firstMap?.outcomes.map((outcome) => outcome.odds),
    );
    for (const playId of mapPlays) expect(match.inPlay.has(playId)).toBe(true);
  });

  it('settles each map on its rounds, and voids a map never played', () => {
    const { periodScores } = match.result;
    for (const market of match.settled.values()) {
      if (!mapPlays.includes(market.playId as (typeof mapPlays)[number])) continue;
      const map = periodScores[scopeNumber(market.specifiers, 'mapnr') - 1];
      if (!map) {
        for (const outcome of market.outcomes) expect(outcome.voidFactor).toBe(1);
        continue;
      }
      const line = lineFromSpecifiers(market.specifiers);
      const expected =
        market.playId === SetsPlayIds.MapWinner
          ? lineWinner(map.home - map.away, 0, ['home', 'away'])
          : market.playId === SetsPlayIds.MapHandicap
            ? lineWinner(map.home - map.away, line, ['home', 'away'])
            : lineWinner(map.home + map.away, -line, ['over', 'under']);
      expect(winners(market), key(market)).toEqual([expected]);
    }
    for (const market of match.offered.values())
      expect(match.settled.has(key(market)), key(market)).toBe(true);
  });

  it('gives every stake back on a third map that was never played', () => {
    const plays = setsPlays({ set: 'map', unit: 'rounds', bestOf: 3 }, { byNumber: true });
    const map = (home: number, away: number) => ({
      margin: pointMass(home - away),
      total: pointMass(home + away),
    });
    const twoNil: SetsDists = {
      setScores: new Map([['2:0', 1]]),
      units: pointMass(49),
      unitMargin: pointMass(9),
      setMargin: pointMass(2),
      sets: pointMass(2),
      first: map(13, 8),
      byNumber: new Map([
        [1, map(13, 8)],
        [2, map(16, 14)],
        [3, null],
      ]),
      games: new Map(),
    };
    const settle = (playId: number, specifiers: string) => {
      const outcomes = settleMarket(plays, twoNil, { playId, specifiers }, names);
      return outcomes ? toSettledOutcomes(outcomes) : null;
    };
    expect(settle(SetsPlayIds.MapWinner, 'mapnr=3')).toEqual([
      { id: 'home', result: 0, voidFactor: 1 },
      { id: 'away', result: 0, voidFactor: 1 },
    ]);
    expect(settle(SetsPlayIds.MapHandicap, 'mapnr=2|hcp=-2.5')).toEqual([
      { id: 'home', result: 0, voidFactor: 0 },
      { id: 'away', result: 1, voidFactor: 0 },
    ]);
    // A whole line that lands exactly pushes, as a total does.
    expect(settle(SetsPlayIds.MapTotal, 'mapnr=2|total=30')).toEqual([
      { id: 'over', result: 0, voidFactor: 1 },
      { id: 'under', result: 0, voidFactor: 1 },
    ]);
    expect(settle(SetsPlayIds.MapWinner, 'mapnr=2')?.[0]).toEqual({
      id: 'home',
      result: 1,
      voidFactor: 0,
    });
  });
});

describe('a bet stop', () => {
  /** An engine before the start, priced without ever being played. */
  const host = {
    rng: createRng('member-markets-stop'),
    playRng: createRng('member-markets-stop', 'plays'),
    now: () => 0,
  } as EngineHost;
  const engines: [string, number, SportEngine][] = [
    [
      'basketball',
      SportIds.Basketball,
      new HoopsEngine(
        host,
        {
          quarterMinutes: 10,
          msPerMinute: 60_000,
          quarterBreakMs: 120_000,
          halfTimeMs: 900_000,
          params: defaultHoopsParams(2.2, 2.0),
          plays: hoopsPlays(),
          publishEvery: 0.25,
          stepsPerMinute: 4,
        },
        names,
      ),
    ],
    [
      'esports',
      SportIds.Esports,
      new RallyEngine(
        host,
        {
          labels: { set: 'map', unit: 'rounds', bestOf: 3 },
          plays: setsPlays({ set: 'map', unit: 'rounds', bestOf: 3 }, { byNumber: true }),
          setBreakMs: 360_000,
          rule: { target: 13 },
          rallyMs: 110_000,
          chunk: 2,
          live: { serve: null },
        },
        0.55,
        names,
      ),
    ],
  ];

  it.each(engines)(
    'suspends %s markets old and new alike, until released',
    (_, sportId, engine) => {
      const book = new MarketBook(sportId as SportId, DEFAULT_MARGINS);
      book.update(engine.price(), { suspended: false });
      const added = (market: Market) => market.playId >= 40 && market.playId < 60;
      expect(book.all().filter(added).length).toBeGreaterThan(4);
      book.suspendAll();
      expect(book.all().filter((market) => market.status === 'active')).toEqual([]);
      // Repriced while the stop lasts, they stay closed; once it is lifted they open again.
      book.update(engine.price(), { suspended: true });
      expect(book.all().filter((market) => market.status === 'active')).toEqual([]);
      book.update(engine.price(), { suspended: false });
      expect(
        book
          .all()
          .filter(added)
          .every((market) => market.status === 'active'),
      ).toBe(true);
    },
  );
});
