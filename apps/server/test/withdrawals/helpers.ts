import { randomBytes } from 'node:crypto';
import {
  type Session,
  type WithdrawAccount,
  withdrawAccountOperate,
  withdrawCreate,
  withdrawPasswordEdit,
} from '@sb/contract';
import { requireCurrency } from '@sb/domain';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createWithdrawReviewService } from '../../src/modules/withdrawals/withdraw-review.service';
import { createWithdrawalsRepository } from '../../src/modules/withdrawals/withdrawals.repository';
import { payoutAccounts, withdrawals } from '../../src/modules/withdrawals/withdrawals.schema';
import { type Answer, authOf, expectOk, registerMember, wirePassword } from '../identity/helpers';
import type { TestApp } from '../test-app';

export { type Answer, authOf, expectOk, expectRefused, wirePassword } from '../identity/helpers';

export const cny = requireCurrency('CNY');
export const usdt = requireCurrency('USDT');
export const brl = requireCurrency('BRL');

/** The catalogue's channels, as tests name them. */
export const channels = {
  bankCard: { channelId: 201, payTypeId: 21, type: 0 },
  localBank: { channelId: 202, payTypeId: 22, type: 2 },
  usdtTrc20: { channelId: 203, payTypeId: 23, type: 3 },
  depositRoute: { channelId: 204, payTypeId: 24, type: 4 },
  usdtErc20: { channelId: 205, payTypeId: 25, type: 5 },
  pixKey: { channelId: 206, payTypeId: 26, type: 6 },
  pixDocument: { channelId: 207, payTypeId: 27, type: 7 },
} as const;

export const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const evmAddress = `0x${'a1B2c3D4e5'.repeat(4)}`;

export interface TestMember {
  session: Session;
  password: string;
  userId: number;
  auth: { uid: string; token: string };
}

/** A registered member, its login password known. */
export async function newMember(testApp: TestApp, ip?: string): Promise<TestMember> {
  const { session, password } = await registerMember(testApp, ip ? { ip } : {});
  return { session, password, userId: session.memberId, auth: authOf(session) };
}

let fundingCounter = 0;
/** Credits a member's main bucket as a deposit would. */
export async function fund(testApp: TestApp, userId: number, currencyId: number, amount: number) {
  fundingCounter += 1;
  await createLedger(testApp.database.db).transfer({
    idempotencyKey: `test-funding:${userId}:${fundingCounter}:${randomBytes(4).toString('hex')}`,
    kind: 'test_deposit',
    postings: [
      { account: { systemCode: 'deposits_in_transit', currencyId }, amount: -amount },
      { account: { userId, bucket: 'main', currencyId }, amount },
    ],
  });
}

/** The member's balance in a currency: amount (frozen included) and frozen. */
export async function balanceOf(testApp: TestApp, userId: number, currencyId: number) {
  const entries = await createLedger(testApp.database.db).memberBalances(userId);
  const entry = entries.find((candidate) => candidate.currencyId === currencyId);
  return { amount: entry?.amount ?? 0, frozen: entry?.frozen ?? 0 };
}

/** The six-digit withdrawal password as the client sends it. */
export const pin = (digits: string) => wirePassword(digits);

export async function setWithdrawPassword(testApp: TestApp, member: TestMember, digits: string) {
  expectOk(
    await testApp.call(withdrawPasswordEdit.path, {
      ...member.auth,
      loginPwd: wirePassword(member.password),
      pwd: pin(digits),
    }),
  );
}

export function addAccount(testApp: TestApp, member: TestMember, fields: Record<string, unknown>) {
  return testApp.call<WithdrawAccount>(withdrawAccountOperate.path, {
    ...member.auth,
    operType: 1,
    ...fields,
  });
}

/** A saved bank card for the member; answers its id. */
export async function addBankCard(
  testApp: TestApp,
  member: TestMember,
  bankNo = '6222020200112233445',
) {
  const account = expectOk(
    await addAccount(testApp, member, {
      ...channels.bankCard,
      bankNo,
      realName: 'Zhang San',
      mobile: '13800138000',
    }),
  );
  return account.accountId;
}

/** A member funded in CNY, with a withdrawal password of 123456 and a saved bank card. */
export async function readyMember(testApp: TestApp, amount: number) {
  const member = await newMember(testApp);
  await fund(testApp, member.userId, cny.currencyId, amount);
  await setWithdrawPassword(testApp, member, '123456');
  const accountId = await addBankCard(testApp, member);
  return { ...member, accountId };
}

/** createWithdraw from a bank card, with any field overridden. */
export function createWithdrawal(
  testApp: TestApp,
  member: TestMember & { accountId: number },
  fields: Record<string, unknown> = {},
): Promise<Answer<string>> {
  return testApp.call<string>(withdrawCreate.path, {
    ...member.auth,
    channelId: channels.bankCard.channelId,
    payTypeId: channels.bankCard.payTypeId,
    scale: 2,
    amount: 10_000,
    accountId: member.accountId,
    pwd: pin('123456'),
    ...fields,
  });
}

/** Rows that money and accounts live in, to prove a refused call changed nothing. */
export async function countRows(testApp: TestApp) {
  const { db } = testApp.database;
  const [withdrawalRows] = await db.select({ rows: count() }).from(withdrawals);
  const [accountRows] = await db.select({ rows: count() }).from(payoutAccounts);
  const [transactionRows] = await db.select({ rows: count() }).from(ledgerTransactions);
  return {
    withdrawals: withdrawalRows?.rows ?? 0,
    payoutAccounts: accountRows?.rows ?? 0,
    ledgerTransactions: transactionRows?.rows ?? 0,
  };
}

/** The operator's service over the test app's database (the module's own is stateless too). */
export function reviewServiceOf(testApp: TestApp) {
  const { db } = testApp.database;
  return createWithdrawReviewService({
    repository: createWithdrawalsRepository(db),
    ledger: createLedger(db),
    now: () => new Date(),
  });
}

export async function expectLedgerBalanced(testApp: TestApp) {
  const result = await checkLedger(testApp.database.db);
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
}

/** The order number inside createWithdraw's confirmation message. */
export function orderNoOf(confirmation: string): string {
  const match = /W\d{20}/.exec(confirmation);
  if (!match) throw new Error(`no order number in "${confirmation}"`);
  return match[0];
}
