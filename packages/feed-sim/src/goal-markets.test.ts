import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BetSettlementMessage,
  EventSnapshot,
  FeedMessage,
  Market,
  OddsChangeMessage,
  SettledMarket,
} from './messages';
import { SportIds } from './messages';
import { createSimulator } from './simulator';

const START = Date.UTC(2025, 6, 19, 9, 5);
const FOOTBALL_PLAYS = [20, 21, 22, 23, 24, 25, 27];

type Simulator = ReturnType<typeof createSimulator>;

/** The first match of a sport to kick off with live odds. */
function nextMatch(sim: Simulator, sportId: number): EventSnapshot {
  const match = sim
    .snapshot()
    .events.filter(
      (e) =>
        e.fixture.sportId === sportId &&
        e.fixture.liveOdds &&
        e.status.status === 'not_started' &&
        e.fixture.startTime > sim.now(),
    )
    .sort((a, b) => a.fixture.startTime - b.fixture.startTime)[0];
  if (!match) throw new Error(`no match of sport ${sportId} ahead`);
  return match;
}

/**
 * Plays the world until the match is settled, in small steps; after each step in which the
 * match's last message was a bet stop, notes whether any of its markets was still open.
 */
function playOut(sim: Simulator, eventId: number) {
  const messages: FeedMessage[] = [];
  const openDuringStops: string[] = [];
  let stops = 0;
  const until = sim.now() + 6 * 3_600_000;
  for (let t = sim.now(); t < until; ) {
    t += 200;
    const mine = sim.advance(t).filter((m) => 'eventId' in m && m.eventId === eventId);
    messages.push(...mine);
    if (mine.at(-1)?.type === 'bet_stop') {
      stops++;
      const event = sim.snapshot().events.find((e) => e.fixture.eventId === eventId);
      for (const market of event?.markets ?? [])
        if (market.status === 'active') openDuringStops.push(`${market.playId}`);
    }
    if (mine.some((m) => m.type === 'bet_settlement')) {
      const last = sim.snapshot().events.find((e) => e.fixture.eventId === eventId);
      if (!last || last.markets.every((m) => m.status === 'settled' || m.status === 'cancelled'))
        break;
    }
  }
  return { messages, openDuringStops, stops };
}

const oddsChanges = (messages: FeedMessage[]) =>
  messages.filter((m): m is OddsChangeMessage => m.type === 'odds_change');
const settlements = (messages: FeedMessage[]) =>
  messages.filter((m): m is BetSettlementMessage => m.type === 'bet_settlement');
const winnersOf = (market: SettledMarket) =>
  market.outcomes.filter((o) => o.result === 1 && o.voidFactor === 0).map((o) => o.id);
const side = (home: number, away: number) => (home > away ? 'home' : home < away ? 'away' : 'draw');

describe('football: the new markets through a match', () => {
  let sim: Simulator;
  let match: EventSnapshot;
  let played: ReturnType<typeof playOut>;

  beforeAll(() => {
    sim = createSimulator({ seed: 'goal-markets', startTime: START, speed: 60, density: 0.3 });
    match = nextMatch(sim, SportIds.Football);
    played = playOut(sim, match.fixture.eventId);
  });

  it('offers each before kick-off, and the next goal only in play', () => {
    const pre = new Set(match.markets.map((m: Market) => m.playId));
    for (const playId of FOOTBALL_PLAYS) expect(pre.has(playId)).toBe(true);
    expect(pre.has(26)).toBe(false);
    const live = oddsChanges(played.messages).filter((m) => m.status.status === 'live');
    const nextGoal = live.flatMap((m) => m.markets).filter((m) => m.playId === 26);
    expect(nextGoal[0]?.specifiers).toBe('goalnr=1');
    const priced = live.flatMap((m) => m.markets).filter((m) => m.status === 'active');
    for (const playId of [...FOOTBALL_PLAYS, 26])
      expect(priced.some((m) => m.playId === playId)).toBe(true);
  });

  it('suspends them with the rest on a bet stop', () => {
    expect(played.stops).toBeGreaterThan(0);
    expect(played.openDuringStops).toEqual([]);
  });

  it('settles each next goal as it goes in, and the rest by the final score', () => {
    const all = settlements(played.messages);
    const final = all.at(-1)?.result;
    if (!final) throw new Error('the match was not settled');
    const goals = final.homeScore + final.awayScore;
    const nextGoals = all.flatMap((m) =>
      m.markets.filter((k) => k.playId === 26).map((k) => ({ market: k, at: m.result })),
    );
    expect(nextGoals.map(({ market }) => market.specifiers)).toEqual(
      Array.from({ length: goals + 1 }, (_, i) => `goalnr=${i + 1}`),
    );
    // Each goal's market is settled by the message that follows it, with the score it made.
    let previous = { home: 0, away: 0 };
    for (const { market, at } of nextGoals.slice(0, goals)) {
      const scorer = at.homeScore > previous.home ? 'home' : 'away';
      expect(at.homeScore + at.awayScore).toBe(previous.home + previous.away + 1);
      expect(winnersOf(market)).toEqual([scorer]);
      previous = { home: at.homeScore, away: at.awayScore };
    }
    expect(winnersOf(nextGoals[goals]?.market as SettledMarket)).toEqual(['none']);
    const byPlay = (playId: number) =>
      all.flatMap((m) => m.markets).filter((k) => k.playId === playId);
    const result = side(final.homeScore, final.awayScore);
    for (const market of byPlay(20))
      expect(winnersOf(market)).toEqual([
        final.homeScore > 0 && final.awayScore > 0 ? 'yes' : 'no',
      ]);
    for (const market of byPlay(21)) expect(winnersOf(market)).toHaveLength(2);
    for (const market of byPlay(22))
      expect(winnersOf(market)).toEqual(result === 'draw' ? [] : [result]);
    const half = final.halftime ?? { home: 0, away: 0 };
    for (const market of byPlay(25))
      expect(winnersOf(market)).toEqual([`${side(half.home, half.away)}/${result}`]);
    // Cards settle on the cards the live data showed.
    const last = played.messages.filter((m) => 'status' in m && m.status.stats).at(-1);
    const stats = (last && 'status' in last && last.status.stats) || [];
    const shown = stats
      .filter((stat) => stat.key === 'yellow_cards' || stat.key === 'red_cards')
      .reduce((sum, stat) => sum + stat.home + stat.away, 0);
    const cards = byPlay(27);
    expect(cards.length).toBeGreaterThan(0);
    for (const market of cards) {
      const line = Number(market.specifiers.split('=')[1]);
      expect(winnersOf(market)).toEqual([shown > line ? 'over' : 'under']);
    }
  });
});

describe('ice hockey: the puck line through a match', () => {
  it('offers one line, the favourite giving 1.5, and settles it with overtime counted', () => {
    const sim = createSimulator({ seed: 'puck-line', startTime: START, speed: 60, density: 0.3 });
    const match = nextMatch(sim, SportIds.IceHockey);
    const puck = match.markets.filter((m) => m.playId === 30);
    expect(puck.map((m) => m.specifiers)).toEqual([expect.stringMatching(/^hcp=(-1\.5|1\.5)$/)]);
    const { messages, openDuringStops, stops } = playOut(sim, match.fixture.eventId);
    expect(stops).toBeGreaterThan(0);
    expect(openDuringStops).toEqual([]);
    const final = settlements(messages).at(-1)?.result;
    if (!final) throw new Error('the match was not settled');
    const margin = final.homeScore - final.awayScore;
    const settled = settlements(messages)
      .flatMap((m) => m.markets)
      .filter((m) => m.playId === 30);
    expect(settled.length).toBeGreaterThan(0);
    for (const market of settled) {
      const hcp = Number(market.specifiers.split('=')[1]);
      expect(winnersOf(market)).toEqual([margin + hcp > 0 ? 'home' : 'away']);
    }
  });
});
