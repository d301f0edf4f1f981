import { type WithdrawRecord, withdrawList } from '@sb/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { createTestApp, type TestApp } from '../test-app';
import {
  balanceOf,
  cny,
  createWithdrawal,
  expectLedgerBalanced,
  expectOk,
  orderNoOf,
  readyMember,
  reviewServiceOf,
} from './helpers';

let testApp: TestApp;
let review: ReturnType<typeof reviewServiceOf>;
beforeAll(async () => {
  testApp = await createTestApp();
  review = reviewServiceOf(testApp);
});
afterAll(() => testApp.close());

const operatorId = 7001;

async function inTransit(): Promise<number> {
  const [row] = await testApp.database.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.systemCode, 'withdrawals_in_transit'),
        eq(ledgerAccounts.currencyId, cny.currencyId),
      ),
    );
  return Number(row?.balance ?? 0);
}

async function ledgerKindsOf(orderNo: string): Promise<string[]> {
  const rows = await testApp.database.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, orderNo))
    .orderBy(ledgerTransactions.id);
  return rows.map((row) => row.kind);
}

/** A member with 1,000.00 CNY who asked to withdraw 300.00; answers the member and order. */
async function pendingWithdrawal() {
  const member = await readyMember(testApp, 100_000);
  const orderNo = orderNoOf(expectOk(await createWithdrawal(testApp, member, { amount: 30_000 })));
  return { member, orderNo };
}

async function recordOf(member: { auth: { uid: string; token: string } }, orderNo: string) {
  const { records } = expectOk(
    await testApp.call<{ records: WithdrawRecord[] }>(withdrawList.path, member.auth),
  );
  return records.find((record) => record.orderNo === orderNo);
}

const outcomeOf = (promise: Promise<{ applied: boolean }>) =>
  promise.then(
    (outcome) => (outcome.applied ? 'applied' : 'repeat'),
    (error: unknown) => (error instanceof AppError ? error.errorName : `crashed: ${error}`),
  );

describe('approving and paying out', () => {
  it('moves the frozen funds out to withdrawals_in_transit, then completes', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    const transitBefore = await inTransit();
    const approved = await review.review({
      target: { orderNo },
      decision: 'approve',
      operatorId,
    });
    expect(approved).toMatchObject({
      applied: true,
      withdrawal: { status: 2, reviewedBy: operatorId },
    });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 70_000,
      frozen: 0,
    });
    expect((await inTransit()) - transitBefore).toBe(30_000);
    expect(await recordOf(member, orderNo)).toMatchObject({ status: 2, remark: '' });

    const completed = await review.completePayout({ withdrawalId: approved.withdrawal.id });
    expect(completed).toMatchObject({ applied: true, withdrawal: { status: 3 } });
    expect(await review.completePayout({ orderNo })).toMatchObject({ applied: false });
    expect(await recordOf(member, orderNo)).toMatchObject({ status: 3 });
    expect(await ledgerKindsOf(orderNo)).toEqual([
      'withdraw_freeze',
      'withdraw_approve',
      'withdraw_payout_completed',
    ]);
    // An approved withdrawal cannot be turned down any more.
    await expect(
      review.review({ target: { orderNo }, decision: 'reject', reason: 'late', operatorId }),
    ).rejects.toMatchObject({ errorName: 'WITHDRAWAL_STATUS_CONFLICT' });
    await expectLedgerBalanced(testApp);
  });

  it('gives the funds back when the payout fails after approval', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    await review.review({ target: { orderNo }, decision: 'approve', operatorId });
    const transitBefore = await inTransit();
    const failed = await review.failPayout({ orderNo }, 'bank refused the transfer');
    expect(failed).toMatchObject({ applied: true, withdrawal: { status: 5 } });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });
    expect((await inTransit()) - transitBefore).toBe(-30_000);
    expect(await recordOf(member, orderNo)).toMatchObject({
      status: 5,
      remark: 'bank refused the transfer',
    });
    await expect(review.completePayout({ orderNo })).rejects.toMatchObject({
      errorName: 'WITHDRAWAL_STATUS_CONFLICT',
    });
    await expectLedgerBalanced(testApp);
  });
});

describe('turning down', () => {
  it('releases the frozen funds to the member and shows the reason', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    await expect(
      review.review({ target: { orderNo }, decision: 'reject', operatorId }),
    ).rejects.toMatchObject({ errorName: 'INVALID_INPUT', detail: 'reason: is required' });
    const rejected = await review.review({
      target: { orderNo },
      decision: 'reject',
      reason: 'name does not match the account',
      operatorId,
    });
    expect(rejected).toMatchObject({ applied: true, withdrawal: { status: 4 } });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });
    expect(await recordOf(member, orderNo)).toMatchObject({
      status: 4,
      remark: 'name does not match the account',
    });
    expect(await ledgerKindsOf(orderNo)).toEqual(['withdraw_freeze', 'withdraw_release']);
    await expectLedgerBalanced(testApp);
  });

  it('answers unknown withdrawals and steps out of order clearly', async () => {
    const { orderNo } = await pendingWithdrawal();
    await expect(
      review.review({ target: { orderNo: 'W0' }, decision: 'approve', operatorId }),
    ).rejects.toMatchObject({ errorName: 'WITHDRAWAL_NOT_FOUND' });
    await expect(
      review.review({ target: { withdrawalId: 987_654_321 }, decision: 'approve', operatorId }),
    ).rejects.toMatchObject({ errorName: 'WITHDRAWAL_NOT_FOUND' });
    await expect(review.completePayout({ orderNo })).rejects.toMatchObject({
      errorName: 'WITHDRAWAL_STATUS_CONFLICT',
      detail: 'withdrawal is waiting for review',
    });
    await expect(
      review.review({
        target: { orderNo },
        decision: 'reject',
        reason: 'x'.repeat(201),
        operatorId,
      }),
    ).rejects.toMatchObject({ errorName: 'INVALID_INPUT' });
  });
});

describe('racing reviews', () => {
  it('takes exactly one effect when approvals and rejections of one withdrawal race', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { member, orderNo } = await pendingWithdrawal();
      const decisions = Array.from({ length: 16 }, (_, index) =>
        index % 2 === 0 ? ('approve' as const) : ('reject' as const),
      );
      const outcomes = await Promise.all(
        decisions.map((decision) =>
          outcomeOf(review.review({ target: { orderNo }, decision, reason: 'race', operatorId })),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.startsWith('crashed'))).toEqual([]);
      const winner = decisions[outcomes.indexOf('applied')];
      // Repeats of the winning decision answer without effect; the other decision conflicts.
      decisions.forEach((decision, index) => {
        if (outcomes[index] === 'applied') return;
        expect(outcomes[index]).toBe(decision === winner ? 'repeat' : 'WITHDRAWAL_STATUS_CONFLICT');
      });
      const kinds = await ledgerKindsOf(orderNo);
      expect(kinds).toEqual([
        'withdraw_freeze',
        winner === 'approve' ? 'withdraw_approve' : 'withdraw_release',
      ]);
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
        amount: winner === 'approve' ? 70_000 : 100_000,
        frozen: 0,
      });
    }
    await expectLedgerBalanced(testApp);
  });

  it('takes exactly one effect when completion and failure of one payout race', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    await review.review({ target: { orderNo }, decision: 'approve', operatorId });
    const steps = Array.from({ length: 12 }, (_, index) =>
      index % 2 === 0 ? review.completePayout({ orderNo }) : review.failPayout({ orderNo }, 'race'),
    );
    const outcomes = await Promise.all(steps.map(outcomeOf));
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    const failed = (await ledgerKindsOf(orderNo)).includes('withdraw_payout_failed');
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: failed ? 100_000 : 70_000,
      frozen: 0,
    });
    // Freeze, approval, and the one outcome that won.
    expect(await ledgerKindsOf(orderNo)).toHaveLength(3);
    await expectLedgerBalanced(testApp);
  });
});
