import type { FeedMessage } from '@sb/feed-sim';
import { createSimulator, type SimulatorOptions } from '@sb/feed-sim';
import type { FeedProvider } from './feed-provider';
import type { ResumePoint, SimulatorPosition } from './simulator-resume';

/** How often the simulator's world is advanced to the wall clock. */
const tickMs = 250;
/**
 * A world behind the clock (catching up after a restart) advances in steps of at most this much
 * feed time, each delivered as its own batch, and lets the process breathe between them.
 */
const catchUpStepFeedMs = 10 * 60_000;

export interface SimulatorProvider extends FeedProvider {
  /** What has been delivered so far covers the world up to here. */
  position(): SimulatorPosition;
  /** Advances the world to the clock; the timer does it every tick, tests call it directly. */
  tick(): Promise<void>;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The built-in simulator as a feed provider, driven by the wall clock. Given a resume point, it
 * carries on a saved world: created at the point, then caught up to the clock step by step,
 * sending what happened meanwhile. The replay before its start is exact, so the world numbers
 * its messages the same whenever it was created.
 */
export function createSimulatorProvider(
  options: Omit<SimulatorOptions, 'startTime' | 'feedStartTime' | 'exactReplay'> & {
    now?: () => number;
    resumeFrom?: ResumePoint;
  },
): SimulatorProvider {
  const { now: clock, resumeFrom, ...simulatorOptions } = options;
  const now = clock ?? Date.now;
  const startTime = resumeFrom?.startTime ?? now();
  const simulator = createSimulator({
    ...simulatorOptions,
    startTime,
    feedStartTime: resumeFrom?.feedStartTime ?? startTime,
    ...(resumeFrom ? { calendar: resumeFrom.calendar, density: resumeFrom.density } : {}),
    exactReplay: true,
  });
  const stepMs = catchUpStepFeedMs / simulator.speed;
  let timer: NodeJS.Timeout | undefined;
  let deliver: ((messages: FeedMessage[]) => void) | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  async function advanceToClock(): Promise<void> {
    const target = now();
    while (deliver && simulator.now() < target) {
      const next = Math.min(target, simulator.now() + stepMs);
      const messages = simulator.advance(next);
      if (messages.length > 0) deliver(messages);
      if (next < target) await breathe();
    }
  }

  /** One pass at a time; a tick asked for during a pass gets one more pass after it. */
  function tick(): Promise<void> {
    if (!running) {
      running = advanceToClock().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return tick();
    });
    return queued;
  }

  return {
    name: 'simulator',
    snapshot: () => simulator.snapshot(),
    sports: () => simulator.sports(),
    position: () => ({
      callerTime: simulator.now(),
      feedTime: simulator.feedTime(),
      calendar: simulator.calendar,
      density: simulator.density,
    }),
    tick,
    start(onMessages) {
      if (timer) return;
      deliver = onMessages;
      // Not a startPeriodicJob: `tick` queues its own passes, shared with the callers that tick by
      // hand, and `stop` waits for that queue (and this timer is not unref'd).
      timer = setInterval(() => void tick(), tickMs);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      deliver = undefined;
      await queued;
      await running;
    },
  };
}
