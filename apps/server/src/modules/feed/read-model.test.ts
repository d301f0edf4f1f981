import { createSimulator, type EventFeedMessage, marketKey } from '@sb/feed-sim';
import { describe, expect, it } from 'vitest';
import { createReadModel, type ReadModelChange } from './read-model';

const startTime = Date.parse('2030-03-01T12:00:00Z');

function loadedModel() {
  const simulator = createSimulator({ seed: 7, speed: 60, startTime, density: 0.3, calendar: 2 });
  let clock = startTime;
  const readModel = createReadModel(() => clock);
  readModel.load(simulator.snapshot());
  const step = (ms: number) => {
    clock += ms;
    return simulator
      .advance(clock)
      .filter((message): message is EventFeedMessage => message.type !== 'alive');
  };
  return { readModel, step };
}

describe('the read model', () => {
  it('starts from the snapshot and follows every message in order', () => {
    const { readModel, step } = loadedModel();
    expect([...readModel.all()].length).toBeGreaterThan(50);
    const messages = step(10 * 60_000);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) readModel.apply(message);
    for (const message of messages) {
      const state = readModel.get(message.eventId);
      if (state) expect(state.seq).toBeGreaterThanOrEqual(message.seq);
    }
  });

  it('ignores a message it has already applied', () => {
    const { readModel, step } = loadedModel();
    const message = step(60_000).find((candidate) => readModel.get(candidate.eventId));
    expect(message).toBeDefined();
    const changes: ReadModelChange[] = [];
    readModel.subscribe((change) => changes.push(change));
    expect(readModel.apply(message as EventFeedMessage)).toBe(true);
    expect(readModel.apply(message as EventFeedMessage)).toBe(false);
    expect(changes).toHaveLength(1);
  });

  it('holds every market of an event after a bet stop until the next odds change', () => {
    const { readModel, step } = loadedModel();
    let stoppedEvents = 0;
    for (let minute = 0; minute < 120 && stoppedEvents === 0; minute += 1) {
      for (const message of step(60_000)) {
        if (!readModel.apply(message) || message.type !== 'bet_stop') continue;
        const state = readModel.get(message.eventId);
        expect(state?.isBetStopped).toBe(true);
        for (const market of state?.markets.values() ?? []) {
          expect(readModel.isMarketOpen(state as NonNullable<typeof state>, market)).toBe(false);
        }
        stoppedEvents += 1;
      }
    }
    expect(stoppedEvents).toBeGreaterThan(0);
  });

  it('reopens after a bet stop only the markets the next odds change carries open', () => {
    const { readModel } = loadedModel();
    const state = [...readModel.all()].find(
      (candidate) =>
        [...candidate.markets.values()].filter((market) => market.status === 'active').length > 1,
    );
    if (!state) throw new Error('no event with two open markets');
    const [reopened, left] = [...state.markets.values()].filter((m) => m.status === 'active');
    if (!reopened || !left) throw new Error('no two open markets');
    const head = { eventId: state.fixture.eventId, sportId: state.fixture.sportId, timestamp: 0 };
    readModel.apply({
      ...head,
      type: 'bet_stop',
      seq: state.seq + 1,
      reason: 'possible_goal',
      status: state.status,
    });
    readModel.apply({
      ...head,
      type: 'odds_change',
      seq: state.seq + 1,
      status: state.status,
      markets: [reopened],
    });
    const after = readModel.get(state.fixture.eventId);
    if (!after) throw new Error('event gone');
    const status = (market: typeof reopened) => after.markets.get(marketKey(market))?.status;
    expect(after.isBetStopped).toBe(false);
    expect(status(reopened)).toBe('active');
    // A market the feed did not reopen (a goal in the stop decided it) stays closed.
    expect(status(left)).toBe('suspended');
  });

  it('reads every market as suspended while the provider is silent', () => {
    const { readModel } = loadedModel();
    const state = [...readModel.all()].find((candidate) =>
      [...candidate.markets.values()].some((market) => market.status === 'active'),
    );
    expect(state).toBeDefined();
    const market = [...(state?.markets.values() ?? [])].find(
      (candidate) => candidate.status === 'active',
    );
    if (!state || !market) return;
    expect(readModel.isMarketOpen(state, market)).toBe(true);
    readModel.setProviderAlive(false);
    expect(readModel.isMarketOpen(state, market)).toBe(false);
    readModel.setProviderAlive(true);
    expect(readModel.isMarketOpen(state, market)).toBe(true);
  });

  it('changes its epoch on every reload', () => {
    const { readModel } = loadedModel();
    const first = readModel.epoch;
    readModel.load({ timestamp: startTime, speed: 60, events: [] });
    expect(readModel.epoch).toBe(first + 1);
    expect([...readModel.all()]).toHaveLength(0);
  });
});
