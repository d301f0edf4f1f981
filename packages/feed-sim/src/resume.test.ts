import { describe, expect, it } from 'vitest';
import type { FeedMessage } from './messages';
import { createSimulator, type Simulator } from './simulator';

const START = Date.UTC(2025, 10, 4, 17, 20);
const MINUTE = 60_000;
const options = { seed: 'resume', speed: 60, exactReplay: true, calendar: 2 };

function run(sim: Simulator, until: number): FeedMessage[] {
  const messages: FeedMessage[] = [];
  for (let t = sim.now(); t < until; ) {
    t = Math.min(t + 1000, until);
    messages.push(...sim.advance(t));
  }
  return messages;
}

/** Every event with all it holds, in id order: the snapshot lists them in creation order. */
const listed = (sim: Simulator) =>
  sim.snapshot().events.sort((a, b) => a.fixture.eventId - b.fixture.eventId);

/**
 * Each event's messages in order. Alive messages are counted per simulator, and messages of
 * different events due at the same moment may come in either order.
 */
function byEvent(messages: FeedMessage[]): Map<number, FeedMessage[]> {
  const events = new Map<number, FeedMessage[]>();
  for (const message of messages) {
    if (message.type === 'alive') continue;
    const list = events.get(message.eventId) ?? [];
    list.push(message);
    events.set(message.eventId, list);
  }
  return events;
}

const resumeFrom = (sim: Simulator, extra: Partial<Parameters<typeof createSimulator>[0]> = {}) =>
  createSimulator({ ...options, startTime: sim.now(), feedStartTime: sim.feedTime(), ...extra });

describe('a world resumed from a saved position', () => {
  it('sends exactly what the world that kept running sends, at any moment of the day', () => {
    const original = createSimulator({ ...options, startTime: START });
    // Six resumptions over a day of the feed's calendar (24 caller minutes at speed 60); the
    // last finds a tennis match in its fourth hour.
    for (let point = 1; point <= 6; point += 1) {
      run(original, START + point * 4 * MINUTE);
      const resumed = resumeFrom(original);
      expect(listed(resumed)).toEqual(listed(original));
      const until = original.now() + 2 * MINUTE;
      expect(byEvent(run(resumed, until))).toEqual(byEvent(run(original, until)));
    }
    expect(original.feedTime() - original.now()).toBe(59 * (original.now() - START));
    // Six simulated hours run twice: CPU-bound, so a busy machine needs the room.
  }, 240_000);

  it("lists the last day's matches that are over, as they ended, from the moment it is created", () => {
    const created = createSimulator({ ...options, startTime: START });
    const over = created.snapshot().events.filter((event) => event.fixture.startTime < START);
    const finished = over.filter((event) =>
      ['ended', 'cancelled', 'abandoned'].includes(event.status.status),
    );
    expect(finished.length).toBeGreaterThan(50);
    for (const { fixture, status, markets } of finished) {
      expect(fixture.kind).toBe('match');
      expect(fixture.virtual).toBe(false);
      expect(markets).toEqual([]);
      // A day of the feed's clock is 24 caller minutes at speed 60.
      expect(START - fixture.startTime).toBeLessThan(24 * MINUTE + 4 * 60 * MINUTE);
      if (status.status === 'ended') {
        const sum = status.periodScores.reduce((total, part) => total + part.home, 0);
        expect(status.periodScores.length).toBeGreaterThan(0);
        if (fixture.sportId === 1) expect(sum).toBe(status.homeScore);
      }
    }
  });

  it('numbers messages and keeps withdrawn lines differently without exact replay', () => {
    const original = createSimulator({ ...options, startTime: START });
    run(original, START + 10 * MINUTE);
    const resumed = resumeFrom(original, { exactReplay: false });
    const ids = (sim: Simulator) => listed(sim).map((event) => event.fixture.eventId);
    expect(ids(resumed)).toEqual(ids(original));
    expect(listed(resumed)).not.toEqual(listed(original));
  });

  it('is another day of the calendar when created again without its feed time', () => {
    const original = createSimulator({ ...options, startTime: START });
    run(original, START + 10 * MINUTE);
    const restarted = createSimulator({ ...options, startTime: original.now() });
    const ids = (sim: Simulator) => listed(sim).map((event) => event.fixture.eventId);
    expect(ids(restarted)).not.toEqual(ids(original));
  });
});
