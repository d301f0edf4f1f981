import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FeedMessage, FeedSnapshot, SportInfo } from '@sb/feed-sim';
import { Redis } from 'ioredis';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import { type LeaderLease, startLeaderLease } from './feed-leader';
import type { FeedProvider } from './feed-provider';

/** What travels on the bus channel. `n` counts a leader's envelopes, so a follower sees a gap. */
type Envelope =
  | { v: 1; term: number; n: number; kind: 'messages'; messages: FeedMessage[] }
  /** The snapshot itself is too large for a pub/sub message; it waits under `key`. */
  | { v: 1; term: number; n: number; kind: 'snapshot'; key: string };

/** The latest snapshot, one key per deployment: `term` and `n` say where it stands. */
interface StoredSnapshot {
  term: number;
  n: number;
  snapshot: FeedSnapshot;
  sports: SportInfo[];
}

export interface FeedBusLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SharedFeedOptions {
  redisUrl: string;
  /** Prefix of every key and channel, so deployments (and test runs) sharing a Redis stay apart. */
  prefix: string;
  /** The leader's lease; another process takes over within about this long after it dies. */
  leaseMs: number;
  /**
   * Builds the real feed when this process is elected; without it the process only follows. It
   * may read where the feed stopped (the catalogue's saved position) before it answers.
   */
  createSource?: () => FeedProvider | Promise<FeedProvider>;
  /**
   * Whether `start` also enters the election (default true). A server passes false and calls
   * `startCampaign` once it is up, so that the work of starting never delays a new leader's
   * first lease renewal.
   */
  campaignOnStart?: boolean;
  log?: FeedBusLog;
}

export interface SharedFeedProvider extends FeedProvider {
  /** Names this process in the leader lease: host, pid and a random part. */
  readonly nodeId: string;
  readonly isLeader: boolean;
  /** Enters the leader election (after `start`); does nothing for a process without a source. */
  startCampaign(): void;
}

/** The snapshot is kept this long for followers to fetch (a new one replaces it), then expires. */
const snapshotTtlMs = 30_000;
/** A leader answers sync requests with at most one snapshot per this interval. */
const snapshotIntervalMs = 500;
/** A follower out of sync asks again this often until a snapshot arrives. */
const syncRetryMs = 2_000;
/** Envelopes held while a snapshot is fetched; more means something is badly wrong: start over. */
const bufferLimit = 10_000;
/** A leader whose feed could not be built tries again this often while it leads. */
const sourceRetryMs = 2_000;

export const feedBusKeys = (prefix: string) => ({
  bus: `${prefix}feed:bus`,
  sync: `${prefix}feed:sync`,
  leader: `${prefix}feed:leader`,
  term: `${prefix}feed:term`,
  snapshot: `${prefix}feed:snapshot`,
});

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const value = JSON.parse(text) as Partial<Envelope> | null;
    if (value?.v !== 1 || !Number.isSafeInteger(value.term)) return undefined;
    if (!Number.isSafeInteger(value.n)) return undefined;
    if (value.kind === 'messages' && Array.isArray(value.messages)) return value as Envelope;
    if (value.kind === 'snapshot' && typeof value.key === 'string') return value as Envelope;
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * The feed shared by several server processes through Redis. One process, the leader (a lease in
 * Redis), runs the real provider and publishes its snapshot and every batch of messages on one
 * channel; every process, the leader included, applies what arrives on the channel to its own
 * read model, so all of them serve the same book. A process that joins late, or sees a gap in
 * the leader's numbering, asks on the sync channel and the leader publishes a fresh snapshot. A
 * new leader starts a new term with a snapshot of its own world, which every process loads.
 */
export function createSharedFeedProvider(options: SharedFeedOptions): SharedFeedProvider {
  const keys = feedBusKeys(options.prefix);
  const nodeId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = options.log;
  let sports: SportInfo[] = [];
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let lease: LeaderLease | undefined;
  let syncRetry: PeriodicJob | undefined;
  let deliverMessages: (messages: FeedMessage[]) => void = () => {};
  let deliverSnapshot: (snapshot: FeedSnapshot) => void = () => {};

  // Follower state: the newest term seen, the last envelope applied, and a pending snapshot.
  let term = 0;
  let lastN = 0;
  let isSynced = false;
  let loadingTerm: number | undefined;
  let buffered: Envelope[] = [];
  let lastSyncRequestAt = 0;

  // Leader state.
  let leaderTerm = 0;
  let sentN = 0;
  let source: FeedProvider | undefined;
  let lastSnapshotAt = 0;
  let snapshotTimer: NodeJS.Timeout | undefined;

  const report = (message: string) => (error: unknown) => log?.error({ err: error }, message);

  function requestSync(): void {
    if (!publisher || Date.now() - lastSyncRequestAt < snapshotIntervalMs) return;
    lastSyncRequestAt = Date.now();
    publisher.publish(keys.sync, nodeId).catch(report('feed sync request failed'));
  }

  function loseSync(reason: string): void {
    if (isSynced) log?.warn({ term, lastN, reason }, 'feed bus out of sync, asking for a snapshot');
    isSynced = false;
    requestSync();
  }

  async function loadSnapshot(envelope: Extract<Envelope, { kind: 'snapshot' }>): Promise<void> {
    loadingTerm = envelope.term;
    buffered = [];
    let stored: StoredSnapshot | undefined;
    try {
      const text = await publisher?.get(envelope.key);
      stored = text ? (JSON.parse(text) as StoredSnapshot) : undefined;
    } catch (error) {
      log?.error({ err: error }, 'feed snapshot could not be read');
    }
    loadingTerm = undefined;
    const pending = buffered;
    buffered = [];
    // A newer term may have begun while fetching: then this snapshot is history, and the new
    // term's envelopes, among those held meanwhile, take over.
    if (envelope.term === term) {
      if (stored?.term === term && stored.n >= envelope.n) {
        sports = stored.sports;
        deliverSnapshot(stored.snapshot);
        isSynced = true;
        // The stored snapshot may be newer than the envelope: what it already holds is skipped.
        lastN = stored.n;
      } else {
        loseSync('snapshot missing');
      }
    }
    for (const next of pending) receive(next);
  }

  function receive(envelope: Envelope): void {
    if (envelope.term < term) return;
    if (envelope.term > term) {
      term = envelope.term;
      lastN = 0;
      isSynced = false;
    }
    if (loadingTerm !== undefined) {
      if (buffered.length >= bufferLimit) {
        buffered = [];
        loadingTerm = undefined;
        loseSync('buffer full');
        return;
      }
      buffered.push(envelope);
      return;
    }
    if (isSynced && envelope.n <= lastN) return;
    if (isSynced && envelope.n !== lastN + 1) loseSync(`expected ${lastN + 1}, got ${envelope.n}`);
    if (!isSynced) {
      if (envelope.kind === 'snapshot') void loadSnapshot(envelope);
      else requestSync();
      return;
    }
    lastN = envelope.n;
    if (envelope.kind === 'messages') deliverMessages(envelope.messages);
  }

  function publish(envelope: Envelope): void {
    publisher?.publish(keys.bus, JSON.stringify(envelope)).catch(report('feed publish failed'));
  }

  function publishSnapshot(): void {
    if (!source || !publisher) return;
    lastSnapshotAt = Date.now();
    sentN += 1;
    const stored: StoredSnapshot = {
      term: leaderTerm,
      n: sentN,
      snapshot: source.snapshot(),
      sports: source.sports(),
    };
    // Same connection, so the SET is done before any follower reads the envelope that names it.
    publisher
      .set(keys.snapshot, JSON.stringify(stored), 'PX', snapshotTtlMs)
      .catch(report('feed snapshot store failed'));
    publish({ v: 1, term: leaderTerm, n: sentN, kind: 'snapshot', key: keys.snapshot });
  }

  /** Sync requests from many followers at once are answered with one snapshot. */
  function answerSyncRequest(): void {
    if (!source || snapshotTimer) return;
    const waitMs = Math.max(0, lastSnapshotAt + snapshotIntervalMs - Date.now());
    snapshotTimer = setTimeout(() => {
      snapshotTimer = undefined;
      publishSnapshot();
    }, waitMs);
  }

  /** Whether this process still leads in `forTerm` (leadership may end while a feed is built). */
  const isLeading = (forTerm: number) => lease?.isLeader === true && leaderTerm === forTerm;

  async function lead(newTerm: number): Promise<void> {
    const create = options.createSource;
    if (!create) return;
    leaderTerm = newTerm;
    sentN = 0;
    let started: FeedProvider;
    try {
      started = await create();
    } catch (error) {
      log?.error({ err: error, term: newTerm }, 'feed could not be started; trying again');
      setTimeout(() => {
        if (isLeading(newTerm) && !source) lead(newTerm).catch(report('feed start failed'));
      }, sourceRetryMs).unref();
      return;
    }
    if (!isLeading(newTerm) || source) {
      await started.stop();
      return;
    }
    source = started;
    log?.info({ term: newTerm, nodeId }, 'feed leader elected: running the feed');
    publishSnapshot();
    started.start((messages) => {
      if (source !== started) return;
      sentN += 1;
      publish({ v: 1, term: leaderTerm, n: sentN, kind: 'messages', messages });
    });
  }

  async function stepDown(): Promise<void> {
    clearTimeout(snapshotTimer);
    snapshotTimer = undefined;
    const stopping = source;
    source = undefined;
    if (!stopping) return;
    log?.warn({ term: leaderTerm, nodeId }, 'feed leadership ended: feed stopped here');
    await stopping.stop();
  }

  /** Takes part in the leader election, when this process can run the feed. */
  function campaign(): void {
    if (lease || !publisher || !options.createSource) return;
    lease = startLeaderLease({
      redis: publisher,
      key: keys.leader,
      termKey: keys.term,
      nodeId,
      leaseMs: options.leaseMs,
      onElected: (newTerm) => void lead(newTerm).catch(report('feed start failed')),
      onDeposed: () => void stepDown().catch(report('feed stop failed')),
      onError: report('feed leader lease error'),
    });
  }

  return {
    name: 'feed-bus',
    nodeId,
    get isLeader() {
      return source !== undefined;
    },
    // The picture arrives from the bus; until then the book is empty.
    snapshot: () => ({ timestamp: Date.now(), speed: 1, events: [] }),
    sports: () => sports,
    start(onMessages, onSnapshot) {
      if (publisher) return;
      deliverMessages = onMessages;
      if (onSnapshot) deliverSnapshot = onSnapshot;
      publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      publisher.on('error', report('feed bus connection error'));
      subscriber.on('error', report('feed bus subscription error'));
      subscriber.on('message', (channel: string, text: string) => {
        if (channel === keys.sync) return answerSyncRequest();
        const envelope = parseEnvelope(text);
        if (envelope) receive(envelope);
        else log?.warn({ channel }, 'unreadable feed bus message ignored');
      });
      // Messages published while the subscription was down are lost: catch up from a snapshot.
      subscriber.on('ready', () => loseSync('subscription (re)connected'));
      subscriber
        .subscribe(keys.bus, keys.sync)
        .then(() => {
          lastSyncRequestAt = 0;
          requestSync();
        })
        .catch(report('feed bus subscribe failed'));
      syncRetry = startPeriodicJob({
        run: () => {
          if (
            !isSynced &&
            loadingTerm === undefined &&
            Date.now() - lastSyncRequestAt > syncRetryMs
          )
            requestSync();
        },
        everyMs: syncRetryMs / 2,
        onError: report('feed bus sync request failed'),
      });
      if (options.campaignOnStart !== false) campaign();
    },
    startCampaign: campaign,
    async stop() {
      await syncRetry?.stop();
      await lease?.stop();
      await stepDown();
      await Promise.allSettled([publisher?.quit(), subscriber?.quit()]);
      publisher = undefined;
      subscriber = undefined;
    },
  };
}
