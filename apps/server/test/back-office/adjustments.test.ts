import type { Adjustment, AuditEntry } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  balanceOf,
  cny,
  expectLedgerBalanced,
  expectRefused,
  fund,
  newMember,
} from '../withdrawals/helpers';

/**
 * Manual adjustments on the finance desk: small ones apply at once, larger ones wait for a
 * second finance operator (never the one who asked); debits never take a member below zero;
 * retries and racing approvals move the money once; the statement and the ledger check show it.
 */

const approvalAbove = 100; // major units: 10 000 CNY minor units
let testApp: TestApp;
let asker: string;
let approver: string;
let trader: string;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp({ config: { ADJUSTMENT_APPROVAL_ABOVE: approvalAbove } });
  const now = Date.now();
  const tokenOf = (roles: ('finance' | 'trader' | 'admin')[]) => operatorToken(testApp, roles, now);
  asker = await tokenOf(['finance']);
  approver = await tokenOf(['finance']);
  trader = await tokenOf(['trader']);
  admin = await tokenOf(['admin']);
});
afterAll(() => testApp.close());

const post = <T>(bearer: string, path: string, fields: Record<string, unknown>) =>
  adminCall<T>(testApp, path, { bearer, fields });

const create = (fields: Record<string, unknown>, bearer = asker) =>
  post<Adjustment>(bearer, '/admin/api/adjustment/create', {
    currencyId: cny.currencyId,
    scale: 2,
    reason: 'goodwill',
    ...fields,
  });

const decide = (id: number, decision: 'approve' | 'reject', bearer = approver, reason?: string) =>
  post<Adjustment & { applied: boolean }>(bearer, '/admin/api/adjustment/decide', {
    id,
    decision,
    ...(reason ? { reason } : {}),
  });

const mainOf = async (userId: number) => (await balanceOf(testApp, userId, cny.currencyId)).amount;

describe('adjustments', () => {
  it('applies a small one at once, audited, on the statement', async () => {
    const member = await newMember(testApp);
    const created = await create({ userId: member.userId, amount: 5_000 });
    expect(created, created.msg).toMatchObject({ code: 0, data: { status: 1, amount: 5_000 } });
    expect(await mainOf(member.userId)).toBe(5_000);

    const statement = await post<{ records: { kind: string; amount: number }[] }>(
      approver,
      '/admin/api/member/statement',
      { userId: member.userId },
    );
    expect(statement, statement.msg).toMatchObject({ code: 0 });
    expect(statement.data.records).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        amount: 5_000,
        bucket: 'main',
        balanceAfter: 5_000,
      }),
    ]);
    const audit = await post<{ entries: AuditEntry[] }>(admin, '/admin/api/audit/list', {
      targetType: 'member',
      targetId: String(member.userId),
    });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'adjustment.create',
      reason: 'goodwill',
      before: null,
      after: { amount: 5_000, status: 1 },
    });
    await expectLedgerBalanced(testApp);
  });

  it('shows on the statement the balance each line left, per currency and bucket', async () => {
    const member = await newMember(testApp);
    for (const amount of [5_000, -2_000, 700]) {
      const created = await create({ userId: member.userId, amount });
      expect(created, created.msg).toMatchObject({ code: 0, data: { status: 1 } });
    }
    const statement = await post<{ records: { amount: number; balanceAfter: number }[] }>(
      approver,
      '/admin/api/member/statement',
      { userId: member.userId, currencyId: cny.currencyId },
    );
    expect(statement, statement.msg).toMatchObject({ code: 0 });
    expect(
      statement.data.records.map(({ amount, balanceAfter }) => ({ amount, balanceAfter })),
    ).toEqual([
      { amount: 700, balanceAfter: 3_700 },
      { amount: -2_000, balanceAfter: 3_000 },
      { amount: 5_000, balanceAfter: 5_000 },
    ]);
    expect(await mainOf(member.userId)).toBe(3_700);
  });

  it('holds a large one for a second operator: the asker cannot approve it, another can, once', async () => {
    const member = await newMember(testApp);
    const created = await create({ userId: member.userId, amount: 25_000 });
    expect(created, created.msg).toMatchObject({ code: 0, data: { status: 0 } });
    expect(await mainOf(member.userId)).toBe(0);

    expectRefused(await decide(created.data.id, 'approve', asker), 6007);
    expect(await mainOf(member.userId)).toBe(0);

    const approved = await decide(created.data.id, 'approve');
    expect(approved, approved.msg).toMatchObject({ code: 0, data: { status: 1, applied: true } });
    expect(await mainOf(member.userId)).toBe(25_000);
    const again = await decide(created.data.id, 'approve');
    expect(again).toMatchObject({ code: 0, data: { applied: false } });
    const rejectedLate = await decide(created.data.id, 'reject', approver, 'too late');
    expect(rejectedLate).toMatchObject({ code: 0, data: { status: 1, applied: false } });
    expect(await mainOf(member.userId)).toBe(25_000);
  });

  it('tells the desk its threshold and holds exactly what is above it', async () => {
    const member = await newMember(testApp);
    const listed = await post<{ approvalAboveMajor: number }>(
      approver,
      '/admin/api/adjustment/list',
      { userId: member.userId },
    );
    expect(listed, listed.msg).toMatchObject({ code: 0, data: { approvalAboveMajor: 100 } });
    // 100 CNY is 10 000 minor units: that much applies at once, one unit more waits.
    const atThreshold = await create({ userId: member.userId, amount: 10_000 });
    expect(atThreshold, atThreshold.msg).toMatchObject({ code: 0, data: { status: 1 } });
    const above = await create({ userId: member.userId, amount: -10_001 });
    expect(above, above.msg).toMatchObject({ code: 0, data: { status: 0 } });
    expect(await mainOf(member.userId)).toBe(10_000);
  });

  it('applies a large one once when two operators approve it at the same moment', async () => {
    const member = await newMember(testApp);
    const third = await operatorToken(testApp, ['finance'], Date.now());
    const created = await create({ userId: member.userId, amount: 40_000 });
    const answers = await Promise.all([
      decide(created.data.id, 'approve', approver),
      decide(created.data.id, 'approve', third),
    ]);
    expect(answers.map((answer) => answer.code)).toEqual([0, 0]);
    expect(answers.filter((answer) => answer.data.applied)).toHaveLength(1);
    expect(await mainOf(member.userId)).toBe(40_000);
    await expectLedgerBalanced(testApp);
  });

  it('rejects with a reason, and only with one', async () => {
    const member = await newMember(testApp);
    const created = await create({ userId: member.userId, amount: -30_000 });
    const noReason = await decide(created.data.id, 'reject');
    expectRefused(noReason, 1000);
    expect(noReason.msg).toContain('reason');
    const rejected = await decide(created.data.id, 'reject', approver, 'no evidence');
    expect(rejected, rejected.msg).toMatchObject({
      code: 0,
      data: { status: 2, decisionReason: 'no evidence', applied: true },
    });
    expect(await mainOf(member.userId)).toBe(0);
  });

  it('never debits a member below zero, and then writes nothing', async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 3_000);
    const before = await post<{ total: number }>(approver, '/admin/api/adjustment/list', {
      userId: member.userId,
    });
    expectRefused(await create({ userId: member.userId, amount: -3_001 }), 5001);
    const after = await post<{ total: number }>(approver, '/admin/api/adjustment/list', {
      userId: member.userId,
    });
    expect(after.data.total).toBe(before.data.total);
    expect(await mainOf(member.userId)).toBe(3_000);
    const exact = await create({ userId: member.userId, amount: -3_000 });
    expect(exact, exact.msg).toMatchObject({ code: 0, data: { status: 1 } });
    expect(await mainOf(member.userId)).toBe(0);
  });

  it('makes one adjustment of a retried call, and refuses the key for another', async () => {
    const member = await newMember(testApp);
    const fields = { userId: member.userId, amount: 1_000, idempotencyKey: `adj-${member.userId}` };
    const [first, second] = await Promise.all([create(fields), create(fields)]);
    expect(first.code, first.msg).toBe(0);
    expect(second.data.id).toBe(first.data.id);
    expect(await mainOf(member.userId)).toBe(1_000);
    expectRefused(await create({ ...fields, amount: 2_000 }), 1005);
    expect(await mainOf(member.userId)).toBe(1_000);
  });

  it("adjusts a blocked member's balance (a chargeback is settled on a blocked account)", async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 8_000);
    const blocked = await post(admin, '/admin/api/member/block', {
      userId: member.userId,
      blocked: true,
      reason: 'chargeback',
    });
    expect(blocked, blocked.msg).toMatchObject({ code: 0 });
    const debited = await create({ userId: member.userId, amount: -8_000, reason: 'chargeback' });
    expect(debited, debited.msg).toMatchObject({ code: 0, data: { status: 1 } });
    expect(await mainOf(member.userId)).toBe(0);
  });

  it('refuses bad input by name, and other roles', async () => {
    const member = await newMember(testApp);
    const zero = await create({ userId: member.userId, amount: 0 });
    expectRefused(zero, 1000);
    expect(zero.msg).toContain('amount');
    const scale = await create({ userId: member.userId, amount: 100, scale: 8 });
    expectRefused(scale, 1000);
    expect(scale.msg).toContain('scale');
    expectRefused(await create({ userId: 987_654_321, amount: 100 }), 1002);
    expectRefused(await create({ userId: member.userId, amount: 100 }, trader), 6005);
    expect(await mainOf(member.userId)).toBe(0);
  });

  it('answers the ledger check', async () => {
    const checked = await post<{ ok: boolean; transactions: number }>(
      approver,
      '/admin/api/ledger/check',
      {},
    );
    expect(checked, checked.msg).toMatchObject({ code: 0, data: { ok: true } });
    expect(checked.data.transactions).toBeGreaterThan(0);
    expectRefused(await post(trader, '/admin/api/ledger/check', {}), 6005);
  });
});
