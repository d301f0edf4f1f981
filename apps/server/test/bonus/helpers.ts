import { randomBytes } from 'node:crypto';
import { orderCashOut, orderCashOutQuote, orderStatus } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { inTransaction } from '../../src/db/transaction';
import { bonusCountedWagers, bonusGrants } from '../../src/modules/bonus/bonus.schema';
import type { BonusGrantRequest } from '../../src/modules/bonus/bonus.service';
import { ledgerAccounts } from '../../src/modules/ledger/ledger.schema';
import { createLedger, promotionBudget } from '../../src/modules/ledger/ledger.service';
import {
  type Book,
  cny,
  createSettlementTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  type Pick,
  placeBet,
  single,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

export type BonusTestApp = Awaited<ReturnType<typeof createSettlementTestApp>>;

/** A pick by decimal odds: at least `min`, below `max`. */
export type Picker = (min: number, max?: number) => Pick;

/** What a bonus suite's tests work on, ready once the file's `beforeAll` hooks have run. */
export interface BonusSuite {
  /** The settlement test app, with its book and the results it sends. */
  results: BonusTestApp;
  testApp: TestApp;
  /** Picks of the book, each on a match of its own. */
  pickAt: Picker;
  /** With `campaignBudget`, a campaign whose budget every grant of the file may take from. */
  campaignId: number;
}

/**
 * The set-up the bonus suites share: before the file's tests a settlement test app of
 * `options`, a picker of its book and, with `campaignBudget`, a campaign funded with it; after
 * each test the ledger checked balanced; after them all the app closed. Hooks the file adds
 * run after these.
 */
export function bonusSuite({
  campaignBudget,
  ...options
}: NonNullable<Parameters<typeof createSettlementTestApp>[0]> & {
  campaignBudget?: number;
} = {}): BonusSuite {
  const suite = {} as BonusSuite;
  beforeAll(async () => {
    const results = await createSettlementTestApp(options);
    Object.assign(suite, {
      results,
      testApp: results.testApp,
      pickAt: createPicker(results.book),
      campaignId:
        campaignBudget === undefined ? 0 : await fundedCampaign(results.testApp, campaignBudget),
    });
  });
  afterEach(() => expectLedgerBalanced(suite.testApp));
  afterAll(() => suite.testApp.close());
  return suite;
}

/** A member of the suite's app with `main` cash and `bonus` bonus money in CNY. */
export async function memberWith(
  suite: BonusSuite,
  main: number,
  bonus: number,
  terms: { maxStake?: number } = {},
): Promise<TestMember> {
  const member = await fundedMember(suite.testApp, main);
  if (bonus > 0) await grant(suite.testApp, member, suite.campaignId, { amount: bonus, ...terms });
  return member;
}

let campaignCounter = 0;
/** A campaign id no other test has used, its budget funded from the house with `amount`. */
export async function fundedCampaign(testApp: TestApp, amount: number): Promise<number> {
  campaignCounter += 1;
  const campaignId = 9_000 + campaignCounter;
  await createLedger(testApp.database.db).transfer({
    idempotencyKey: `test-promotion-fund:${campaignId}:${randomBytes(4).toString('hex')}`,
    kind: 'promotion_fund',
    postings: [
      { account: { systemCode: 'house', currencyId: cny.currencyId }, amount: -amount },
      {
        account: { systemCode: promotionBudget(String(campaignId)), currencyId: cny.currencyId },
        amount,
      },
    ],
  });
  return campaignId;
}

/** Closes a campaign as the promotions module would: grants told first, then the rest booked back. */
export async function closeCampaign(testApp: TestApp, campaignId: number): Promise<void> {
  const ledger = createLedger(testApp.database.db);
  await inTransaction(testApp.database.db, async (tx) => {
    await testApp.modules.bonus.campaignClosedWithin(tx, campaignId);
    const rest = await budgetOf(testApp, campaignId, tx);
    if (rest > 0)
      await ledger.transferWithin(tx, {
        idempotencyKey: `test-promotion-close:${campaignId}`,
        kind: 'promotion_close',
        postings: [
          {
            account: {
              systemCode: promotionBudget(String(campaignId)),
              currencyId: cny.currencyId,
            },
            amount: -rest,
          },
          { account: { systemCode: 'house', currencyId: cny.currencyId }, amount: rest },
        ],
      });
  });
}

/** What a campaign's budget holds in CNY. */
export async function budgetOf(
  testApp: TestApp,
  campaignId: number,
  executor = testApp.database.db,
): Promise<number> {
  const [row] = await executor
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.systemCode, promotionBudget(String(campaignId))));
  return row?.balance ?? 0;
}

/** The member's CNY main and bonus balances. */
export async function moneyOf(testApp: TestApp, member: TestMember) {
  const entries = await createLedger(testApp.database.db).memberBalances(member.userId);
  const entry = entries.find((candidate) => candidate.currencyId === cny.currencyId);
  return { main: (entry?.amount ?? 0) - (entry?.frozen ?? 0), bonus: entry?.bonus ?? 0 };
}

/** Grants bonus money in a transaction of its own, as a promotion would in its own. */
export function grant(
  testApp: TestApp,
  member: TestMember,
  campaignId: number,
  terms: Partial<BonusGrantRequest> & { amount: number },
) {
  return inTransaction(testApp.database.db, (tx) =>
    testApp.modules.bonus.grantWithin(tx, {
      key: `test-grant:${randomBytes(6).toString('hex')}`,
      userId: member.userId,
      currencyId: cny.currencyId,
      campaignId,
      rolloverMultiple: 1,
      maxStake: 0,
      expiresAt: Date.now() + 86_400_000,
      ...terms,
    }),
  );
}

/** The grant's row. */
export async function grantRow(testApp: TestApp, bonusId: number) {
  const [row] = await testApp.database.db
    .select()
    .from(bonusGrants)
    .where(eq(bonusGrants.id, bonusId));
  if (!row) throw new Error(`no bonus ${bonusId}`);
  return row;
}

/** The wagers counted towards a grant. */
export function countedWagers(testApp: TestApp, bonusId: number) {
  return testApp.database.db
    .select()
    .from(bonusCountedWagers)
    .where(eq(bonusCountedWagers.grantId, bonusId));
}

/** One rollover pass that moves past every decision at once (tests hold no long transactions). */
export const rolloverPass = (testApp: TestApp) =>
  testApp.modules.bonus.countRollover({ settledForMs: 0 });

/**
 * Picks of pre-match events not used before, by odds: at least `min` and below `max` (decimal),
 * each on an event of its own.
 */
export function createPicker(book: Book) {
  const used = new Set<number>();
  return (min: number, max = Number.POSITIVE_INFINITY): Pick => {
    for (const event of book.preMatch()) {
      if (used.has(event.fixture.eventId)) continue;
      for (let index = 0; index < 3; index += 1) {
        let pick: Pick;
        try {
          pick = book.pick(event, 3, index);
        } catch {
          continue;
        }
        if (pick.odds >= min && pick.odds < max) {
          used.add(event.fixture.eventId);
          return pick;
        }
      }
    }
    throw new Error(`no pick left at odds ${min}–${max}`);
  };
}

/** Places a single and expects it accepted. */
export async function betOn(testApp: TestApp, member: TestMember, pick: Pick, stake: number) {
  const order = expectOk(await placeBet(testApp, member, single(pick, stake)));
  expect(order.status).toBe(orderStatus.accepted);
  return order;
}

/** Cashes an order out at the offer quoted now. */
export async function cashOutNow(testApp: TestApp, member: TestMember, orderNo: string) {
  const quote = expectOk(
    await testApp.call<{ offer: number }>(orderCashOutQuote.path, { ...member.auth, orderNo }),
  );
  expectOk(
    await testApp.call(orderCashOut.path, {
      ...member.auth,
      orderNo,
      amount: quote.offer,
      scale: 2,
    }),
  );
}

export const won = { result: 1, voidFactor: 0 } as const;
export const lost = { result: 0, voidFactor: 0 } as const;
