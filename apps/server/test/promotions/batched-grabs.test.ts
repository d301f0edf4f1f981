import type { EnvelopeClaim } from '@sb/contract';
import { errorCatalogue } from '@sb/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/http/app-error';
import type { AuthenticatedUser } from '../../src/http/request-context';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { promotionEnvelopes } from '../../src/modules/promotions/promotions.schema';
import { createTestApp, type TestApp } from '../test-app';
import {
  budgetBalance,
  cny,
  countRows,
  financeToken,
  newMember,
  ok,
  runningCampaign,
  type TestMember,
} from './helpers';

/**
 * The batched grab (docs/promotions.md, Grabs together): grabs of one campaign arriving
 * together are claimed in one transaction, and each still answers as it would alone. The grabs
 * here call the service, as the route does once the caller is authenticated: on PGlite the
 * calls' authentication runs one at a time, so grabs sent over HTTP reach the claim one by one
 * and are never batched there (the races over HTTP are races.test.ts).
 */
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  token = await financeToken(testApp);
});
afterAll(async () => {
  await testApp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function members(count: number, app: TestApp = testApp): Promise<TestMember[]> {
  const made: TestMember[] = [];
  while (made.length < count)
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, count - made.length) }, () => newMember(app)),
      )),
    );
  return made;
}

/** A member's grab through the service, answered as the route answers it. */
async function grab(
  app: TestApp,
  member: TestMember,
  campaignId: number,
  key?: string,
): Promise<{ code: number; msg: string; data: EnvelopeClaim }> {
  const user = {
    userId: member.userId,
    uid: member.auth.uid,
    memberId: member.userId,
    tokenId: 0,
  } as AuthenticatedUser;
  try {
    return { code: 0, msg: '', data: await app.modules.promotions.grab(user, campaignId, key) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, msg: error.message, data: undefined as never };
  }
}

/** The sizes of the batches the ledger booked from now on (cash envelopes' payouts). */
function watchBatches(app: TestApp = testApp): number[] {
  const sizes: number[] = [];
  const ledger = app.modules.ledger;
  const book = ledger.bookBatchWithin.bind(ledger);
  vi.spyOn(ledger, 'bookBatchWithin').mockImplementation(async (tx, requests) => {
    sizes.push(requests.length);
    return book(tx, requests);
  });
  return sizes;
}

/** The claimed envelopes of a campaign: member, amount. */
async function claimedRows(app: TestApp, campaignId: number) {
  return app.database.db
    .select({ userId: promotionEnvelopes.userId, amount: promotionEnvelopes.amount })
    .from(promotionEnvelopes)
    .where(
      and(eq(promotionEnvelopes.campaignId, campaignId), isNotNull(promotionEnvelopes.userId)),
    );
}

const codes = {
  gone: errorCatalogue.ENVELOPES_GONE.code,
  alreadyClaimed: errorCatalogue.ENVELOPE_ALREADY_CLAIMED.code,
  conflict: errorCatalogue.IDEMPOTENCY_CONFLICT.code,
};

describe('grabs claimed together', () => {
  it('gives exactly 100 envelopes to 500 members racing in batches, the budget exact', async () => {
    const campaign = await runningCampaign(testApp, token, {
      total: 1_000_000,
      count: 100,
      minAmount: 1_000,
      maxAmount: 30_000,
    });
    const racers = await members(500);
    const batches = watchBatches();
    const before = await countRows(testApp);
    const answers = await Promise.all(
      racers.map((member, index) => grab(testApp, member, campaign.id, `rush-${index}`)),
    );
    // The grabs went in batches, not one transaction each.
    expect(Math.max(...batches)).toBeGreaterThan(1);
    const granted = answers.filter((answer) => answer.code === 0);
    expect(granted.length).toBe(100);
    for (const answer of answers.filter((each) => each.code !== 0))
      expect(answer.code, answer.msg).toBe(codes.gone);
    expect(granted.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(1_000_000);
    // Each winner holds the envelope they were answered, and no member holds two.
    const rows = await claimedRows(testApp, campaign.id);
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(100);
    const held = new Map(rows.map((row) => [row.userId, row.amount]));
    answers.forEach((answer, index) => {
      const member = racers[index] as TestMember;
      if (answer.code === 0) expect(held.get(member.userId)).toBe(answer.data.amount);
      else expect(held.has(member.userId)).toBe(false);
    });
    const after = await countRows(testApp);
    expect(after.transactions - before.transactions).toBe(100);
    expect(await budgetBalance(testApp, campaign.id)).toBe(0);
    const result = await checkLedger(testApp.database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    // The last envelope ended it: a later grab is told they are gone, with no transaction.
    const late = await grab(testApp, (await members(1))[0] as TestMember, campaign.id);
    expect(late.code).toBe(codes.gone);
    expect((await countRows(testApp)).transactions).toBe(after.transactions);
  }, 120_000);

  it('gives a member racing themselves among others one envelope, and replays it by its key', async () => {
    const campaign = await runningCampaign(testApp, token, {
      total: 300_000,
      count: 30,
      minAmount: 5_000,
      maxAmount: 15_000,
    });
    const others = await members(40);
    const [self] = await members(1);
    if (!self) throw new Error('no member');
    const batches = watchBatches();
    const answers = await Promise.all([
      ...others.slice(0, 20).map((member) => grab(testApp, member, campaign.id)),
      ...Array.from({ length: 8 }, (_, index) =>
        grab(testApp, self, campaign.id, index % 2 === 0 ? 'self-a' : 'self-b'),
      ),
      ...others.slice(20).map((member) => grab(testApp, member, campaign.id)),
    ]);
    expect(Math.max(...batches)).toBeGreaterThan(1);
    const selfAnswers = answers.slice(20, 28);
    const selfGranted = selfAnswers.filter((answer) => answer.code === 0);
    // One key won: its every grab answers the same envelope, the other key is refused.
    expect(selfGranted).toHaveLength(4);
    expect(new Set(selfGranted.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
    for (const answer of selfAnswers.filter((each) => each.code !== 0))
      expect(answer.code, answer.msg).toBe(codes.alreadyClaimed);
    const rows = await claimedRows(testApp, campaign.id);
    expect(rows.filter((row) => row.userId === self.userId)).toHaveLength(1);
    // 30 envelopes among 41 members: 30 members each hold one.
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(30);
    // Answered again to a retry with the winning key, refused to the other.
    const winningKey =
      selfAnswers.findIndex((answer) => answer.code === 0) % 2 ? 'self-b' : 'self-a';
    expect(ok(await grab(testApp, self, campaign.id, winningKey))).toEqual(selfGranted[0]?.data);
    const otherKey = winningKey === 'self-a' ? 'self-b' : 'self-a';
    expect((await grab(testApp, self, campaign.id, otherKey)).code).toBe(codes.alreadyClaimed);
    expect(await budgetBalance(testApp, campaign.id)).toBe(0);
  }, 60_000);

  it('still serves the rest of a batch when one of its claims is refused, as it would be alone', async () => {
    const campaign = await runningCampaign(testApp, token, {
      total: 500_000,
      count: 50,
      minAmount: 5_000,
      maxAmount: 15_000,
    });
    const racers = await members(30);
    const bad = racers[10] as TestMember;
    // The payout key of one member is taken by another transaction: the batch's booking fails on
    // it, and that member's claim alone is refused as a key used with other postings.
    await createLedger(testApp.database.db).transfer({
      idempotencyKey: `promotion_payout:${campaign.id}:${bad.userId}`,
      kind: 'test_deposit',
      postings: [
        { account: { systemCode: 'deposits_in_transit', currencyId: cny.currencyId }, amount: -1 },
        { account: { userId: bad.userId, bucket: 'main', currencyId: cny.currencyId }, amount: 1 },
      ],
    });
    const batches = watchBatches();
    const before = await countRows(testApp);
    const answers = await Promise.all(racers.map((member) => grab(testApp, member, campaign.id)));
    expect(Math.max(...batches)).toBeGreaterThan(1);
    answers.forEach((answer, index) => {
      if (index === 10) expect(answer.code, answer.msg).toBe(codes.conflict);
      else expect(answer.code, answer.msg).toBe(0);
    });
    const rows = await claimedRows(testApp, campaign.id);
    expect(rows).toHaveLength(29);
    expect(rows.some((row) => row.userId === bad.userId)).toBe(false);
    const paid = answers.reduce(
      (sum, answer) => sum + (answer.code === 0 ? answer.data.amount : 0),
      0,
    );
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(paid);
    expect(await budgetBalance(testApp, campaign.id)).toBe(500_000 - paid);
    const after = await countRows(testApp);
    expect(after.claimed - before.claimed).toBe(29);
    expect(after.transactions - before.transactions).toBe(29);
    const result = await checkLedger(testApp.database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  }, 60_000);

  it('grants bonus envelopes in batches too, each with its bonus', async () => {
    const campaign = await runningCampaign(testApp, token, {
      money: 'bonus',
      rolloverMultiple: 2,
      bonusDays: 7,
      maxStake: 0,
      total: 200_000,
      count: 20,
      minAmount: 5_000,
      maxAmount: 15_000,
    });
    const racers = await members(35);
    // Only a batch locks its members' bonus accounts ahead of their grants.
    const locks = vi.spyOn(testApp.modules.ledger, 'lockBonusBalance');
    const answers = await Promise.all(racers.map((member) => grab(testApp, member, campaign.id)));
    expect(locks.mock.calls.length).toBeGreaterThan(1);
    const granted = answers.filter((answer) => answer.code === 0);
    expect(granted).toHaveLength(20);
    for (const answer of answers.filter((each) => each.code !== 0))
      expect(answer.code, answer.msg).toBe(codes.gone);
    expect(new Set(granted.map((answer) => answer.data.bonusId)).size).toBe(20);
    expect(granted.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(200_000);
    expect(await budgetBalance(testApp, campaign.id)).toBe(0);
    const [bonusSum] = (
      (await testApp.database.db.execute(
        sql`select coalesce(sum(amount), 0) as total, count(*) as grants
            from bonus_grants where campaign_id = ${campaign.id}`,
      )) as unknown as { rows: { total: unknown; grants: unknown }[] }
    ).rows;
    expect(Number(bonusSum?.total)).toBe(200_000);
    expect(Number(bonusSum?.grants)).toBe(20);
    const result = await checkLedger(testApp.database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  }, 60_000);
});

describe('grabs of one member through two apps on one database', () => {
  it('lets the unique index settle a member batched on both: one envelope, the batches served', async () => {
    const second = await createTestApp({ database: testApp.database });
    try {
      const campaign = await runningCampaign(testApp, token, {
        total: 200_000,
        count: 20,
        minAmount: 5_000,
        maxAmount: 15_000,
      });
      const racers = await members(60);
      const before = await countRows(testApp);
      const answers = await Promise.all(
        racers.flatMap((member, index) => [
          grab(testApp, member, campaign.id, `one-${index}`),
          grab(second, member, campaign.id, `two-${index}`),
        ]),
      );
      const granted = answers.filter((answer) => answer.code === 0);
      expect(granted).toHaveLength(20);
      const allowed = new Set<number>([codes.gone, codes.alreadyClaimed]);
      for (const answer of answers.filter((each) => each.code !== 0))
        expect(allowed.has(answer.code), answer.msg).toBe(true);
      const rows = await claimedRows(testApp, campaign.id);
      expect(rows).toHaveLength(20);
      expect(new Set(rows.map((row) => row.userId)).size).toBe(20);
      expect(granted.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(200_000);
      const after = await countRows(testApp);
      expect(after.transactions - before.transactions).toBe(20);
      expect(await budgetBalance(testApp, campaign.id)).toBe(0);
    } finally {
      await second.close();
    }
  }, 60_000);
});
