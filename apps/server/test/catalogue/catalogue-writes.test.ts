import {
  createSimulator,
  type FeedMessage,
  type FeedSnapshot,
  type Fixture,
  type MatchStatus,
  marketKey,
  type SportInfo,
} from '@sb/feed-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { type Catalogue, createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import type { FeedPosition } from '../../src/modules/catalogue/catalogue-batch';
import { createTestDatabase } from '../test-database';
import {
  catalogueTestStart,
  countingTransactions,
  dumpCatalogue,
  isEventMessage,
  ofType,
  positionOf,
} from './helpers';

const source = 'test:catalogue';

interface Tick {
  messages: FeedMessage[];
  position: FeedPosition;
}

let database: DatabaseHandle;
let catalogue: Catalogue;
let transactions: () => number;
let snapshot: FeedSnapshot;
let sports: SportInfo[];
let startPosition: FeedPosition;
const ticks: Tick[] = [];
let messages: FeedMessage[] = [];

/** Records the snapshot and then the ticks, waiting for each write, as one run of the feed. */
async function recordRun(ticksToRecord: readonly Tick[]): Promise<void> {
  const recorder = catalogue.startRecording(source);
  recorder.recordSnapshot(snapshot, sports, startPosition);
  await recorder.flush();
  for (const tick of ticksToRecord) {
    recorder.record(tick.messages, tick.position);
    await recorder.flush();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const counting = countingTransactions(database.db);
  catalogue = createCatalogue(counting.db);
  transactions = counting.count;
  // Sixteen hours of a busy, accident-prone world. Incidents are chance: this seed's hours hold
  // every kind of message, settlement rollbacks (a goal ruled out after the whistle) included.
  const simulator = createSimulator({
    seed: 'catalogue-test-3',
    speed: 60,
    startTime: catalogueTestStart,
    incidentRate: 25,
    density: 0.3,
    calendar: 2,
    exactReplay: true,
  });
  snapshot = simulator.snapshot();
  sports = simulator.sports();
  startPosition = positionOf(simulator);
  for (let step = 1; step <= 64; step += 1) {
    const tick = simulator.advance(catalogueTestStart + step * 15_000);
    ticks.push({ messages: tick, position: positionOf(simulator) });
  }
  messages = ticks.flatMap((tick) => tick.messages);
  await recordRun(ticks);
});
afterAll(() => database?.close());

/** The fixture and status each event last had, from the snapshot and the messages. */
function lastStates() {
  const fixtures = new Map<number, Fixture>();
  const statuses = new Map<number, MatchStatus>();
  for (const event of snapshot.events) {
    fixtures.set(event.fixture.eventId, event.fixture);
    statuses.set(event.fixture.eventId, event.status);
  }
  for (const message of messages) {
    if (message.type === 'fixture_change') {
      fixtures.set(message.eventId, message.fixture);
      const status = statuses.get(message.eventId);
      if (message.changeType === 'cancelled' && status)
        statuses.set(message.eventId, { ...status, status: 'cancelled' });
    }
    if (message.type === 'odds_change' || message.type === 'bet_stop')
      statuses.set(message.eventId, message.status);
  }
  return { fixtures, statuses };
}

describe('the catalogue written from the feed', () => {
  it('has every event with the fixture it last had, its status, scores and result', async () => {
    const { fixtures, statuses } = lastStates();
    const results = new Map(ofType(messages, 'bet_settlement').map((m) => [m.eventId, m.result]));
    expect(fixtures.size).toBeGreaterThan(300);
    for (const [eventId, fixture] of fixtures) {
      const event = await catalogue.eventOf(eventId);
      expect(event?.fixture, `event ${eventId}`).toEqual(fixture);
      const expected = statuses.get(eventId);
      const { clock: _clock, ...withoutClock } = expected as MatchStatus;
      // A live match's running clock is no news: the status is written when anything else moves.
      if (expected?.status === 'live') expect(event?.status).toMatchObject(withoutClock);
      else expect(event?.status).toEqual(expected);
      expect(event?.result ?? undefined).toEqual(results.get(eventId));
    }
    expect(await catalogue.eventOf(1)).toBeUndefined();
  });

  it('keeps every outcome of every settlement with its factors and times', async () => {
    const settlementMessages = ofType(messages, 'bet_settlement');
    expect(settlementMessages.length).toBeGreaterThan(100);
    for (const message of settlementMessages) {
      const rows = (await catalogue.settlementsOf(message.eventId)).filter(
        (row) => row.seq === message.seq,
      );
      const expected = message.markets.flatMap((market) =>
        market.outcomes.map((outcome) => ({
          eventId: message.eventId,
          seq: message.seq,
          playId: market.playId,
          specifiers: market.specifiers,
          outcomeId: outcome.id,
          result: outcome.result,
          voidFactor: outcome.voidFactor,
          deadHeatFactor: outcome.deadHeatFactor ?? 1,
          certainty: 2,
          producedAt: new Date(message.timestamp),
          // The feed's own results: no operator settled them by hand.
          operatorId: null,
        })),
      );
      expect(rows.map(({ receivedAt: _r, rolledBackAt: _b, ...row }) => row)).toEqual(
        expect.arrayContaining(expected),
      );
      expect(rows).toHaveLength(expected.length);
    }
    const halfResults = settlementMessages.flatMap((m) =>
      m.markets.flatMap((market) => market.outcomes.filter((o) => o.voidFactor === 0.5)),
    );
    expect(halfResults.length).toBeGreaterThan(0);
  });

  it('marks a rolled back settlement and keeps the settlement sent after it', async () => {
    const rollbacks = ofType(messages, 'rollback_bet_settlement');
    expect(rollbacks.length).toBeGreaterThan(0);
    for (const rollback of rollbacks) {
      const rows = await catalogue.settlementsOf(rollback.eventId);
      const rolledBack = new Set(rollback.markets.map(marketKey));
      const ofMarkets = rows.filter((row) => rolledBack.has(marketKey(row)));
      const before = ofMarkets.filter((row) => row.seq < rollback.seq);
      const after = ofMarkets.filter((row) => row.seq > rollback.seq);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((row) => row.rolledBackAt instanceof Date)).toBe(true);
      expect(after.length).toBe(before.length);
      expect(after.every((row) => row.rolledBackAt === null)).toBe(true);
      const others = rows.filter((row) => !rolledBack.has(marketKey(row)));
      expect(others.every((row) => row.rolledBackAt === null)).toBe(true);
    }
  });

  it('keeps cancellations with their window and reason, and marks the rolled back one', async () => {
    const cancels = ofType(messages, 'bet_cancel');
    const rollbacks = ofType(messages, 'rollback_bet_cancel');
    expect(cancels.some((m) => m.startTime !== undefined)).toBe(true);
    expect(rollbacks.length).toBeGreaterThan(0);
    const withdrawn = new Set(rollbacks.map((m) => `${m.eventId}|${m.startTime}|${m.endTime}`));
    for (const cancel of cancels) {
      const rows = (await catalogue.cancellationsOf(cancel.eventId)).filter(
        (row) => row.seq === cancel.seq,
      );
      expect(rows.map((row) => ({ playId: row.playId, specifiers: row.specifiers }))).toEqual(
        cancel.markets.map((market) => ({ playId: market.playId, specifiers: market.specifiers })),
      );
      const isWithdrawn = withdrawn.has(`${cancel.eventId}|${cancel.startTime}|${cancel.endTime}`);
      for (const row of rows) {
        expect(row.reason).toBe(cancel.reason);
        expect(row.windowStart?.getTime()).toBe(cancel.startTime);
        expect(row.windowEnd?.getTime()).toBe(cancel.endTime);
        expect(row.rolledBackAt !== null).toBe(isWithdrawn);
      }
    }
  });

  it('records a match called off: the change, the status, and its void markets', async () => {
    const [calledOff] = ofType(messages, 'fixture_change').filter(
      (m) => m.changeType === 'cancelled',
    );
    if (!calledOff) throw new Error('no match was called off');
    expect((await catalogue.eventOf(calledOff.eventId))?.status.status).toBe('cancelled');
    const changes = await catalogue.fixtureChangesOf(calledOff.eventId);
    expect(changes.map((change) => change.changeType)).toContain('cancelled');
    const voided = await catalogue.cancellationsOf(calledOff.eventId);
    expect(voided.length).toBeGreaterThan(0);
    expect(
      voided.every((row) => row.reason === 'match_cancelled' && row.windowStart === null),
    ).toBe(true);
  });

  it('records a kick-off moved, with the time it had before', async () => {
    const moves = ofType(messages, 'fixture_change').filter((m) => m.changeType === 'start_time');
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      const change = (await catalogue.fixtureChangesOf(move.eventId)).find(
        (row) => row.seq === move.seq,
      );
      expect(change?.startTime.getTime()).toBe(move.fixture.startTime);
      expect(change?.previousStartTime?.getTime()).toBe(move.previousStartTime);
    }
  });

  it('writes one transaction per tick, however many messages the tick carries', () => {
    const eventMessages = messages.filter(isEventMessage).length;
    expect(transactions()).toBe(ticks.length + 1);
    expect(eventMessages).toBeGreaterThan(20 * transactions());
  });

  it('saves how far the feed has been recorded', async () => {
    expect(await catalogue.positionOf(source)).toEqual(ticks.at(-1)?.position);
  });

  it('changes nothing when the same messages come again, in any batches and order', async () => {
    const before = await dumpCatalogue(database.db);
    await recordRun(ticks);
    expect(await dumpCatalogue(database.db)).toEqual(before);
    await recordRun([{ messages, position: startPosition }]);
    expect(await dumpCatalogue(database.db)).toEqual(before);
    await recordRun([...ticks].reverse());
    expect(await dumpCatalogue(database.db)).toEqual(before);
    // Three replays of a simulated day: CPU-bound, so a busy machine needs the room.
  }, 180_000);
});
