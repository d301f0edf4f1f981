import { type Margins, marketMargin, marketWinners } from '../markets/pricing';
import type {
  BetSettlementMessage,
  FeedMessage,
  FeedSnapshot,
  Market,
  MatchResult,
  OddsChangeMessage,
  SettledMarket,
  SportId,
} from '../messages';
import { marketKey, SportIds } from '../messages';

/** Rounding prices to two decimals moves an implied probability by at most 0.005 / 1.01^2. */
const SUM_TOLERANCE = 0.008;

interface EventState {
  sportId: SportId;
  seq: number;
  home: number;
  away: number;
  period: number;
  seen: Set<string>;
  resolved: Set<string>;
  ended: boolean;
  settledAfterEnd: boolean;
  endedAt: number;
  decreased: boolean;
  rolledBack: boolean;
  stopOpenSince: number | null;
  voided: boolean;
}

/** Watches a feed message by message and notes everything that breaks the feed's promises. */
export class FeedChecker {
  readonly problems: string[] = [];
  readonly counts = new Map<string, number>();
  /** Sports whose markets were checked before the start and in play. */
  readonly pricedPreMatch = new Set<SportId>();
  readonly pricedInPlay = new Set<SportId>();
  readonly starts = new Map<SportId, number[]>();
  /** Bet stops in play (not the stop at the start of an event without live odds), and lifts. */
  stops = 0;
  lifts = 0;
  settlementsChecked = 0;
  private readonly events = new Map<number, EventState>();

  constructor(
    snapshot: FeedSnapshot,
    private readonly margins: Margins,
  ) {
    for (const { fixture, status, markets, seq } of snapshot.events) {
      const state = this.track(fixture.eventId, fixture.sportId, seq);
      state.home = status.homeScore;
      state.away = status.awayScore;
      state.period = status.period;
      this.checkMarkets(state, markets, status.status === 'live');
    }
  }

  private problem(text: string) {
    if (this.problems.length < 40) this.problems.push(text);
  }

  private track(eventId: number, sportId: SportId, seq: number): EventState {
    const state: EventState = {
      sportId,
      seq,
      home: 0,
      away: 0,
      period: 0,
      seen: new Set(),
      resolved: new Set(),
      ended: false,
      settledAfterEnd: false,
      endedAt: 0,
      decreased: false,
      rolledBack: false,
      stopOpenSince: null,
      voided: false,
    };
    this.events.set(eventId, state);
    return state;
  }

  observe(message: FeedMessage) {
    this.counts.set(message.type, (this.counts.get(message.type) ?? 0) + 1);
    if (message.type === 'alive') return;
    let state = this.events.get(message.eventId);
    if (!state) {
      if (message.type !== 'fixture_change' || message.changeType !== 'new' || message.seq !== 1) {
        this.problem(
          `event ${message.eventId} first heard of through ${message.type} ${message.seq}`,
        );
      }
      state = this.track(message.eventId, message.sportId, 0);
    }
    if (message.seq !== state.seq + 1)
      this.problem(`event ${message.eventId} seq ${state.seq} -> ${message.seq}`);
    state.seq = message.seq;
    switch (message.type) {
      case 'odds_change':
        this.oddsChange(state, message);
        break;
      case 'bet_stop':
        if (message.reason === 'event_started') {
          this.started(message.sportId, message.timestamp);
        } else {
          this.stops++;
          state.stopOpenSince ??= message.timestamp;
        }
        break;
      case 'bet_settlement':
        this.settlement(state, message);
        break;
      case 'bet_cancel':
        if (message.startTime === undefined) {
          for (const market of message.markets) state.resolved.add(marketKey(market));
          state.voided = true;
        } else if (!(message.endTime !== undefined && message.endTime > message.startTime)) {
          this.problem(`event ${message.eventId} bet_cancel window is empty`);
        }
        break;
      case 'rollback_bet_settlement':
        state.rolledBack = true;
        for (const market of message.markets) state.resolved.delete(marketKey(market));
        break;
      default:
        break;
    }
  }

  private started(sportId: SportId, at: number) {
    const list = this.starts.get(sportId) ?? [];
    list.push(at);
    this.starts.set(sportId, list);
  }

  private oddsChange(state: EventState, message: OddsChangeMessage) {
    const { status } = message;
    if (status.homeScore < state.home || status.awayScore < state.away) state.decreased = true;
    if (status.period < state.period) this.problem(`event ${message.eventId} period went back`);
    state.home = status.homeScore;
    state.away = status.awayScore;
    state.period = status.period;
    this.checkMarkets(state, message.markets, status.status === 'live');
    if (state.stopOpenSince !== null && message.markets.some((m) => m.status === 'active')) {
      this.lifts++;
      state.stopOpenSince = null;
    }
    if (status.status === 'ended' && !state.ended) {
      state.ended = true;
      state.endedAt = message.timestamp;
      state.stopOpenSince = null;
    }
    if (status.status === 'abandoned') state.stopOpenSince = null;
  }

  private checkMarkets(state: EventState, markets: readonly Market[], live: boolean) {
    for (const market of markets) {
      if (market.status === 'settled' || market.status === 'cancelled') continue;
      state.seen.add(marketKey(market));
      const active = market.outcomes.filter((o) => o.active);
      if (active.length < 2) continue;
      (live ? this.pricedInPlay : this.pricedPreMatch).add(state.sportId);
      const low = Math.min(...active.map((o) => o.odds));
      if (low < 10_100)
        this.problem(`${state.sportId}/${market.playId} ${market.specifiers} priced ${low}`);
      const margin = marketMargin(
        this.margins,
        state.sportId,
        market.playId,
        market.outcomes.length,
      );
      const sum = active.reduce((s, o) => s + 10_000 / o.odds, 0);
      const winners = marketWinners(state.sportId, market.playId);
      if (Math.abs(sum - winners * (1 + margin)) > winners * SUM_TOLERANCE) {
        this.problem(
          `${state.sportId}/${market.playId} ${market.specifiers} sums to ${sum.toFixed(4)}`,
        );
      }
    }
  }

  private settlement(state: EventState, message: BetSettlementMessage) {
    for (const market of message.markets) {
      state.resolved.add(marketKey(market));
      const wrong = inconsistency(state.sportId, market, message.result);
      if (wrong) this.problem(`event ${message.eventId} ${wrong}`);
      else this.settlementsChecked++;
    }
    if (state.ended) state.settledAfterEnd = true;
  }

  /** Checks that need the whole run: finished events fully settled, stops lifted, no lost goals. */
  finish(now: number): { finishedEvents: number } {
    let finishedEvents = 0;
    for (const [eventId, state] of this.events) {
      if (state.decreased && !state.rolledBack) this.problem(`event ${eventId} score went down`);
      if (
        state.stopOpenSince !== null &&
        now - state.stopOpenSince > 15 * 60_000 &&
        !state.voided
      ) {
        this.problem(
          `event ${eventId} stopped since ${new Date(state.stopOpenSince).toISOString()}`,
        );
      }
      if (!state.settledAfterEnd || now - state.endedAt < 60 * 60_000) continue;
      finishedEvents++;
      const open = [...state.seen].filter((key) => !state.resolved.has(key));
      if (open.length > 0)
        this.problem(`event ${eventId} left ${open.length} markets unsettled: ${open[0]}`);
    }
    return { finishedEvents };
  }
}

/** How a bet that wins when value + line > 0 ends, worked out by hand from the quarter rules. */
function asianResult(value: number, line: number): { result: 0 | 1; voidFactor: 0 | 0.5 | 1 } {
  const quarter = Math.abs(line * 4) % 2 === 1;
  const halves = (quarter ? [line - 0.25, line + 0.25] : [line]).map((l) => Math.sign(value + l));
  const wins = halves.filter((h) => h > 0).length;
  const losses = halves.filter((h) => h < 0).length;
  if (wins === halves.length) return { result: 1, voidFactor: 0 };
  if (losses === halves.length) return { result: 0, voidFactor: 0 };
  if (!quarter) return { result: 0, voidFactor: 1 };
  return wins > 0 ? { result: 1, voidFactor: 0.5 } : { result: 0, voidFactor: 0.5 };
}

/** Checks a handicap (margin) or total line market of a goal sport against the score. */
function lineInconsistency(
  market: SettledMarket,
  score: { home: number; away: number },
): string | null {
  // The line comes last, after any part of the match the market is about (`quarternr=2|`).
  const linePart = market.specifiers.slice(market.specifiers.lastIndexOf('|') + 1);
  const line = Number(linePart.split('=')[1]);
  const handicap = linePart.startsWith('hcp');
  const margin = score.home - score.away;
  const total = score.home + score.away;
  for (const outcome of market.outcomes) {
    const [value, lineFor] = handicap
      ? outcome.id === 'home'
        ? [margin, line]
        : [-margin, -line]
      : outcome.id === 'over'
        ? [total, -line]
        : [-total, line];
    const expected = asianResult(value, lineFor);
    if (outcome.result !== expected.result || outcome.voidFactor !== expected.voidFactor) {
      return `${market.playId} ${market.specifiers} ${outcome.id} settled ${outcome.result}/${outcome.voidFactor} at ${score.home}-${score.away}`;
    }
  }
  return null;
}

/** Why a settled market disagrees with the final result, if it does. */
function inconsistency(
  sportId: SportId,
  market: SettledMarket,
  result: MatchResult,
): string | null {
  const winners = market.outcomes
    .filter((o) => o.result === 1 && o.voidFactor === 0)
    .map((o) => o.id);
  const goals =
    sportId === SportIds.Football ||
    sportId === SportIds.VirtualFootball ||
    sportId === SportIds.IceHockey;
  const final = result.regulation ?? { home: result.homeScore, away: result.awayScore };
  const expect = (ids: string[]) =>
    winners.length === ids.length && ids.every((id) => winners.includes(id))
      ? null
      : `${market.playId} ${market.specifiers} won by ${winners} not ${ids}`;
  const side = (h: number, a: number) => (h > a ? 'home' : h < a ? 'away' : 'draw');
  if (goals) {
    const total = final.home + final.away;
    switch (market.playId) {
      case 1:
      case 2:
      case 16:
      case 18:
        return lineInconsistency(market, final);
      case 4:
      case 5:
        return result.halftime ? lineInconsistency(market, result.halftime) : null;
      case 3:
        return expect([side(final.home, final.away)]);
      case 11:
        return result.halftime ? expect([side(result.halftime.home, result.halftime.away)]) : null;
      case 6:
        return expect([total % 2 === 1 ? 'odd' : 'even']);
      case 8: {
        const top = sportId === SportIds.IceHockey ? 5 : 4;
        return expect([
          final.home <= top && final.away <= top ? `${final.home}:${final.away}` : 'other',
        ]);
      }
      case 9: {
        const top = sportId === SportIds.IceHockey ? 9 : 6;
        return expect([total >= top ? `${top}+` : String(total)]);
      }
      case 20:
        return expect([final.home > 0 && final.away > 0 ? 'yes' : 'no']);
      case 21: {
        const result = side(final.home, final.away);
        return expect(
          ['home_draw', 'home_away', 'draw_away'].filter((id) => id.split('_').includes(result)),
        );
      }
      case 22:
        // A draw returns every stake: nothing wins.
        return expect(final.home === final.away ? [] : [side(final.home, final.away)]);
      case 25:
        return result.halftime
          ? expect([
              `${side(result.halftime.home, result.halftime.away)}/${side(final.home, final.away)}`,
            ])
          : null;
      default:
        return null;
    }
  }
  const scoped = scopedInconsistency(sportId, market, result);
  if (scoped !== undefined) return scoped;
  if (market.playId === 3 && sportId !== SportIds.VirtualRacing) {
    return expect([result.homeScore > result.awayScore ? 'home' : 'away']);
  }
  if (market.playId === 8 && result.periodScores.length > 0 && sportId !== SportIds.Basketball) {
    return expect([`${result.homeScore}:${result.awayScore}`]);
  }
  return null;
}

/** The part of the match a specifier numbers (`quarternr=2` → 2), 0 when absent. */
function partNumber(specifiers: string, key: string): number {
  const match = new RegExp(`(?:^|\\|)${key}=(\\d+)`).exec(specifiers);
  return match ? Number(match[1]) : 0;
}

/**
 * Basketball's quarter, second-half and team lines and esports' later maps against the result
 * (undefined for other plays): a quarter or map from its own score, a map never played void.
 */
function scopedInconsistency(
  sportId: SportId,
  market: SettledMarket,
  result: MatchResult,
): string | null | undefined {
  const score = { home: result.homeScore, away: result.awayScore };
  if (sportId === SportIds.Basketball) {
    const quarter = result.periodScores[partNumber(market.specifiers, 'quarternr') - 1];
    const half = result.halftime ?? { home: 0, away: 0 };
    const second = { home: score.home - half.home, away: score.away - half.away };
    switch (market.playId) {
      case 40:
      case 41:
        return quarter ? lineInconsistency(market, quarter) : `${market.specifiers} not played`;
      case 42:
      case 43:
        return lineInconsistency(market, second);
      case 44:
        return lineInconsistency(market, { home: score.home, away: 0 });
      case 45:
        return lineInconsistency(market, { home: score.away, away: 0 });
    }
  }
  if (sportId === SportIds.Esports && market.playId >= 48 && market.playId <= 50) {
    const map = result.periodScores[partNumber(market.specifiers, 'mapnr') - 1];
    if (!map)
      return market.outcomes.every((outcome) => outcome.voidFactor === 1)
        ? null
        : `${market.specifiers} not played but not void`;
    if (market.playId !== 48) return lineInconsistency(market, map);
    const winners = market.outcomes.filter((o) => o.result === 1).map((o) => o.id);
    const side = map.home > map.away ? 'home' : 'away';
    return winners.length === 1 && winners[0] === side
      ? null
      : `48 ${market.specifiers} won by ${winners} not ${side}`;
  }
  return undefined;
}
