import type { Adjustment, AuditEntry } from '@sb/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, createOperator, operatorToken, signIn } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  balanceOf,
  brl,
  cny,
  expectLedgerBalanced,
  expectRefused,
  fund,
  newMember,
} from '../withdrawals/helpers';

/**
 * Manual adjustments on the finance desk: small ones apply at once, larger ones wait for a
 * second finance operator (never the one who asked), and so do small ones past what one operator
 * or one member may see moved alone in a day; debits never take a member below zero; retries and
 * racing approvals move the money once; the statement and the ledger check show it.
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
  approver = await tokenOf(['finance']);
  trader = await tokenOf(['trader']);
  admin = await tokenOf(['admin']);
});
afterAll(() => testApp.close());
// Each test asks as an operator of its own: what one operator applies adds up over the day.
beforeEach(async () => {
  asker = await operatorToken(testApp, ['finance'], Date.now());
});

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

describe("adjustments past a day's total", () => {
  // The limit is 10 000 CNY minor units: each adjustment below is within it on its own.
  const statusesOf = (answers: { code: number; msg: string; data: Adjustment }[]) => {
    for (const answer of answers) expect(answer, answer.msg).toMatchObject({ code: 0 });
    return answers.map((answer) => answer.data.status).sort();
  };

  it('lets one of six racing adjustments at the limit apply and holds five, by one operator on one member', async () => {
    const member = await newMember(testApp);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => create({ userId: member.userId, amount: 10_000 })),
    );
    expect(statusesOf(answers)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(await mainOf(member.userId)).toBe(10_000);

    // The five wait in the same queue, and a second operator's approval moves them.
    for (const answer of answers.filter((each) => each.data.status === 0)) {
      expectRefused(await decide(answer.data.id, 'approve', asker), 6007);
      const approved = await decide(answer.data.id, 'approve');
      expect(approved, approved.msg).toMatchObject({ code: 0, data: { status: 1, applied: true } });
    }
    expect(await mainOf(member.userId)).toBe(60_000);
    await expectLedgerBalanced(testApp);
  });

  it("holds what would take one operator's day past the limit, over many members, raced", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => newMember(testApp)));
    const answers = await Promise.all(
      members.map((member) => create({ userId: member.userId, amount: 10_000 })),
    );
    expect(statusesOf(answers)).toEqual([0, 0, 0, 0, 0, 1]);
    const balances = await Promise.all(members.map((member) => mainOf(member.userId)));
    expect(balances.reduce((sum, amount) => sum + amount, 0)).toBe(10_000);
  });

  it("holds what would take one member's day past the limit, by many operators, raced", async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 60_000);
    const askers = await Promise.all(
      Array.from({ length: 6 }, () => operatorToken(testApp, ['finance'], Date.now())),
    );
    const answers = await Promise.all(
      askers.map((bearer) => create({ userId: member.userId, amount: -10_000 }, bearer)),
    );
    expect(statusesOf(answers)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(await mainOf(member.userId)).toBe(50_000);
  });

  it('adds up both directions per currency, and counts neither waiting nor approved ones', async () => {
    const member = await newMember(testApp);
    const credit = await create({ userId: member.userId, amount: 6_000 });
    expect(credit, credit.msg).toMatchObject({ code: 0, data: { status: 1 } });
    // A debit counts as much as a credit: 6 000 + 5 000 is past the limit.
    const debit = await create({ userId: member.userId, amount: -5_000 });
    expect(debit, debit.msg).toMatchObject({ code: 0, data: { status: 0 } });
    // The waiting one is not counted: 6 000 + 4 000 is the limit, which applies.
    const upToLimit = await create({ userId: member.userId, amount: 4_000 });
    expect(upToLimit, upToLimit.msg).toMatchObject({ code: 0, data: { status: 1 } });
    // What a second operator approved was seen by two: it is not counted either.
    const approved = await decide(debit.data.id, 'approve');
    expect(approved, approved.msg).toMatchObject({ code: 0, data: { status: 1, applied: true } });
    const oneMore = await create({ userId: member.userId, amount: 1 });
    expect(oneMore, oneMore.msg).toMatchObject({ code: 0, data: { status: 0 } });
    expect(await mainOf(member.userId)).toBe(5_000);
    // Another currency has its own total, in its own major units.
    const inBrl = await create({
      userId: member.userId,
      currencyId: brl.currencyId,
      amount: 10_000,
    });
    expect(inBrl, inBrl.msg).toMatchObject({ code: 0, data: { status: 1 } });
  });
});

describe("a day's total rolls over 24 hours", () => {
  const hour = 60 * 60 * 1000;
  let clockMs = Date.now();
  let dayApp: TestApp;

  beforeAll(async () => {
    dayApp = await createTestApp({
      now: () => new Date(clockMs),
      config: { ADJUSTMENT_APPROVAL_ABOVE: approvalAbove },
    });
  });
  afterAll(() => dayApp.close());

  it('counts what an operator and a member saw applied alone in the last 24 hours only', async () => {
    const operator = await createOperator(dayApp.database, ['finance']);
    const other = await createOperator(dayApp.database, ['finance']);
    const member = await newMember(dayApp);
    // Sessions end after 8 idle hours: each moment signs in afresh, as a desk would.
    const createAt = async (atMs: number, asOperator: typeof operator, amount: number) => {
      clockMs = atMs;
      const { token } = await signIn(dayApp, asOperator, atMs);
      const answer = await adminCall<Adjustment>(dayApp, '/admin/api/adjustment/create', {
        bearer: token,
        fields: {
          userId: member.userId,
          currencyId: cny.currencyId,
          scale: 2,
          amount,
          reason: 'goodwill',
        },
      });
      expect(answer, answer.msg).toMatchObject({ code: 0 });
      return answer.data.status;
    };
    const start = clockMs;
    expect(await createAt(start, operator, 10_000)).toBe(1);
    expect(await createAt(start + 23 * hour, operator, 1)).toBe(0);
    // The member's total holds another operator too, within the day.
    expect(await createAt(start + 23 * hour + 60_000, other, 1)).toBe(0);
    // A day after the first, it no longer counts, for the operator nor for the member.
    expect(await createAt(start + 24 * hour + 1_000, operator, 10_000)).toBe(1);
    expect(await createAt(start + 24 * hour + 61_000, other, 1)).toBe(0);
  });
});
