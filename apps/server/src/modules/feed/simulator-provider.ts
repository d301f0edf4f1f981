import { createSimulator, type SimulatorOptions } from '@sb/feed-sim';
import type { FeedProvider } from './feed-provider';

/** How often the simulator's world is advanced to the wall clock. */
const tickMs = 250;

/** The built-in simulator as a feed provider, driven by the wall clock. */
export function createSimulatorProvider(
  options: Omit<SimulatorOptions, 'startTime'> & { now?: () => number },
): FeedProvider {
  const now = options.now ?? Date.now;
  const simulator = createSimulator({ ...options, startTime: now() });
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'simulator',
    snapshot: () => simulator.snapshot(),
    sports: () => simulator.sports(),
    start(onMessages) {
      if (timer) return;
      timer = setInterval(() => {
        const messages = simulator.advance(now());
        if (messages.length > 0) onMessages(messages);
      }, tickMs);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
