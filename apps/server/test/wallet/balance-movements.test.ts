import {
  type BalanceMovement,
  balanceMovementKinds,
  depositCreate,
  errorCatalogue,
  walletMovements,
} from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../src/modules/payments/payments.schema';
import {
  createDepositsTestApp,
  type DepositsTestApp,
  paymentIdOf,
  pressPayButton,
} from '../deposits/helpers';
import { expectContractOutput } from '../identity/helpers';
import {
  addBankCard,
  balanceOf,
  cny,
  createWithdrawal,
  expectLedgerBalanced,
  expectOk,
  newMember,
  orderNoOf,
  reviewServiceOf,
  setWithdrawPassword,
  type TestMember,
} from '../withdrawals/helpers';

/**
 * The member's own page of balance movements lists every movement of their available balance
 * the ledger booked, whatever caused it: deposits and withdrawals beside the bets, each with
 * its kind, its order number, and the balance it left.
 */

let testApp: DepositsTestApp;
let member: TestMember & { accountId: number };
const operatorId = 7001;
const invalidInput = errorCatalogue.INVALID_INPUT.code;

type Page = { records: BalanceMovement[]; total: number };
const movements = async (of: TestMember, fields: Record<string, unknown> = {}) =>
  expectOk(await testApp.call<Page>(walletMovements.path, { ...of.auth, ...fields }));

/** A deposit through the sandbox's pay page, completed by the payer: answers its order number. */
async function deposit(amount: number): Promise<string> {
  const payUrl = expectOk(
    await testApp.call<string>(depositCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 301,
      amount,
    }),
  );
  const paymentId = paymentIdOf(payUrl);
  const [payment] = await testApp.database.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, paymentId));
  await pressPayButton(testApp, payUrl, 'complete');
  if (!payment) throw new Error(`no sandbox payment ${paymentId}`);
  return payment.orderNo;
}

beforeAll(async () => {
  testApp = await createDepositsTestApp();
  const created = await newMember(testApp);
  await setWithdrawPassword(testApp, created, '123456');
  member = { ...created, accountId: await addBankCard(testApp, created) };
});
afterAll(() => testApp.close());

describe('balance movements', () => {
  it('lists deposits and withdrawals with their order numbers and the balance each left', async () => {
    const depositNo = await deposit(50_000);
    const review = reviewServiceOf(testApp);
    const turnedDown = orderNoOf(
      expectOk(await createWithdrawal(testApp, member, { amount: 10_000 })),
    );
    await review.review({
      target: { orderNo: turnedDown },
      decision: 'reject',
      reason: 'account name does not match',
      operatorId,
    });
    const paidOut = orderNoOf(
      expectOk(await createWithdrawal(testApp, member, { amount: 20_000 })),
    );
    const approved = await review.review({
      target: { orderNo: paidOut },
      decision: 'approve',
      operatorId,
    });
    await review.completePayout({ withdrawalId: approved.withdrawal.id });

    const page = await movements(member, { size: 100 });
    expectContractOutput(walletMovements, page);
    // Newest first. Approving and paying out move only the frozen part: the amount left the
    // available balance when the withdrawal was asked for.
    expect(
      page.records.map((row) => [row.kind, row.orderNo, row.amount, row.balanceAfter]),
    ).toEqual([
      ['withdraw_freeze', paidOut, -20_000, 30_000],
      ['withdraw_release', turnedDown, 10_000, 50_000],
      ['withdraw_freeze', turnedDown, -10_000, 40_000],
      ['deposit', depositNo, 50_000, 50_000],
    ]);
    expect(page.total).toBe(4);
    for (const row of page.records) {
      expect(balanceMovementKinds).toContain(row.kind);
      expect(row).toMatchObject({ currencyId: cny.currencyId, currencyCode: 'CNY', scale: 2 });
    }
    const times = page.records.map((row) => row.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The latest balance left is the available balance.
    const { amount, frozen } = await balanceOf(testApp, member.userId, cny.currencyId);
    expect(page.records[0]?.balanceAfter).toBe(amount - frozen);
    await expectLedgerBalanced(testApp);
  });

  it('pages, and takes a range of the movements’ times, both ends inclusive', async () => {
    const all = await movements(member, { size: 100 });
    const second = await movements(member, { size: 2, page: 2 });
    expect(second.records).toEqual(all.records.slice(2, 4));
    expect(second.total).toBe(all.total);
    const at = all.records[1]?.createTime ?? 0;
    const narrow = await movements(member, { startTime: at, endTime: at, size: 100 });
    expect(narrow.records.every((row) => row.createTime === at)).toBe(true);
    expect(narrow.total).toBe(all.records.filter((row) => row.createTime === at).length);
    const otherCurrency = await movements(member, { currencyId: 3, size: 100 });
    expect(otherCurrency).toEqual({ records: [], total: 0 });
  });

  it('shows another member none of them', async () => {
    const other = await newMember(testApp);
    expect(await movements(other)).toEqual({ records: [], total: 0 });
  });

  it('refuses a bad range or currency, naming the field', async () => {
    const now = Date.now();
    const refusals: [Record<string, unknown>, string][] = [
      [{ startTime: now }, 'endTime'],
      [{ endTime: now }, 'startTime'],
      [{ startTime: now, endTime: now - 1 }, 'startTime'],
      [{ startTime: now - 90 * 86_400_000, endTime: now }, 'endTime'],
      [{ currencyId: 999_999 }, 'currencyId'],
      [{ size: 101 }, 'size'],
      [{ page: 0 }, 'page'],
    ];
    for (const [fields, field] of refusals) {
      const answer = await testApp.call(walletMovements.path, { ...member.auth, ...fields });
      expect(answer.code, JSON.stringify(fields)).toBe(invalidInput);
      expect(answer.msg).toContain(field);
    }
  });

  it('is for members only', async () => {
    const answer = await testApp.call(walletMovements.path, {});
    expect(answer.code).not.toBe(0);
  });
});
