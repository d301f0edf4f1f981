import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeed } from '../../src/modules/feed/feed.service';
import {
  createSharedFeedProvider,
  feedBusKeys,
  type SharedFeedProvider,
} from '../../src/modules/feed/feed-bus';
import { createReadModel, type ReadModel } from '../../src/modules/feed/read-model';
import { createManualFeed, eventually, type ManualFeed } from './helpers';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('REDIS_URL is not set: the feed bus tests are skipped');

const prefix = `sb:test:${randomBytes(6).toString('hex')}:`;
const keys = feedBusKeys(prefix);
const leaseMs = 1_500;

interface Node {
  provider: SharedFeedProvider;
  book: ReadModel;
  stop(): Promise<void>;
}

function startNode(source?: ManualFeed): Node {
  const provider = createSharedFeedProvider({
    redisUrl: redisUrl as string,
    prefix,
    leaseMs,
    ...(source ? { createSource: () => source.provider } : {}),
  });
  const book = createReadModel();
  const feed = startFeed({ provider, readModel: book });
  return { provider, book, stop: () => feed.stop() };
}

/** The seq of every event in a book, to compare two books. */
const seqsOf = (book: ReadModel) =>
  new Map([...book.all()].map((state) => [state.fixture.eventId, state.seq]));

describe.skipIf(!redisUrl)('the feed bus', () => {
  let source: ManualFeed;
  let leader: Node;
  let follower: Node;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl as string);
    source = createManualFeed('feed-bus-test');
    leader = startNode(source);
    await eventually(() => (leader.provider.isLeader ? true : undefined), 'a leader');
    await eventually(
      () => ([...leader.book.all()].length > 0 ? true : undefined),
      'the first snapshot',
    );
    // Joins after the leader's first snapshot: it must ask for one.
    follower = startNode();
  });

  afterAll(async () => {
    await follower?.stop();
    await leader?.stop();
    const stored = await redis.keys(`${prefix}*`);
    if (stored.length > 0) await redis.del(...stored);
    await redis.quit();
  });

  it('gives a process that joins late the whole book, then every message', async () => {
    await eventually(
      () => (follower.book.epoch > 0 && [...follower.book.all()].length > 0 ? true : undefined),
      'the follower to load a snapshot',
    );
    expect(follower.provider.isLeader).toBe(false);
    const delivered = source.advance(30_000).filter((message) => message.type !== 'alive');
    expect(delivered.length).toBeGreaterThan(0);
    // Where each event stands after these messages, as the leader's feed sent them.
    const expected = new Map(delivered.map((message) => [message.eventId, message.seq]));
    // The leader's own book applies them through the bus too, so it may finish after the follower.
    const applied = (book: ReadModel) => {
      const seqs = seqsOf(book);
      return [...expected].every(([eventId, seq]) => seqs.get(eventId) === seq);
    };
    await eventually(
      () => (applied(follower.book) && applied(leader.book) ? true : undefined),
      'both books to apply every message',
    );
    expect(seqsOf(follower.book)).toEqual(seqsOf(leader.book));
  });

  it('ignores what a deposed leader still sends, and resyncs after a gap', async () => {
    const term = Number(await redis.get(keys.term));
    const epochBefore = follower.book.epoch;
    const leaderEpochBefore = leader.book.epoch;
    const [someEvent] = follower.book.all();
    if (!someEvent) throw new Error('empty book');
    const staleSeq = someEvent.seq + 1_000;
    const applied: number[] = [];
    const unsubscribe = follower.book.subscribe((change) => {
      if (change.kind === 'event') applied.push(change.state.seq);
    });
    // An old term's message for a real event, with a seq far ahead: it must change nothing.
    await redis.publish(
      keys.bus,
      JSON.stringify({
        v: 1,
        term: term - 1,
        n: 1_000_000,
        kind: 'messages',
        messages: [
          {
            type: 'bet_stop',
            eventId: someEvent.fixture.eventId,
            sportId: someEvent.fixture.sportId,
            timestamp: Date.now(),
            seq: staleSeq,
            reason: 'possible_goal',
            status: someEvent.status,
          },
        ],
      }),
    );
    // A message of the current term that skips numbers: every process has missed something.
    await redis.publish(
      keys.bus,
      JSON.stringify({ v: 1, term, n: 1_000_000, kind: 'messages', messages: [] }),
    );
    // Every process, the leader's included, missed the skipped numbers and reloads.
    await eventually(
      () =>
        follower.book.epoch > epochBefore && leader.book.epoch > leaderEpochBefore
          ? true
          : undefined,
      'fresh snapshots after the gap',
    );
    unsubscribe();
    expect(applied).not.toContain(staleSeq);
    expect(seqsOf(follower.book)).toEqual(seqsOf(leader.book));
  });

  it('hands the feed to another process when the leader stops', async () => {
    const standby = createManualFeed('feed-bus-test');
    const second = startNode(standby);
    try {
      expect(second.provider.isLeader).toBe(false);
      const epochBefore = follower.book.epoch;
      await leader.stop();
      await eventually(() => (second.provider.isLeader ? true : undefined), 'a new leader', 10_000);
      const holder = await redis.get(keys.leader);
      expect(holder).toBe(second.provider.nodeId);
      await eventually(
        () => (follower.book.epoch > epochBefore ? true : undefined),
        'the new term snapshot',
      );
      const delivered = standby.advance(10_000).filter((message) => message.type !== 'alive');
      expect(delivered.length).toBeGreaterThan(0);
      const expected = new Map(delivered.map((message) => [message.eventId, message.seq]));
      await eventually(() => {
        const seqs = seqsOf(follower.book);
        return [...expected].every(([eventId, seq]) => seqs.get(eventId) === seq)
          ? true
          : undefined;
      }, 'the follower to follow the new leader');
    } finally {
      await second.stop();
    }
  });
});
