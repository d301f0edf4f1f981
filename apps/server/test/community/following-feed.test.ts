import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import {
  type CommunityRepository,
  createCommunityRepository,
} from '../../src/modules/community/community.repository';
import {
  communityFollows,
  communityHiddenTipsters,
  communityShares,
  type NewShare,
  type ShareRow,
} from '../../src/modules/community/community.schema';
import { createTestDatabase } from '../test-database';

// The following feed over many tipsters, its shares written straight into the tables: busy
// tipsters with more shares than a page and quiet ones, hidden tipsters and shares, withdrawn
// and anonymous ones, several sports. Every page must be the one the feed's definition gives:
// the visible, naming shares of the followed tipsters, newest first.

let database: DatabaseHandle;
let repository: CommunityRepository;
let shares: ShareRow[];
const follower = 5_000_001;
/** Another member, following other tipsters: none of theirs may show in the follower's feed. */
const otherFollower = 5_000_002;
const sportsOf = [[1], [2], [1, 3], [3], [1, 2, 31]];
/** Tipsters 1…40: the first five busy (60 shares), the rest quiet (0 to 4). */
const tipsters = Array.from({ length: 40 }, (_, index) => 6_000_001 + index);
const followed = tipsters.filter((_, index) => index % 3 !== 2);
const hiddenTipsters = new Set([tipsters[1], tipsters[9]]);

/** A small seeded generator, so the run's world is the same every time. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createCommunityRepository(database.db);
  const random = seededRandom(20_261_204);
  const drafts: NewShare[] = [];
  tipsters.forEach((userId, index) => {
    const n = index < 5 ? 60 : Math.floor(random() * 5);
    for (let each = 0; each < n; each++) {
      const roll = random();
      drafts.push({
        code: `FOLLOW${String(drafts.length).padStart(4, '0')}`,
        userId,
        orderId: 7_000_000 + drafts.length,
        privacy: roll < 0.15 ? 'anonymous' : roll < 0.3 ? 'no_amounts' : 'all',
        sportIds: sportsOf[Math.floor(random() * sportsOf.length)] ?? [1],
        placed: {},
        status: 0,
        signature: 'test',
        keyId: 'test',
        createdAt: new Date(Date.UTC(2026, 11, 1) + drafts.length * 60_000),
        withdrawnAt: random() < 0.08 ? new Date(Date.UTC(2026, 11, 2)) : null,
        hiddenAt: random() < 0.08 ? new Date(Date.UTC(2026, 11, 2)) : null,
        hiddenBy: null,
      });
    }
  });
  // Interleaved, so the tipsters' shares alternate in id order as they would over time.
  for (let index = drafts.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [drafts[index], drafts[other]] = [drafts[other] as NewShare, drafts[index] as NewShare];
  }
  shares = await database.db.insert(communityShares).values(drafts).returning();
  const at = new Date(Date.UTC(2026, 11, 3));
  await database.db
    .insert(communityFollows)
    .values([
      ...followed.map((tipsterId) => ({ followerId: follower, tipsterId, createdAt: at })),
      ...tipsters
        .filter((tipsterId) => !followed.includes(tipsterId))
        .map((tipsterId) => ({ followerId: otherFollower, tipsterId, createdAt: at })),
    ]);
  await database.db
    .insert(communityHiddenTipsters)
    .values(
      [...hiddenTipsters].map((userId) => ({ userId: userId ?? 0, hiddenBy: 1, hiddenAt: at })),
    );
});
afterAll(() => database.close());

/** The feed as defined: the follower's tipsters' visible shares that name them, newest first. */
function expectedFeed(sportId?: number): number[] {
  return shares
    .filter(
      (share) =>
        followed.includes(share.userId) &&
        !hiddenTipsters.has(share.userId) &&
        share.privacy !== 'anonymous' &&
        share.withdrawnAt === null &&
        share.hiddenAt === null &&
        (sportId === undefined || share.sportIds.includes(sportId)),
    )
    .map((share) => share.id)
    .sort((a, b) => b - a);
}

describe('the following feed over many tipsters', () => {
  it('pages the visible shares of the followed tipsters newest first, by sport too', async () => {
    for (const sportId of [undefined, 1, 3, 31]) {
      const expected = expectedFeed(sportId);
      // The busy tipsters' shares fill more than a few pages, so pages reach past a tipster's
      // first page of shares.
      expect(expected.length).toBeGreaterThan(sportId === undefined ? 150 : 20);
      for (const limit of [1, 7, 20]) {
        const pages: number[] = [];
        for (let offset = 0; offset <= expected.length + limit; offset += limit) {
          const page = await repository.feed(
            { feed: 'following', followerId: follower, sportId, offset, limit },
            1_000,
          );
          expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + limit));
          expect(page).toMatchObject({ total: expected.length, totalCapped: false });
          pages.push(...page.rows.map((row) => row.id));
        }
        expect(pages).toEqual(expected);
      }
    }
  });

  it('answers whole rows, and nothing of a tipster not followed or hidden', async () => {
    const page = await repository.feed(
      { feed: 'following', followerId: follower, offset: 0, limit: 50 },
      1_000,
    );
    const byId = new Map(shares.map((share) => [share.id, share]));
    expect(page.rows).toEqual(page.rows.map((row) => byId.get(row.id)));
    for (const row of page.rows) {
      expect(followed).toContain(row.userId);
      expect(hiddenTipsters.has(row.userId)).toBe(false);
    }
    const other = await repository.feed(
      { feed: 'following', followerId: otherFollower, offset: 0, limit: 50 },
      1_000,
    );
    expect(other.rows.length).toBeGreaterThan(0);
    for (const row of other.rows) expect(followed).not.toContain(row.userId);
    const nobody = await repository.feed(
      { feed: 'following', followerId: 5_000_003, offset: 0, limit: 20 },
      1_000,
    );
    expect(nobody).toEqual({ rows: [], total: 0, totalCapped: false });
  });

  it('counts the total only so far past the page, as the public feeds do', async () => {
    const expected = expectedFeed();
    const cap = 30;
    for (const offset of [0, 20, expected.length - cap - 1, expected.length - cap]) {
      const page = await repository.feed(
        { feed: 'following', followerId: follower, offset, limit: 10 },
        cap,
      );
      const upTo = offset + cap;
      expect(page).toMatchObject({
        total: Math.min(expected.length, upTo),
        totalCapped: expected.length > upTo,
      });
      expect(page.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + 10));
    }
  });
});
