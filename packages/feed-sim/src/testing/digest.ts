import { createHash, type Hash } from 'node:crypto';
import type { FeedMessage } from '../messages';
import type { Simulator } from '../simulator';

const HOUR = 3_600_000;

/**
 * Runs a simulator to `until` in steps of `step` caller milliseconds and digests its messages
 * hour by hour (SHA-1 over their JSON, through `replacer` when given): equal digests mean equal
 * message streams.
 */
export function digestByHour(
  sim: Simulator,
  until: number,
  step: number,
  watch?: (message: FeedMessage) => void,
  replacer?: (key: string, value: unknown) => unknown,
): string[] {
  const digests: string[] = [];
  let hash: Hash = createHash('sha1');
  let count = 0;
  let hourEnd = sim.now() + HOUR;
  const close = () => digests.push(`${count}:${hash.digest('hex')}`);
  for (let t = sim.now(); t < until; ) {
    t = Math.min(t + step, until);
    for (const message of sim.advance(t)) {
      watch?.(message);
      while (message.timestamp > hourEnd) {
        close();
        hash = createHash('sha1');
        hourEnd += HOUR;
      }
      hash.update(JSON.stringify(message, replacer));
      count++;
    }
  }
  close();
  return digests;
}
