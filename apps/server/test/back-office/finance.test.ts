import {
  type AuditEntry,
  type CollectionOrder,
  collectionConfirm,
  collectionCreate,
  collectionReject,
  loanBorrow,
  loanLimitSet,
  loansSwitch,
  withdrawPayoutOutcome,
  withdrawReview,
  withdrawUnlock,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDepositsTestApp,
  type DepositsTestApp,
  balanceOf as depositBalanceOf,
  newMember,
} from '../deposits/helpers';
import { adminCall, expectRefused, roleTokens } from '../operators/helpers';
import {
  balanceOf,
  cny,
  createWithdrawal,
  expectLedgerBalanced,
  orderNoOf,
  pin,
  readyMember,
} from '../withdrawals/helpers';

/**
 * The finance desk over HTTP: an operator with the finance role reviews withdrawals, records
 * payout outcomes, lifts withdrawal locks and decides collection orders; each action lands in the
 * audit log with the target before and after; other roles and member tokens are refused.
 */

let testApp: DepositsTestApp;
let finance: string;
let trader: string;
let admin: string;

beforeAll(async () => {
  testApp = await createDepositsTestApp();
  const now = Date.now();
  ({ trader, finance, admin } = await roleTokens(testApp, now));
});
afterAll(() => testApp.close());

async function auditOf(targetType: string, targetId: string): Promise<AuditEntry[]> {
  const answer = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
    bearer: admin,
    fields: { targetType, targetId },
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

async function pendingWithdrawal(amount = 30_000) {
  const member = await readyMember(testApp, 100_000);
  const created = await createWithdrawal(testApp, member, { amount });
  expect(created, created.msg).toMatchObject({ code: 0 });
  return { member, orderNo: orderNoOf(created.data) };
}

describe('withdrawal review', () => {
  it('approves, then completes the payout, each step audited with before and after', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    const approved = await adminCall<{ applied: boolean; withdrawal: { status: number } }>(
      testApp,
      withdrawReview.path,
      { bearer: finance, fields: { orderNo, decision: 'approve' } },
    );
    expect(approved, approved.msg).toMatchObject({
      code: 0,
      data: { applied: true, withdrawal: { orderNo, status: 2, userId: member.userId } },
    });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 70_000,
      frozen: 0,
    });
    const completed = await adminCall(testApp, withdrawPayoutOutcome.path, {
      bearer: finance,
      fields: { orderNo, outcome: 'completed' },
    });
    expect(completed, completed.msg).toMatchObject({ code: 0, data: { applied: true } });

    const entries = await auditOf('withdrawal', orderNo);
    expect(entries.map((entry) => entry.action)).toEqual([
      'withdrawal.payout_complete',
      'withdrawal.approve',
    ]);
    expect(entries[1]).toMatchObject({ before: { status: 0 }, after: { status: 2 } });
    expect(entries[0]).toMatchObject({ before: { status: 2 }, after: { status: 3 } });
    await expectLedgerBalanced(testApp);
  });

  it('rejects with a reason, returning the funds; without a reason it changes nothing', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    const bare = await adminCall(testApp, withdrawReview.path, {
      bearer: finance,
      fields: { orderNo, decision: 'reject' },
    });
    expectRefused(bare, 1000);
    expect(await auditOf('withdrawal', orderNo)).toEqual([]);
    const rejected = await adminCall(testApp, withdrawReview.path, {
      bearer: finance,
      fields: { orderNo, decision: 'reject', reason: 'name does not match the card' },
    });
    expect(rejected, rejected.msg).toMatchObject({ code: 0, data: { withdrawal: { status: 4 } } });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });
    const [entry] = await auditOf('withdrawal', orderNo);
    expect(entry).toMatchObject({
      action: 'withdrawal.reject',
      reason: 'name does not match the card',
    });
  });

  it('audits one approval however many racing calls ask for it', async () => {
    const { orderNo } = await pendingWithdrawal();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        adminCall<{ applied: boolean }>(testApp, withdrawReview.path, {
          bearer: finance,
          fields: { orderNo, decision: 'approve' },
        }),
      ),
    );
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    expect(answers.filter((answer) => answer.data.applied)).toHaveLength(1);
    expect(await auditOf('withdrawal', orderNo)).toHaveLength(1);
  });

  it('lifts a withdrawal lock, audited', async () => {
    const member = await readyMember(testApp, 100_000);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await createWithdrawal(testApp, member, { pwd: pin('999999') });
    expectRefused(await createWithdrawal(testApp, member), 5023);
    const unlocked = await adminCall(testApp, withdrawUnlock.path, {
      bearer: finance,
      fields: { userId: member.userId },
    });
    expect(unlocked, unlocked.msg).toMatchObject({ code: 0, data: { wasLocked: true } });
    expect(await createWithdrawal(testApp, member)).toMatchObject({ code: 0 });
    const [entry] = await auditOf('member', String(member.userId));
    expect(entry).toMatchObject({
      action: 'member.withdraw_unlock',
      before: { locked: true },
      after: { locked: false },
    });
  });
});

describe('collection orders', () => {
  async function newCollection() {
    const member = await newMember(testApp);
    const created = await testApp.call<CollectionOrder>(collectionCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 201,
      amount: 50_000,
    });
    expect(created, created.msg).toMatchObject({ code: 0 });
    return { member, orderNo: created.data.orderNo };
  }

  it('confirms once, crediting the member, audited', async () => {
    const { member, orderNo } = await newCollection();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        adminCall(testApp, collectionConfirm.path, { bearer: finance, fields: { orderNo } }),
      ),
    );
    for (const answer of answers) expect(answer, answer.msg).toMatchObject({ code: 0 });
    expect(await depositBalanceOf(testApp, member.auth, 'CNY')).toBe(50_000);
    const entries = await auditOf('deposit', orderNo);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'collection.confirm',
      before: { status: 1 },
      after: { status: 2 },
    });
    await expectLedgerBalanced(testApp);
  });

  it('rejects with a reason the member sees', async () => {
    const { orderNo } = await newCollection();
    const rejected = await adminCall(testApp, collectionReject.path, {
      bearer: finance,
      fields: { orderNo, reason: 'no transfer arrived' },
    });
    expect(rejected, rejected.msg).toMatchObject({
      code: 0,
      data: { status: 6, remark: 'no transfer arrived' },
    });
    expect(await auditOf('deposit', orderNo)).toHaveLength(1);
  });
});

describe('loans', () => {
  it('sets a credit limit and turns lending on, both audited; finance may not flip the switch', async () => {
    const member = await readyMember(testApp, 1);
    const limit = await adminCall(testApp, loanLimitSet.path, {
      bearer: finance,
      fields: { userId: member.userId, currencyId: cny.currencyId, limit: 50_000 },
    });
    expect(limit, limit.msg).toMatchObject({
      code: 0,
      data: { creditLimit: 50_000, outstanding: 0 },
    });
    const [entry] = await auditOf('member', String(member.userId));
    expect(entry).toMatchObject({
      action: 'member.loan_limit',
      before: { creditLimit: 0 },
      after: { creditLimit: 50_000 },
    });

    expectRefused(
      await adminCall(testApp, loansSwitch.path, { bearer: finance, fields: { enabled: true } }),
      6005,
    );
    const switched = await adminCall(testApp, loansSwitch.path, {
      bearer: admin,
      fields: { enabled: true },
    });
    expect(switched, switched.msg).toMatchObject({ code: 0, data: { enabled: true } });
    const borrowed = await testApp.call(loanBorrow.path, {
      ...member.auth,
      amount: 20_000,
      currencyId: cny.currencyId,
    });
    expect(borrowed, borrowed.msg).toMatchObject({ code: 0 });
    const [switchEntry] = await auditOf('site', 'loans');
    expect(switchEntry).toMatchObject({
      action: 'site.loans_enabled',
      before: { loansEnabled: false },
      after: { loansEnabled: true },
    });
  });
});

describe('who may call', () => {
  it('refuses other roles and member tokens, and changes nothing', async () => {
    const { member, orderNo } = await pendingWithdrawal();
    expectRefused(
      await adminCall(testApp, withdrawReview.path, {
        bearer: trader,
        fields: { orderNo, decision: 'approve' },
      }),
      6005,
    );
    const asMember = await testApp.call(withdrawReview.path, {
      ...member.auth,
      orderNo,
      decision: 'approve',
    });
    expect(asMember.code).not.toBe(0);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 30_000,
    });
    expect(await auditOf('withdrawal', orderNo)).toEqual([]);
  });
});
