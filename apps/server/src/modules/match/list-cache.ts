import type { ReadModel, ReadModelChange } from '../feed/feed.types';

/**
 * Finished list answers, shared by every caller who asks the same question with the same view.
 *
 * A page of a thousand matches costs a selection, a sort and a megabyte of bytes joined together,
 * while live odds change many times a second somewhere in the book; rebuilding it for every request
 * would make the busiest call the slowest. Odds-only changes are therefore conflated: an answer is
 * reused for up to `freshnessMs` after it was built (DESIGN §5 lets list views lag 100–250 ms, and
 * the match socket carries every change after it). Anything else — a bet stop, a suspension, a
 * result, a fixture change, a new snapshot, the provider falling silent — is never conflated: it
 * retires every answer at once.
 */

/** How long an answer may trail odds changes. */
export const defaultListFreshnessMs = 200;
/** Answers are megabytes each; the cache holds at most this many bytes in all. */
const defaultMaxBytes = 64 * 1024 * 1024;

interface Entry<T> {
  value: T;
  bytes: number;
  builtAt: number;
  /** The change counters when it was built. */
  anyChange: number;
  hardChange: number;
}

/** A change that must show at once: anything but prices moving on markets that stay open. */
function isHardChange(change: ReadModelChange): boolean {
  if (change.kind !== 'event') return true;
  const { message } = change;
  // A play moves only the clock reading a row carries.
  if (message.type === 'play') return false;
  if (message.type !== 'odds_change') return true;
  return message.markets.some((market) => market.status !== 'active');
}

export interface ListCache<T> {
  /** The cached answer for `key`, or the one `build` makes (then kept). */
  get(key: string, build: () => Promise<T>): Promise<T>;
  /** Stops listening to the read model. */
  close(): void;
}

export function createListCache<T>(options: {
  readModel: ReadModel;
  now: () => number;
  /** The size of an answer, for the memory bound. */
  sizeOf: (value: T) => number;
  freshnessMs?: number;
  maxBytes?: number;
}): ListCache<T> {
  const freshnessMs = options.freshnessMs ?? defaultListFreshnessMs;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const entries = new Map<string, Entry<T>>();
  let totalBytes = 0;
  let anyChange = 0;
  let hardChange = 0;

  const unsubscribe = options.readModel.subscribe((change) => {
    anyChange += 1;
    if (isHardChange(change)) hardChange += 1;
  });

  function isCurrent(entry: Entry<T>, at: number): boolean {
    if (entry.hardChange !== hardChange) return false;
    return entry.anyChange === anyChange || at - entry.builtAt < freshnessMs;
  }

  function remove(key: string, entry: Entry<T>): void {
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  return {
    async get(key, build) {
      const at = options.now();
      const cached = entries.get(key);
      if (cached && isCurrent(cached, at)) return cached.value;
      if (cached) remove(key, cached);
      const counters = { anyChange, hardChange };
      const value = await build();
      const bytes = options.sizeOf(value);
      if (bytes > maxBytes) return value;
      // Map keeps insertion order, so the first entries are the least recently built.
      for (const [oldKey, oldEntry] of entries) {
        if (totalBytes + bytes <= maxBytes) break;
        remove(oldKey, oldEntry);
      }
      const rival = entries.get(key);
      if (rival) remove(key, rival);
      // Stamped with the counters from before the build: a change while it was built retires it.
      entries.set(key, { value, bytes, builtAt: at, ...counters });
      totalBytes += bytes;
      return value;
    },
    close() {
      unsubscribe();
    },
  };
}
