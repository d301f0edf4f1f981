import { describe, expect, it } from 'vitest';
import type { EventFeedMessage, FeedMessage, RunnerPosition, RunningOrder } from '../messages';
import { SportIds } from '../messages';
import { createRng } from '../prng';
import { createSimulator } from '../simulator';
import { runRace } from './running-order';

const START = Date.UTC(2025, 6, 19, 9, 5);

/** The messages about each of the first `count` races to start, from the off to their results. */
function runRaces(seed: string, count: number) {
  const sim = createSimulator({ seed, startTime: START, speed: 60, density: 0.5, calendar: 2 });
  const races = sim
    .snapshot()
    .events.filter(
      (e) => e.fixture.sportId === SportIds.VirtualRacing && e.status.status === 'not_started',
    )
    .sort((a, b) => a.fixture.startTime - b.fixture.startTime)
    .slice(0, count);
  const last = races.at(-1);
  if (!last) throw new Error('no race ahead');
  const messages: FeedMessage[] = [];
  for (let t = sim.now(); t < last.fixture.startTime + 6 * 60_000; ) {
    t += 1000;
    messages.push(...sim.advance(t));
  }
  return races.map((race) => ({
    field: race.fixture.competitors.map((c) => c.id),
    messages: messages.filter(
      (m): m is EventFeedMessage => m.type !== 'alive' && m.eventId === race.fixture.eventId,
    ),
  }));
}

const ordersOf = (messages: EventFeedMessage[]): RunningOrder[] =>
  messages.flatMap((m) => ('status' in m && m.status.runningOrder ? [m.status.runningOrder] : []));

/** A reading names every runner once, leader first, each somewhere between the off and the post. */
function expectValidReading(runners: RunnerPosition[], field: number[]) {
  expect(runners.map((r) => r.id).sort((a, b) => a - b)).toEqual([...field].sort((a, b) => a - b));
  runners.forEach((runner, i) => {
    expect(runner.progress).toBeGreaterThanOrEqual(0);
    expect(runner.progress).toBeLessThanOrEqual(1);
    const ahead = runners[i - 1];
    if (ahead) expect(runner.progress).toBeLessThanOrEqual(ahead.progress);
  });
}

describe('the running order of a virtual race', () => {
  const races = runRaces('running-order', 6);

  it('is read out as the race goes, every reading a valid order, nobody running backwards', () => {
    for (const { field, messages } of races) {
      const live = messages.filter((m) => 'status' in m && m.status.status === 'live');
      const orders = ordersOf(live);
      // The off, then a reading every 2.5 s of the 50-s race but the last, which is the finish.
      expect(orders.map((o) => o.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(orders[0]?.runners.every((r) => r.progress === 0)).toBe(true);
      expect(live.filter((m) => m.type === 'play')).toHaveLength(19);
      const covered = new Map<number, number>();
      for (const order of orders) {
        expectValidReading(order.runners, field);
        for (const runner of order.runners) {
          expect(runner.progress).toBeGreaterThanOrEqual(covered.get(runner.id) ?? 0);
          covered.set(runner.id, runner.progress);
        }
      }
    }
  });

  it('finishes in exactly the order the race is settled with', () => {
    for (const { field, messages } of races) {
      const settlement = messages.find((m) => m.type === 'bet_settlement');
      const ranking = settlement?.type === 'bet_settlement' ? settlement.result.ranking : undefined;
      expect(ranking).toHaveLength(field.length);
      const ended = messages.find((m) => 'status' in m && m.status.status === 'ended');
      const final = ended && 'status' in ended ? ended.status : undefined;
      expect(final?.ranking).toEqual(ranking);
      expect(final?.runningOrder?.n).toBe(21);
      expect(final?.runningOrder?.runners.map((r) => r.id)).toEqual(ranking);
      expectValidReading(final?.runningOrder?.runners ?? [], field);
      expect(final?.runningOrder?.runners[0]?.progress).toBe(1);
    }
  });

  it('changes places in running: the leaders at halfway are not simply the finishing order', () => {
    const changed = races.filter(({ messages }) => {
      const orders = ordersOf(messages);
      const halfway = orders[10]?.runners.map((r) => r.id);
      return JSON.stringify(halfway) !== JSON.stringify(orders.at(-1)?.runners.map((r) => r.id));
    });
    expect(changed.length).toBeGreaterThanOrEqual(races.length - 1);
  });

  it('is the same for the same seed', () => {
    expect(runRaces('running-order', 1)[0]).toEqual(races[0]);
  });
});

describe('runRace', () => {
  it('brings a dead heat to the post together, listed in the order of the result', () => {
    const finish = [14, 3, 9, 27];
    const course = runRace(finish, true, 10, createRng('dead-heat'));
    const post = course.at(-1) ?? [];
    expect(post.map((r) => r.id)).toEqual(finish);
    expect(post.slice(0, 2).map((r) => r.progress)).toEqual([1, 1]);
    expect(post[2]?.progress).toBeLessThan(1);
  });

  it('ends every race in its finish, over many draws', () => {
    const rng = createRng('many');
    for (let race = 0; race < 50; race++) {
      const finish = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8]);
      const course = runRace(finish, false, 20, rng);
      expect(course).toHaveLength(20);
      for (const reading of course) expectValidReading(reading, finish);
      expect(course.at(-1)?.map((r) => r.id)).toEqual(finish);
    }
  });
});
