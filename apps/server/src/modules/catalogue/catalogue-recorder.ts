import type { FeedMessage, FeedSnapshot, SportInfo } from '@sb/feed-sim';
import type { CatalogueRepository } from './catalogue.repository';
import {
  addMessages,
  addSnapshot,
  type CatalogueBatch,
  createStatusFilter,
  emptyBatch,
  type FeedPosition,
  factCountOf,
  hasContent,
  mergeBatches,
} from './catalogue-batch';

export interface RecorderLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A tick with nothing but odds still saves the position, at most this often. */
const positionIntervalMs = 5_000;
/** Waits between attempts while the database fails: doubling up to the last. */
const retryDelaysMs = [250, 500, 1_000, 2_000, 5_000, 10_000, 30_000];
/**
 * Unwritten settlements, cancellations and fixture changes held while the database fails. Past
 * it the recorder gives up rather than grow without end; the position stays where the last write
 * left it, so the next start replays (and writes) what was lost.
 */
const pendingFactsLimit = 200_000;

export interface CatalogueRecorder {
  /** The provider's whole picture when it starts: sports, leagues, events and their status. */
  recordSnapshot(
    snapshot: FeedSnapshot,
    sports: readonly SportInfo[],
    position: FeedPosition,
  ): void;
  /** One feed tick's messages; everything the provider sent up to `position` is in them. */
  record(messages: readonly FeedMessage[], position: FeedPosition): void;
  /** Resolves once everything recorded so far is written, or after `timeoutMs`. */
  flush(timeoutMs?: number): Promise<void>;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Writes what a feed sends to the catalogue: one transaction per tick, in order, never more than
 * one at a time. A tick that arrives while a write is under way joins the next one, so a slow
 * database gets fewer, larger writes instead of a queue; a failed write is tried again with the
 * ticks that came meanwhile.
 */
export function createCatalogueRecorder(options: {
  repository: CatalogueRepository;
  /** Names the feed in `feed_positions`. */
  source: string;
  now?: () => Date;
  log?: RecorderLog;
}): CatalogueRecorder {
  const { repository, source, log } = options;
  const now = options.now ?? (() => new Date());
  const statusFilter = createStatusFilter();
  let pending: CatalogueBatch = emptyBatch();
  let writing: Promise<void> | undefined;
  let lastWrittenAt = 0;
  let failures = 0;
  let isFlushing = false;
  let hasGivenUp = false;

  const isDue = () =>
    hasContent(pending) ||
    (pending.position !== undefined &&
      (isFlushing || Date.now() - lastWrittenAt >= positionIntervalMs));

  async function writePending(): Promise<void> {
    while (!hasGivenUp && isDue()) {
      const batch = pending;
      pending = emptyBatch();
      try {
        await repository.write(source, batch);
        lastWrittenAt = Date.now();
        failures = 0;
      } catch (error) {
        pending = mergeBatches(batch, pending);
        failures += 1;
        log?.error({ err: error, source, failures }, 'catalogue write failed, trying again');
        if (factCountOf(pending) > pendingFactsLimit) {
          hasGivenUp = true;
          pending = emptyBatch();
          log?.error(
            { source, position: batch.position },
            'catalogue recording stopped: too much unwritten; a restart catches up from the saved position',
          );
          return;
        }
        await wait(retryDelaysMs[Math.min(failures, retryDelaysMs.length) - 1] ?? 0);
      }
    }
  }

  function startWriting(): Promise<void> {
    writing ??= writePending().finally(() => {
      writing = undefined;
    });
    return writing;
  }

  return {
    recordSnapshot(snapshot, sports, position) {
      if (hasGivenUp) return;
      addSnapshot(pending, statusFilter, snapshot, sports);
      pending.position = position;
      void startWriting();
    },

    record(messages, position) {
      if (hasGivenUp) return;
      addMessages(pending, statusFilter, messages, now());
      pending.position = position;
      if (isDue()) void startWriting();
    },

    async flush(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      isFlushing = true;
      try {
        while (!hasGivenUp && (writing || isDue()) && Date.now() < deadline) {
          await Promise.race([startWriting(), wait(deadline - Date.now())]);
        }
        if (!hasGivenUp && (writing || isDue()))
          log?.warn({ source, timeoutMs }, 'catalogue flush timed out; the next start catches up');
      } finally {
        isFlushing = false;
      }
    },
  };
}
