import { isOutcomeDecided } from '@sb/domain';
import { createSimulator, type EventFeedMessage, SportIds } from '@sb/feed-sim';
import { describe, expect, it } from 'vitest';
import { createReadModel, type EventState, situationOf } from '../../src/modules/feed/read-model';

/**
 * A simulated day of the whole book, every message applied to the server's read model as the
 * feed sends it, and after each one the event it touched checked against the decided-outcome
 * rules (packages/domain, in-play): no outcome the book holds open may be one that where the
 * match stands already decides. The sweep also notes which markets it saw open in play, so it
 * fails if a sport or a market kind stops being checked.
 */

const day = 24 * 3_600_000;
const startTime = Date.UTC(2026, 5, 6, 0, 0);
const stepMs = 2_000;

/** Plays the sweep must have seen open in play, per sport: totals, scores, margins, sets, games. */
const mustSeeInPlay: Record<number, number[]> = {
  [SportIds.Football]: [2, 5, 7, 8, 9, 10, 18, 20, 23, 25, 26, 27],
  [SportIds.IceHockey]: [2, 8, 9, 10, 18],
  [SportIds.Basketball]: [2, 5, 10, 41, 43, 44],
  [SportIds.Tennis]: [2, 8, 9, 16, 46],
  [SportIds.Volleyball]: [2, 8, 9, 16],
  [SportIds.TableTennis]: [2, 8, 9],
  [SportIds.Badminton]: [2, 8, 9],
  [SportIds.Esports]: [2, 8, 48, 50],
};
/** Sports without live odds: seen under way, never open. */
const closedInPlay = [
  SportIds.VirtualFootball,
  SportIds.VirtualBasketball,
  SportIds.VirtualRacing,
] as const;

interface Sweep {
  problems: string[];
  openInPlay: Map<number, Set<number>>;
  seenLive: Set<number>;
  outcomesChecked: number;
}

function check(readModel: ReturnType<typeof createReadModel>, state: EventState, sweep: Sweep) {
  if (state.status.status !== 'live') return;
  const sportId = state.fixture.sportId;
  sweep.seenLive.add(sportId);
  const situation = situationOf(state);
  for (const market of state.markets.values()) {
    if (!readModel.isMarketOpen(state, market)) continue;
    for (const outcome of market.outcomes) {
      if (!outcome.active || outcome.odds <= 0) continue;
      sweep.outcomesChecked++;
      let plays = sweep.openInPlay.get(sportId);
      if (!plays) {
        plays = new Set();
        sweep.openInPlay.set(sportId, plays);
      }
      plays.add(market.playId);
      const ref = { playId: market.playId, specifiers: market.specifiers, outcomeId: outcome.id };
      if (isOutcomeDecided(situation, ref) && sweep.problems.length < 20) {
        const { status } = state;
        sweep.problems.push(
          `${sportId} ${state.fixture.name} ${status.homeScore}-${status.awayScore} ` +
            `${status.description} ${JSON.stringify(status.periodScores)}: ` +
            `${market.name} ${market.specifiers} ${outcome.name} at ${outcome.odds / 10_000}`,
        );
      }
    }
  }
}

function sweepDay(): Sweep {
  const simulator = createSimulator({ seed: 'decided', speed: 60, startTime, calendar: 2 });
  let clock = startTime;
  const readModel = createReadModel(() => clock);
  readModel.load(simulator.snapshot());
  const sweep: Sweep = {
    problems: [],
    openInPlay: new Map(),
    seenLive: new Set(),
    outcomesChecked: 0,
  };
  for (const state of readModel.all()) check(readModel, state, sweep);
  for (let t = startTime + stepMs; t <= startTime + day / 60; t += stepMs) {
    clock = t;
    for (const message of simulator.advance(t)) {
      if (message.type === 'alive') continue;
      readModel.apply(message as EventFeedMessage);
      const state = readModel.get(message.eventId);
      if (state && (message.type === 'odds_change' || message.type === 'play'))
        check(readModel, state, sweep);
    }
  }
  return sweep;
}

describe('a book that never offers what is already decided', () => {
  it('holds no open outcome that the score decides, over a simulated day of every sport', () => {
    const sweep = sweepDay();
    expect(sweep.problems).toEqual([]);
    for (const [sportId, plays] of Object.entries(mustSeeInPlay)) {
      const seen = sweep.openInPlay.get(Number(sportId)) ?? new Set();
      expect({ sportId, missing: plays.filter((play) => !seen.has(play)) }).toEqual({
        sportId,
        missing: [],
      });
    }
    for (const sportId of closedInPlay) {
      expect(sweep.seenLive.has(sportId)).toBe(true);
      expect(sweep.openInPlay.has(sportId)).toBe(false);
    }
    expect(sweep.outcomesChecked).toBeGreaterThan(100_000);
  }, 300_000);
});
