import { beforeAll, describe, expect, it } from 'vitest';
import { resolveMargins } from './markets/pricing';
import type { BetSettlementMessage, FeedMessage, OddsChangeMessage } from './messages';
import { marketKey, SportIds } from './messages';
import { createSimulator } from './simulator';
import { FeedChecker } from './testing/feed-checker';

const START = Date.UTC(2025, 6, 19, 9, 5);
const HOUR = 3_600_000;

function collect(
  sim: ReturnType<typeof createSimulator>,
  until: number,
  step: number,
): FeedMessage[] {
  const messages: FeedMessage[] = [];
  for (let t = sim.now(); t < until; ) {
    t = Math.min(t + step, until);
    messages.push(...sim.advance(t));
  }
  return messages;
}

describe('speed', () => {
  it('plays a football match in under two minutes at speed 60', () => {
    const sim = createSimulator({
      seed: 'speed',
      startTime: START,
      speed: 60,
      density: 0.5,
      calendar: 2,
    });
    const upcoming = sim
      .snapshot()
      .events.filter(
        (e) => e.fixture.sportId === SportIds.Football && e.status.status === 'not_started',
      )
      .sort((a, b) => a.fixture.startTime - b.fixture.startTime)[0];
    if (!upcoming) throw new Error('no football match ahead');
    const statuses = collect(sim, upcoming.fixture.startTime + 3 * 60_000, 1000).filter(
      (m): m is OddsChangeMessage =>
        m.type === 'odds_change' && m.eventId === upcoming.fixture.eventId,
    );
    const kickOff = statuses.find((m) => m.status.status === 'live');
    const end = statuses.find((m) => m.status.status === 'ended');
    if (!kickOff || !end) throw new Error('the match did not finish');
    expect(Math.abs(kickOff.timestamp - upcoming.fixture.startTime)).toBeLessThan(1000);
    // 90 minutes and stoppage time, plus 15 minutes of half-time, at 60 times real time.
    expect(end.timestamp - kickOff.timestamp).toBeGreaterThan(96_000);
    expect(end.timestamp - kickOff.timestamp).toBeLessThan(118_000);
    expect(end.status.clock?.elapsed).toBeGreaterThanOrEqual(90 * 60);
    const periods = statuses.map((m) => m.status.periodCode);
    expect(periods).toEqual([...periods].sort((a, b) => a - b));
    expect(new Set(periods)).toEqual(new Set([0, 1, 2, 3, 4].filter((c) => periods.includes(c))));
    expect(periods).toContain(2);
  });
});

describe('incidents', () => {
  let messages: FeedMessage[];
  let checker: FeedChecker;
  const of = <T extends FeedMessage['type']>(type: T) =>
    messages.filter((m): m is Extract<FeedMessage, { type: T }> => m.type === type);

  beforeAll(() => {
    const sim = createSimulator({
      seed: 'incidents',
      startTime: START,
      incidentRate: 25,
      density: 0.4,
      calendar: 2,
    });
    checker = new FeedChecker(sim.snapshot(), resolveMargins(undefined));
    messages = collect(sim, START + 16 * HOUR, 60_000);
    for (const message of messages) checker.observe(message);
    checker.finish(START + 16 * HOUR);
  });

  it('stays consistent through every incident', () => {
    expect(checker.problems).toEqual([]);
  });

  it('postpones and cancels fixtures before the start', () => {
    const changes = of('fixture_change');
    const moved = changes.filter((m) => m.changeType === 'start_time');
    expect(moved.length).toBeGreaterThan(0);
    for (const m of moved)
      expect(m.fixture.startTime).toBeGreaterThan(m.previousStartTime ?? Number.POSITIVE_INFINITY);
    const cancelled = changes.filter((m) => m.changeType === 'cancelled').map((m) => m.eventId);
    expect(cancelled.length).toBeGreaterThan(0);
    const voided = of('bet_cancel')
      .filter((m) => m.reason === 'match_cancelled')
      .map((m) => m.eventId);
    expect(voided).toEqual(cancelled);
  });

  it('voids all bets of an abandoned match and those taken during an odds error', () => {
    const cancels = of('bet_cancel');
    const abandoned = cancels.filter((m) => m.reason === 'match_abandoned');
    expect(abandoned.length).toBeGreaterThan(0);
    for (const m of abandoned) expect(m.startTime).toBeUndefined();
    const errors = cancels.filter((m) => m.reason === 'odds_error');
    expect(errors.length).toBeGreaterThan(0);
    for (const m of errors)
      expect(m.endTime).toBeGreaterThan(m.startTime ?? Number.POSITIVE_INFINITY);
    const rollbacks = of('rollback_bet_cancel');
    expect(rollbacks.length).toBeGreaterThan(0);
    for (const rollback of rollbacks) {
      const original = errors.find((m) => m.eventId === rollback.eventId);
      expect(rollback.startTime).toBe(original?.startTime);
      expect(rollback.markets).toEqual(original?.markets);
    }
  });

  it('rolls back a wrong settlement and settles again from the corrected score', () => {
    const rollbacks = of('rollback_bet_settlement');
    expect(rollbacks.length).toBeGreaterThan(0);
    for (const rollback of rollbacks) {
      const settlements = messages.filter(
        (m): m is BetSettlementMessage =>
          m.type === 'bet_settlement' && m.eventId === rollback.eventId,
      );
      const after = settlements.find((m) => m.seq === rollback.seq + 1);
      const before = settlements.filter((m) => m.seq < rollback.seq).at(-1);
      expect(after?.markets.map(marketKey).sort()).toEqual(rollback.markets.map(marketKey).sort());
      const goals = (m?: BetSettlementMessage) => (m ? m.result.homeScore + m.result.awayScore : 0);
      expect(goals(after)).toBe(goals(before) - 1);
    }
  });
});

describe('provider surface', () => {
  const sim = createSimulator({ seed: 7, startTime: START, density: 0.4, calendar: 2 });

  it('describes fixtures with their league, competitors and times', () => {
    const fixtures = sim.fixtures();
    for (const fixture of fixtures) {
      expect(fixture.league.name.length).toBeGreaterThan(0);
      expect(fixture.competitors.every((c) => c.id > 0 && c.name.length > 0)).toBe(true);
    }
    const outrights = fixtures.filter((f) => f.kind === 'outright');
    expect(outrights.length).toBeGreaterThan(5);
    for (const f of outrights) expect(f.endTime).toBeGreaterThan(START);
    const races = fixtures.filter((f) => f.kind === 'race');
    for (const f of races) expect(f.competitors).toHaveLength(8);
    const matches = fixtures.filter((f) => f.kind === 'match');
    for (const f of matches) expect(f.competitors).toHaveLength(2);
    expect(sim.leagues().length).toBeGreaterThan(30);
    expect(
      sim
        .sports()
        .map((s) => s.sportId)
        .sort((a, b) => a - b),
    ).toEqual(Object.values(SportIds).sort((a, b) => a - b));
  });

  it('carries outright plays of 21000 and above', () => {
    const outright = sim.snapshot().events.find((e) => e.fixture.kind === 'outright');
    expect(outright?.markets.map((m) => m.playId).sort()).toEqual([21000, 21001]);
  });

  it('does not go back in time and refuses nonsense options', () => {
    sim.advance(START + 60_000);
    expect(sim.advance(START + 30_000)).toEqual([]);
    expect(() => createSimulator({ seed: 1, startTime: START, speed: 0 })).toThrow();
    expect(() => createSimulator({ seed: 1, startTime: 0 })).toThrow();
    expect(() => createSimulator({ seed: 1, startTime: START, density: 5 })).toThrow();
  });
});
