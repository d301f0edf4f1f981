import { createSimulator, type EventFeedMessage } from '@sb/feed-sim';
import { describe, expect, it } from 'vitest';
import { createReadModel } from '../feed/feed.service';
import { createListCache } from './list-cache';

const startTime = Date.parse('2030-03-01T12:00:00Z');

/** A read model fed by the simulator, the cache over it, and a counter of builds. */
function cachedWorld() {
  const simulator = createSimulator({ seed: 11, speed: 60, startTime, density: 0.3, calendar: 2 });
  let clock = startTime;
  const readModel = createReadModel(() => clock);
  readModel.load(simulator.snapshot());
  const cache = createListCache<string>({
    readModel,
    now: () => clock,
    sizeOf: (value) => value.length,
    freshnessMs: 200,
    maxBytes: 20,
  });
  let builds = 0;
  const get = (key = 'page') =>
    cache.get(key, async () => {
      builds += 1;
      return `${key}#${builds}`;
    });
  /** Feed messages over the next `ms` of simulated time, without applying them. */
  const messagesOver = (ms: number) =>
    simulator
      .advance(clock + ms)
      .filter((message): message is EventFeedMessage => message.type !== 'alive');
  return {
    readModel,
    get,
    messagesOver,
    tick: (ms: number) => {
      clock += ms;
    },
    builds: () => builds,
  };
}

/** An odds change that leaves every market it names open. */
/** A change a list may trail for the freshness window: prices moving, or a play (live data). */
function isPriceMove(message: EventFeedMessage): boolean {
  if (message.type === 'play') return true;
  return (
    message.type === 'odds_change' && message.markets.every((market) => market.status === 'active')
  );
}

describe('the list cache', () => {
  it('answers the same page again while nothing changed, however long ago it was built', async () => {
    const world = cachedWorld();
    expect(await world.get()).toBe('page#1');
    world.tick(60_000);
    expect(await world.get()).toBe('page#1');
    expect(world.builds()).toBe(1);
  });

  it('lets an answer trail price moves for the freshness window, then rebuilds it', async () => {
    const world = cachedWorld();
    const messages = world.messagesOver(10 * 60_000);
    const move = messages.find((message) => isPriceMove(message));
    expect(move).toBeDefined();
    await world.get();
    expect(world.readModel.apply(move as EventFeedMessage)).toBe(true);
    world.tick(199);
    expect(await world.get()).toBe('page#1');
    world.tick(1);
    expect(await world.get()).toBe('page#2');
  });

  it('retires every answer at once on a bet stop, a suspension or a settlement', async () => {
    const world = cachedWorld();
    const messages = world.messagesOver(60 * 60_000);
    const hard = messages.filter((message) => !isPriceMove(message));
    expect(hard.map((message) => message.type)).toContain('bet_stop');
    let expectedBuilds = 1;
    await world.get();
    for (const message of messages) {
      if (!world.readModel.apply(message) || isPriceMove(message)) continue;
      await world.get();
      expectedBuilds += 1;
      expect(world.builds()).toBe(expectedBuilds);
    }
    expect(expectedBuilds).toBeGreaterThan(1);
  });

  it('retires every answer when the provider falls silent or a new snapshot arrives', async () => {
    const world = cachedWorld();
    await world.get();
    world.readModel.setProviderAlive(false);
    expect(await world.get()).toBe('page#2');
    world.readModel.load({ timestamp: startTime, speed: 60, events: [] });
    expect(await world.get()).toBe('page#3');
  });

  it('keeps answers apart by key and drops the oldest beyond its byte bound', async () => {
    const world = cachedWorld();
    // Each answer is 4 characters and the bound is 20: five fit, the sixth pushes out the first.
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) await world.get(key);
    expect(await world.get('k1')).toBe('k1#1');
    expect(await world.get('k6')).toBe('k6#6');
    expect(await world.get('k1')).toBe('k1#7');
    // Rebuilding k1 pushed out k2, the oldest left; k3 stays.
    expect(await world.get('k3')).toBe('k3#3');
    expect(await world.get('k2')).toBe('k2#8');
  });
});
