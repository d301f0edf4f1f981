import { createPublicKey, verify } from 'node:crypto';
import {
  type AuditEntry,
  type DeskShare,
  errorCatalogue,
  orderStatus,
  type Share,
  shareCodeAlphabet,
  type tipsterProfileSchema,
} from '@sb/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createCommunityRepository } from '../../src/modules/community/community.repository';
import {
  communityKeys,
  communityShares,
  communityTipsterDays,
} from '../../src/modules/community/community.schema';
import { feedTotalCap } from '../../src/modules/community/community.service';
import { canonicalJson, shareSigner, signedBytesOf } from '../../src/modules/community/share-proof';
import { orders } from '../../src/modules/orders/orders.schema';
import { adminCall, operatorToken } from '../operators/helpers';
import {
  type Book,
  createSettlementTestApp,
  expectOk,
  expectRefused,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  single,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

type Shared = Share & { isNew: boolean };
type Verified = {
  share: Share;
  proof: {
    algorithm: string;
    digest: string;
    signature: string;
    publicKey: string;
    keyId: string;
    valid: boolean;
  };
};
type Profile = z.infer<typeof tipsterProfileSchema>;

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let support: string;
let nextEvent = 0;
const freshPick = (outcomeIndex = 0): Pick =>
  book.pick(book.preMatchAt(nextEvent++), 3, outcomeIndex);
async function sharesWhere(where: SQL): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(communityShares).where(where);
  return row?.n ?? 0;
}
const clock = () => results.feed.now().getTime();

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
  support = await operatorToken(testApp, ['support'], clock());
});
afterAll(() => testApp.close());

const as = <T>(member: TestMember | null, path: string, fields: Record<string, unknown> = {}) =>
  testApp.call<T>(path, { ...(member ? member.auth : {}), ...fields });

async function betOn(member: TestMember, pick: Pick, stake = 1_000) {
  const order = expectOk(await placeBet(testApp, member, single(pick, stake)));
  expect(order.status).toBe(orderStatus.accepted);
  return order;
}

const share = (member: TestMember, fields: Record<string, unknown>) =>
  as<Shared>(member, '/trade/order/share', fields);
const verifyCode = (code: string) => as<Verified>(null, '/trade/order/share/verify', { code });
const profileOf = (tipsterId: number, viewer: TestMember | null = null) =>
  as<Profile>(viewer, '/trade/order/share/personal/data', { tipsterId });

/** What any client does with a verify answer: rebuild the bytes and check the signature. */
function clientCheck(answer: Verified, publicKey: string): boolean {
  const bytes = Buffer.from(
    canonicalJson({ placed: answer.share.placed, settled: answer.share.settled }),
    'utf8',
  );
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  return verify(null, bytes, key, Buffer.from(answer.proof.signature, 'base64'));
}

describe('sharing', () => {
  it('freezes the legs as placed, while the live odds move', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await betOn(member, pick);
    const shared = expectOk(await share(member, { orderNo: order.orderNo, comment: 'Home win' }));
    expect(shared.isNew).toBe(true);
    expect(shared.code).toHaveLength(10);
    expect([...shared.code].every((char) => shareCodeAlphabet.includes(char))).toBe(true);
    expect(shared.code).not.toMatch(/[01OIL]/);
    expect(shared.link).toBe(`/#/share/${shared.code}`);
    expect(shared.placed.legs[0]).toMatchObject({
      optId: pick.optId,
      odds: order.legs[0]?.odds,
      home: order.legs[0]?.home,
      kickOff: pick.event.fixture.startTime,
    });
    expect(shared.placed).toMatchObject({
      stake: 1_000,
      comment: 'Home win',
      tipster: { id: member.userId },
    });

    book.reprice(pick, pick.odds + 1.5);
    const after = expectOk(await verifyCode(shared.code));
    expect(after.share.placed.legs[0]?.odds).toBe(order.legs[0]?.odds);
    expect(after.proof.valid).toBe(true);
    const key = expectOk(await as<{ publicKey: string }>(null, '/trade/order/share/key'));
    expect(key.publicKey).toBe(after.proof.publicKey);
    expect(clientCheck(after, key.publicKey)).toBe(true);
  });

  it('shares a parlay, and freezes its ending once settled, still verifiable', async () => {
    const member = await fundedMember(testApp, 100_000);
    const picks = [freshPick(), freshPick()];
    const order = expectOk(await placeBet(testApp, member, parlay(picks, 1_000)));
    const shared = expectOk(await share(member, { orderNo: order.orderNo }));
    expect(shared.placed.legs).toHaveLength(2);
    expect(shared.settled).toBeNull();
    for (const pick of picks)
      await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    const after = expectOk(await verifyCode(shared.code));
    expect(after.share.settled).toMatchObject({
      status: orderStatus.settled,
      outcome: 'won',
      legResults: ['won', 'won'],
    });
    expect(after.share.settled?.payout).toBeGreaterThan(1_000);
    expect(after.proof.valid).toBe(true);
    const key = expectOk(await as<{ publicKey: string }>(null, '/trade/order/share/key'));
    expect(clientCheck(after, key.publicKey)).toBe(true);
  });

  it('shares a settled order with its ending already frozen, and a void one apart from the figures', async () => {
    const member = await fundedMember(testApp, 100_000);
    const lostPick = freshPick();
    const voidPick = freshPick();
    const lost = await betOn(member, lostPick);
    const voided = await betOn(member, voidPick);
    await results.send([results.settlement(lostPick, { result: 0, voidFactor: 0 })]);
    await results.send([results.settlement(voidPick, { result: 0, voidFactor: 1 })]);
    const lostShare = expectOk(
      await share(member, { orderNo: lost.orderNo, privacy: 'no_amounts' }),
    );
    expect(lostShare.settled).toMatchObject({
      outcome: 'lost',
      payout: null,
      legResults: ['lost'],
    });
    const voidShare = expectOk(await share(member, { orderNo: voided.orderNo }));
    expect(voidShare.settled).toMatchObject({
      outcome: 'void',
      status: orderStatus.void,
      payout: 1_000,
    });
    expect(expectOk(await verifyCode(lostShare.code)).proof.valid).toBe(true);
    expect(expectOk(await profileOf(member.userId))).toMatchObject({
      settledShares: 1,
      wins: 0,
      winRate: 0,
      yield: -10_000,
      longestWinStreak: 0,
    });
  });

  it('answers one share for an order shared twice, and for shares racing', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await betOn(member, freshPick());
    const first = expectOk(await share(member, { orderNo: order.orderNo }));
    const second = expectOk(
      await share(member, { orderNo: order.orderNo, privacy: 'anonymous', comment: 'again' }),
    );
    expect(second).toMatchObject({ code: first.code, isNew: false });
    expect(second.placed.privacy).toBe('all');

    const raced = await betOn(member, freshPick());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => share(member, { orderNo: raced.orderNo })),
    );
    const codes = new Set(answers.map((answer) => expectOk(answer).code));
    expect(codes.size).toBe(1);
    expect(answers.filter((answer) => answer.data.isNew)).toHaveLength(1);
    const [orderRow] = await testApp.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNo, raced.orderNo));
    expect(await sharesWhere(eq(communityShares.orderId, orderRow?.id ?? 0))).toBe(1);
  });

  it("refuses another member's order as not found", async () => {
    const owner = await fundedMember(testApp, 100_000);
    const other = await fundedMember(testApp, 0);
    const order = await betOn(owner, freshPick());
    const answer = await share(other, { orderNo: order.orderNo });
    expectRefused(answer, errorCatalogue.SHARE_ORDER_NOT_FOUND.code);
    const unknown = await share(other, { orderNo: 'NOSUCHORDER1' });
    expectRefused(unknown, errorCatalogue.SHARE_ORDER_NOT_FOUND.code);
    expect(answer.msg).toBe(unknown.msg.replace('NOSUCHORDER1', order.orderNo));
  });

  it('refuses a comment too long or with control characters, naming the field, sharing nothing', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await betOn(member, freshPick());
    for (const comment of ['x'.repeat(281), 'a\u0007b', 'a\u0000b']) {
      const answer = await share(member, { orderNo: order.orderNo, comment });
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain('comment');
    }
    const privacy = await share(member, { orderNo: order.orderNo, privacy: 'everyone' });
    expectRefused(privacy, errorCatalogue.INVALID_INPUT.code);
    expect(privacy.msg).toContain('privacy');
    expect(await sharesWhere(eq(communityShares.userId, member.userId))).toBe(0);
    const kept = expectOk(await share(member, { orderNo: order.orderNo, comment: '<b>hi</b>\n' }));
    expect(kept.placed.comment).toBe('<b>hi</b>');
  });

  it('refuses a withdrawn code, and shares the order anew after', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await betOn(member, freshPick());
    const shared = expectOk(await share(member, { orderNo: order.orderNo }));
    const stranger = await fundedMember(testApp, 0);
    expectRefused(
      await as(stranger, '/trade/order/share/withdraw', { code: shared.code }),
      errorCatalogue.SHARE_NOT_FOUND.code,
    );
    expectOk(await as(member, '/trade/order/share/withdraw', { code: shared.code }));
    const answer = await verifyCode(shared.code);
    expectRefused(answer, errorCatalogue.SHARE_NOT_FOUND.code);
    expect(answer.msg).toContain('withdrawn');
    expectRefused(await verifyCode('ABCDEFGHJK'), errorCatalogue.SHARE_NOT_FOUND.code);
    const again = expectOk(await share(member, { orderNo: order.orderNo }));
    expect(again.isNew).toBe(true);
    expect(again.code).not.toBe(shared.code);
  });
});

describe('tamper evidence', () => {
  it('fails verification of a snapshot changed in the database', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await betOn(member, freshPick());
    const shared = expectOk(await share(member, { orderNo: order.orderNo }));
    await testApp.database.db.execute(
      sql`update community_shares set placed = jsonb_set(placed, '{odds}', '990000') where code = ${shared.code}`,
    );
    const answer = expectOk(await verifyCode(shared.code));
    expect(answer.share.placed.odds).toBe(990_000);
    expect(answer.proof.valid).toBe(false);
    expect(clientCheck(answer, answer.proof.publicKey)).toBe(false);
  });
});

describe('names in every language', () => {
  it('shows a share made in Chinese with English names to an English reader, still verified', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await betOn(member, pick);
    const shared = expectOk(await share(member, { orderNo: order.orderNo, lang: 'zh' }));
    const { competitors, league } = pick.event.fixture;
    const chinese = shared.placed.legs[0]?.names?.zh;
    expect(shared.placed.v).toBe(2);
    expect(chinese?.leagueName).toBe(league.names?.zh ?? league.name);
    expect(shared.placed.legs[0]?.names?.en.leagueName).toBe(league.name);
    expect(shared.placed.legs[0]?.names?.zht.leagueName).toBe(league.names?.zht ?? league.name);
    expect(shared.legNames[0]).toEqual(chinese);
    // The feed names this league in Chinese: the two languages differ.
    expect(chinese?.leagueName).not.toBe(league.name);
    const english = shared.placed.legs[0]?.names?.en;
    expect(competitors.map((side) => side.name)).toContain(english?.home);

    const verified = expectOk(
      await as<Verified>(null, '/trade/order/share/verify', { code: shared.code, lang: 'en' }),
    );
    expect(verified.share.legNames[0]).toEqual(english);
    expect(verified.proof.valid).toBe(true);
    const key = expectOk(await as<{ publicKey: string }>(null, '/trade/order/share/key'));
    expect(clientCheck(verified, key.publicKey)).toBe(true);

    const feed = expectOk(
      await as<{ records: Share[] }>(null, '/trade/order/share/list', { size: 50, lang: 'en' }),
    );
    expect(feed.records.find((record) => record.code === shared.code)?.legNames[0]).toEqual(
      english,
    );
    const profile = expectOk(
      await as<Profile>(null, '/trade/order/share/personal/data', {
        tipsterId: member.userId,
        lang: 'zht',
      }),
    );
    expect(profile.recent[0]?.legNames[0]).toEqual(shared.placed.legs[0]?.names?.zht);
    const desk = expectOk(
      await adminCall<{ records: DeskShare[] }>(testApp, '/admin/api/community/share/list', {
        bearer: support,
        fields: { code: shared.code, lang: 'en' },
      }),
    );
    expect(desk.records[0]?.legNames[0]).toEqual(english);
  });

  it('still verifies and shows a share of layout 1, named in one language', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await betOn(member, freshPick());
    const shared = expectOk(await share(member, { orderNo: order.orderNo, lang: 'zh' }));
    // Made as the first layout made it: no names beside the leg's own, signed so.
    const old = {
      ...shared.placed,
      v: 1 as const,
      legs: shared.placed.legs.map(({ names: _names, ...leg }) => leg),
    };
    const [stored] = await testApp.database.db.select().from(communityKeys);
    const signer = shareSigner(stored as { privateKey: string; publicKey: string });
    await testApp.database.db
      .update(communityShares)
      .set({ placed: old, signature: signer.sign(signedBytesOf(old, null)) })
      .where(eq(communityShares.code, shared.code));
    const verified = expectOk(
      await as<Verified>(null, '/trade/order/share/verify', { code: shared.code, lang: 'en' }),
    );
    expect(verified.share.placed.v).toBe(1);
    expect(verified.proof.valid).toBe(true);
    expect(clientCheck(verified, signer.publicKey)).toBe(true);
    const leg = old.legs[0];
    expect(verified.share.legNames[0]).toEqual({
      leagueName: leg?.leagueName,
      home: leg?.home,
      away: leg?.away,
      optName: leg?.optName,
    });
  });
});

describe('a settlement rolled back', () => {
  const daysOf = async (userId: number) =>
    testApp.database.db
      .select()
      .from(communityTipsterDays)
      .where(and(eq(communityTipsterDays.userId, userId), eq(communityTipsterDays.sportId, 0)));
  const counted = async (userId: number) => {
    const days = await daysOf(userId);
    return {
      orders: days.reduce((n, row) => n + row.orders, 0),
      wins: days.reduce((n, row) => n + row.wins, 0),
      losses: days.reduce((n, row) => n + row.losses, 0),
    };
  };

  it('opens the frozen share again, takes it out of the ranking, and counts its new ending once', async () => {
    const member = await fundedMember(testApp, 100_000);
    const pick = freshPick();
    const order = await betOn(member, pick);
    const shared = expectOk(await share(member, { orderNo: order.orderNo }));
    expect(shared.placed.odds).toBeGreaterThanOrEqual(13_000);
    const community = testApp.modules.community;

    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    await community.freezeSettled();
    expect(expectOk(await verifyCode(shared.code)).share.settled?.outcome).toBe('won');
    expect(await counted(member.userId)).toEqual({ orders: 1, wins: 1, losses: 0 });

    await results.send([results.rollback(pick)]);
    expect(await community.freezeSettled()).toBeGreaterThanOrEqual(1);
    const reopened = expectOk(await verifyCode(shared.code));
    expect(reopened.share.settled).toBeNull();
    expect(reopened.share.status).toBe(orderStatus.accepted);
    expect(reopened.proof.valid).toBe(true);
    expect(clientCheck(reopened, reopened.proof.publicKey)).toBe(true);
    expect(await counted(member.userId)).toEqual({ orders: 0, wins: 0, losses: 0 });
    // A second pass over the same changes changes nothing.
    await community.freezeSettled();
    expect(await counted(member.userId)).toEqual({ orders: 0, wins: 0, losses: 0 });

    await results.send([results.settlement(pick, { result: 0, voidFactor: 0 })]);
    await community.freezeSettled();
    await community.freezeSettled();
    const resettled = expectOk(await verifyCode(shared.code));
    expect(resettled.share.settled).toMatchObject({ outcome: 'lost', legResults: ['lost'] });
    expect(resettled.proof.valid).toBe(true);
    expect(await counted(member.userId)).toEqual({ orders: 1, wins: 0, losses: 1 });
    expect(expectOk(await profileOf(member.userId))).toMatchObject({
      settledShares: 1,
      wins: 0,
      yield: -10_000,
    });
  });
});

describe('privacy', () => {
  it('hides what each level says in list, verify and profile', async () => {
    const tipster = await fundedMember(testApp, 100_000);
    const reader = await fundedMember(testApp, 0);
    const codes: Record<string, string> = {};
    for (const privacy of ['all', 'no_amounts', 'anonymous']) {
      const order = await betOn(tipster, freshPick());
      codes[privacy] = expectOk(await share(tipster, { orderNo: order.orderNo, privacy })).code;
    }
    const feed = expectOk(
      await as<{ records: Share[] }>(reader, '/trade/order/share/list', { size: 50 }),
    );
    const inFeed = (code: string | undefined) =>
      feed.records.find((record) => record.code === code);
    const verified = async (code: string | undefined) =>
      expectOk(await verifyCode(code ?? '')).share;
    const profile = expectOk(await profileOf(tipster.userId, reader));
    const inProfile = (code: string | undefined) =>
      profile.recent.find((record) => record.code === code);

    const all = [inFeed(codes.all), await verified(codes.all), inProfile(codes.all)];
    for (const view of all)
      expect(view?.placed).toMatchObject({ stake: 1_000, tipster: { id: tipster.userId } });

    const noAmounts = [
      inFeed(codes.no_amounts),
      await verified(codes.no_amounts),
      inProfile(codes.no_amounts),
    ];
    for (const view of noAmounts) {
      expect(view?.placed).toMatchObject({
        stake: null,
        potentialPayout: null,
        tipster: { id: tipster.userId },
      });
    }

    const anonymous = [inFeed(codes.anonymous), await verified(codes.anonymous)];
    for (const view of anonymous) {
      expect(view?.placed).toMatchObject({ tipster: null, stake: null, potentialPayout: null });
      expect(JSON.stringify(view)).not.toContain(`"id":${tipster.userId}`);
    }
    expect(inProfile(codes.anonymous)).toBeUndefined();
    expect(profile.recent).toHaveLength(2);
  });

  it('never names an anonymous tipster in the following feed, nor gives them a profile', async () => {
    const tipster = await fundedMember(testApp, 100_000);
    const follower = await fundedMember(testApp, 0);
    const order = await betOn(tipster, freshPick());
    const anonymous = expectOk(
      await share(tipster, { orderNo: order.orderNo, privacy: 'anonymous' }),
    );
    expectRefused(await profileOf(tipster.userId), errorCatalogue.TIPSTER_NOT_FOUND.code);
    expectRefused(
      await as(follower, '/trade/order/share/follow', { tipsterId: tipster.userId }),
      errorCatalogue.TIPSTER_NOT_FOUND.code,
    );
    const feed = expectOk(
      await as<{ records: Share[] }>(follower, '/trade/order/share/list', { feed: 'following' }),
    );
    expect(feed.records.map((record) => record.code)).not.toContain(anonymous.code);
  });
});

describe('follows, copies and figures', () => {
  it('follows, feeds, counts distinct copies without self-copies, and works out the figures', async () => {
    const tipster = await fundedMember(testApp, 100_000);
    const fans = [await fundedMember(testApp, 0), await fundedMember(testApp, 0)];
    const picks = [freshPick(), freshPick(), freshPick(), freshPick()];
    const shares: Shared[] = [];
    for (const pick of picks) {
      const order = await betOn(tipster, pick);
      shares.push(expectOk(await share(tipster, { orderNo: order.orderNo })));
    }
    // Won, won, lost, still open: in placing order.
    await results.send([results.settlement(picks[0] as Pick, { result: 1, voidFactor: 0 })]);
    await results.send([results.settlement(picks[1] as Pick, { result: 1, voidFactor: 0 })]);
    await results.send([results.settlement(picks[2] as Pick, { result: 0, voidFactor: 0 })]);

    expectRefused(
      await as(tipster, '/trade/order/share/follow', { tipsterId: tipster.userId }),
      errorCatalogue.FOLLOW_SELF.code,
    );
    for (const fan of fans) {
      const followed = expectOk(
        await as<{ isFollowed: boolean }>(fan, '/trade/order/share/follow', {
          tipsterId: tipster.userId,
        }),
      );
      expect(followed.isFollowed).toBe(true);
    }
    const following = expectOk(
      await as<{ records: Share[] }>(fans[0] ?? null, '/trade/order/share/list', {
        feed: 'following',
      }),
    );
    expect(following.records.map((record) => record.code).sort()).toEqual(
      shares.map((entry) => entry.code).sort(),
    );
    expectRefused(
      await as(null, '/trade/order/share/list', { feed: 'following' }),
      errorCatalogue.LOGIN_REQUIRED.code,
    );

    const target = shares[3] as Shared;
    const copy = (member: TestMember) =>
      as<{ copies: number; isCounted: boolean }>(member, '/trade/order/share/copy', {
        code: target.code,
      });
    expect(expectOk(await copy(tipster))).toMatchObject({ copies: 0, isCounted: false });
    expect(expectOk(await copy(fans[0] as TestMember))).toMatchObject({ copies: 1 });
    expect(expectOk(await copy(fans[0] as TestMember))).toMatchObject({
      copies: 1,
      isCounted: false,
    });
    expect(expectOk(await copy(fans[1] as TestMember))).toMatchObject({ copies: 2 });
    const mostCopied = expectOk(
      await as<{ records: Share[] }>(null, '/trade/order/share/list', { feed: 'most_copied' }),
    );
    expect(mostCopied.records[0]?.code).toBe(target.code);

    const profile = expectOk(await profileOf(tipster.userId, fans[0] ?? null));
    expect(profile).toMatchObject({
      settledShares: 3,
      wins: 2,
      winRate: 6_667,
      longestWinStreak: 2,
      followers: 2,
      isFollowed: true,
    });
    const odds = shares.slice(0, 2).map((entry) => entry.placed.odds);
    const expectedYield = Math.round(
      (odds.reduce((sum, units) => sum + units - 10_000, 0) - 10_000) / 3,
    );
    expect(Math.abs(profile.yield - expectedYield)).toBeLessThanOrEqual(1);
    const sportsOfPicks = new Set(picks.map((pick) => pick.event.fixture.sportId));
    expect(profile.sports.map((entry) => entry.sportId).sort()).toEqual([...sportsOfPicks].sort());
    expect(profile.sports.reduce((sum, entry) => sum + entry.shares, 0)).toBe(4);

    expectOk(
      await as(fans[1] ?? null, '/trade/order/share/unfollow', { tipsterId: tipster.userId }),
    );
    expect(expectOk(await profileOf(tipster.userId)).followers).toBe(1);
  });
});

describe('the desk', () => {
  async function auditOf(type: string, id: string): Promise<AuditEntry[]> {
    const admin = await operatorToken(testApp, ['admin'], clock());
    const answer = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
      bearer: admin,
      fields: { targetType: type, targetId: id },
    });
    return expectOk(answer).entries;
  }

  it('hides a share, audited, and verify answers it hidden', async () => {
    const member = await fundedMember(testApp, 100_000);
    const order = await betOn(member, freshPick());
    const shared = expectOk(await share(member, { orderNo: order.orderNo }));
    const hidden = await adminCall<{ applied: boolean }>(
      testApp,
      '/admin/api/community/share/hide',
      { bearer: support, fields: { code: shared.code, hidden: true, reason: 'spam' } },
    );
    expect(expectOk(hidden).applied).toBe(true);
    const answer = await verifyCode(shared.code);
    expectRefused(answer, errorCatalogue.SHARE_NOT_FOUND.code);
    expect(answer.msg).toContain('hidden');
    const feed = expectOk(
      await as<{ records: Share[] }>(null, '/trade/order/share/list', { size: 50 }),
    );
    expect(feed.records.map((record) => record.code)).not.toContain(shared.code);
    const entries = await auditOf('share', shared.code);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'share.hide', reason: 'spam' });
    const member2 = await fundedMember(testApp, 0);
    const refused = await adminCall(testApp, '/admin/api/community/share/hide', {
      fields: { ...member2.auth, code: shared.code, hidden: false, reason: 'x' },
    });
    expect(refused.code).not.toBe(0);
  });

  it('lists shares for the desk by code, tipster and hidden flag, paged', async () => {
    type DeskList = { records: DeskShare[]; total: number };
    const desk = (fields: Record<string, unknown>) =>
      adminCall<DeskList>(testApp, '/admin/api/community/share/list', { bearer: support, fields });
    const tipster = await fundedMember(testApp, 100_000);
    const first = expectOk(
      await share(tipster, { orderNo: (await betOn(tipster, freshPick())).orderNo }),
    );
    const second = expectOk(
      await share(tipster, {
        orderNo: (await betOn(tipster, freshPick())).orderNo,
        privacy: 'anonymous',
      }),
    );
    const mine = expectOk(await desk({ tipsterId: tipster.userId }));
    expect(mine.total).toBe(2);
    expect(mine.records.map((record) => record.code)).toEqual([second.code, first.code]);
    expect(mine.records[0]).toMatchObject({
      tipsterId: tipster.userId,
      privacy: 'anonymous',
      copies: 0,
      withdrawn: false,
      hidden: false,
      tipsterHidden: false,
      outcome: null,
    });
    expect(mine.records[0]?.account).toMatch(/.{4,}/);
    expect(mine.records[0]?.sportIds.length).toBeGreaterThan(0);
    const paged = expectOk(await desk({ tipsterId: tipster.userId, page: '2', size: '1' }));
    expect(paged).toMatchObject({ total: 2, records: [{ code: first.code }] });
    const byCode = expectOk(await desk({ code: first.code.slice(0, 6).toLowerCase() }));
    expect(byCode.records.map((record) => record.code)).toContain(first.code);
    expect(byCode.records.every((record) => record.code.startsWith(first.code.slice(0, 6)))).toBe(
      true,
    );
    expectOk(
      await adminCall(testApp, '/admin/api/community/share/hide', {
        bearer: support,
        fields: { code: first.code, hidden: true, reason: 'spam' },
      }),
    );
    const hiddenOnes = expectOk(await desk({ tipsterId: tipster.userId, hidden: 'true' }));
    expect(hiddenOnes.records).toMatchObject([{ code: first.code, hidden: true }]);
    const shown = expectOk(await desk({ tipsterId: tipster.userId, hidden: false, code: '' }));
    expect(shown.records.map((record) => record.code)).toEqual([second.code]);
    expectOk(
      await adminCall(testApp, '/admin/api/community/tipster/hide', {
        bearer: support,
        fields: { tipsterId: tipster.userId, hidden: true, reason: 'linked accounts' },
      }),
    );
    const all = expectOk(await desk({ tipsterId: tipster.userId }));
    expect(all.records.every((record) => record.tipsterHidden)).toBe(true);
    expect(expectOk(await desk({ tipsterId: tipster.userId, hidden: false })).total).toBe(0);
    expectRefused(await desk({ size: 101 }), errorCatalogue.INVALID_INPUT.code);
    expectRefused(await desk({ sort: 'code' }), errorCatalogue.INVALID_INPUT.code);
    const refused = await adminCall(testApp, '/admin/api/community/share/list', {
      fields: { ...tipster.auth },
    });
    expect(refused.code).not.toBe(0);
  });

  it('hides a tipster: their shares leave the feeds and their profile, audited', async () => {
    const tipster = await fundedMember(testApp, 100_000);
    const order = await betOn(tipster, freshPick());
    const shared = expectOk(await share(tipster, { orderNo: order.orderNo }));
    expectOk(await profileOf(tipster.userId));
    expectOk(
      await adminCall(testApp, '/admin/api/community/tipster/hide', {
        bearer: support,
        fields: { tipsterId: tipster.userId, hidden: true, reason: 'linked accounts' },
      }),
    );
    expectRefused(await profileOf(tipster.userId), errorCatalogue.TIPSTER_NOT_FOUND.code);
    expectRefused(await verifyCode(shared.code), errorCatalogue.SHARE_NOT_FOUND.code);
    const feed = expectOk(
      await as<{ records: Share[] }>(null, '/trade/order/share/list', { size: 50 }),
    );
    expect(feed.records.map((record) => record.code)).not.toContain(shared.code);
    const entries = await auditOf('tipster', String(tipster.userId));
    expect(entries[0]).toMatchObject({ action: 'tipster.hide', reason: 'linked accounts' });
  });
});

describe('feed totals', () => {
  type Feed = { records: Share[]; total: number; totalCapped: boolean };
  const repository = () => createCommunityRepository(testApp.database.db);
  const latest = (offset: number, limit: number) => ({ feed: 'latest' as const, offset, limit });

  it('counts a feed only so far past the page, saying when more follow', async () => {
    const tipster = await fundedMember(testApp, 100_000);
    for (let index = 0; index < 3; index += 1)
      expectOk(await share(tipster, { orderNo: (await betOn(tipster, freshPick())).orderNo }));
    const exact = await repository().feed(latest(0, 1), 1_000_000);
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBeGreaterThanOrEqual(3);
    const all = exact.total;

    // A cap of 2 past the page's first share: the count stops there and says more follow.
    expect(await repository().feed(latest(0, 1), 2)).toMatchObject({
      total: 2,
      totalCapped: true,
    });
    expect(await repository().feed(latest(1, 1), 2)).toMatchObject({
      total: Math.min(all, 3),
      totalCapped: all > 3,
    });
    // Near the end the count reaches the last share and is exact again.
    const last = await repository().feed(latest(all - 1, 1), 2);
    expect(last).toMatchObject({ total: all, totalCapped: false });
    expect(last.rows).toHaveLength(1);
    // Exactly the cap left: not capped.
    expect(await repository().feed(latest(all - 2, 1), 2)).toMatchObject({
      total: all,
      totalCapped: false,
    });
    // Every page the capped count covers holds shares.
    const capped = await repository().feed(latest(0, 2), 2);
    const pages = Math.ceil(capped.total / 2);
    expect((await repository().feed(latest((pages - 1) * 2, 2), 2)).rows.length).toBeGreaterThan(0);
  });

  it('answers the exact total of a short feed, not capped', async () => {
    const feed = expectOk(await as<Feed>(null, '/trade/order/share/list', { size: 1 }));
    const exact = await repository().feed(latest(0, 1), 1_000_000);
    expect(feed).toMatchObject({ total: exact.total, totalCapped: false });
    expect(feedTotalCap).toBe(1_000);
  });
});
