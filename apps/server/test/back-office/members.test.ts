import {
  type AuditEntry,
  type MemberSummary,
  memberCreateTryPlay,
  memberLoginAccount,
  memberProfile,
  type Session,
  visitorCreate,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, wirePassword } from '../identity/helpers';
import { adminCall, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  type Answer,
  authOf,
  cny,
  createWithdrawal,
  expectOk,
  expectRefused,
  fund,
  orderNoOf,
  readyMember,
} from '../withdrawals/helpers';

/**
 * The members desk and the withdrawal queue over HTTP: search, detail, block and unblock
 * (sessions end, logins refused), risk settings, the queue of withdrawals waiting for review;
 * every change audited; roles and member tokens refused.
 */

let testApp: TestApp;
let support: string;
let trader: string;
let finance: string;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const now = Date.now();
  const tokenOf = (roles: ('support' | 'trader' | 'finance' | 'admin')[]) =>
    operatorToken(testApp, roles, now);
  support = await tokenOf(['support']);
  trader = await tokenOf(['trader']);
  finance = await tokenOf(['finance']);
  admin = await tokenOf(['admin']);
});
afterAll(() => testApp.close());

const call = <T>(bearer: string, path: string, fields: Record<string, unknown> = {}) =>
  adminCall<T>(testApp, path, { bearer, fields });

async function auditOf(userId: number): Promise<AuditEntry[]> {
  const answer = await call<{ entries: AuditEntry[] }>(admin, '/admin/api/audit/list', {
    targetType: 'member',
    targetId: String(userId),
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

describe('search and detail', () => {
  it('finds members by account prefix, uid and id, and shows one whole', async () => {
    const { account, session } = await registerMember(testApp);
    await fund(testApp, session.memberId, cny.currencyId, 12_345);
    for (const q of [account.slice(0, 6).toUpperCase(), session.uid, String(session.memberId)]) {
      const found = await call<{ records: MemberSummary[]; total: number }>(
        support,
        '/admin/api/member/list',
        { q },
      );
      expect(found, found.msg).toMatchObject({ code: 0 });
      expect(found.data.records.map((record) => record.userId)).toContain(session.memberId);
    }
    // LIKE's wildcards are searched for literally.
    const wild = await call<{ total: number }>(support, '/admin/api/member/list', { q: '%' });
    expect(wild.data.total).toBe(0);

    const detail = await call<{
      account: string;
      balances: { currencyId: number; amount: number }[];
      openOrders: number;
      withdrawLocked: boolean;
    }>(trader, '/admin/api/member/detail', { userId: session.memberId });
    expect(detail, detail.msg).toMatchObject({
      code: 0,
      data: {
        account,
        openOrders: 0,
        withdrawLocked: false,
        gameSwitches: {
          own: { casinoSw: null, lotterySw: null },
          effective: { casinoSw: 30, lotterySw: 2 },
        },
      },
    });
    expect(detail.data.balances).toContainEqual(
      expect.objectContaining({ currencyId: cny.currencyId, amount: 12_345 }),
    );
    expectRefused(await call(support, '/admin/api/member/detail', { userId: 987_654_321 }), 1002);
  });
});

describe('visitors in the list', () => {
  it('leaves visitors and try-play accounts out unless asked, members always in', async () => {
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path, {}));
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    const { session: member } = await registerMember(testApp);
    const listed = async (fields: Record<string, unknown>) => {
      const answer = await call<{ records: MemberSummary[] }>(support, '/admin/api/member/list', {
        size: 100,
        ...fields,
      });
      expect(answer, answer.msg).toMatchObject({ code: 0 });
      return answer.data.records.map((record) => record.uid);
    };
    const byDefault = await listed({});
    expect(byDefault).toContain(member.uid);
    expect(byDefault).not.toContain(visitor.uid);
    expect(byDefault).not.toContain(demo.uid);
    // Not even by their own uid, unless visitors are asked for.
    expect(await listed({ q: visitor.uid })).toEqual([]);
    expect(await listed({ q: visitor.uid, withVisitors: true })).toEqual([visitor.uid]);
    const withVisitors = await listed({ withVisitors: 'true' });
    expect(withVisitors).toEqual(expect.arrayContaining([member.uid, visitor.uid, demo.uid]));
    const refused = await call(support, '/admin/api/member/list', { withVisitors: 'maybe' });
    expectRefused(refused, 1000);
    expect(refused.msg).toContain('withVisitors');
  });
});

describe('block', () => {
  it('ends the sessions and refuses logins until unblocked, audited both ways', async () => {
    const { account, password, session } = await registerMember(testApp);
    const auth = authOf(session);
    const blocked = await call<{ blockedAt: number | null; applied: boolean }>(
      support,
      '/admin/api/member/block',
      { userId: session.memberId, blocked: true, reason: 'chargeback' },
    );
    expect(blocked, blocked.msg).toMatchObject({ code: 0, data: { applied: true } });
    expect(blocked.data.blockedAt).toEqual(expect.any(Number));

    expect((await testApp.call(memberProfile.path, auth)).code).toBe(403);
    // The desk still reads a blocked member whole.
    const detail = await call<{ blockedAt: number | null; balances: unknown[] }>(
      support,
      '/admin/api/member/detail',
      { userId: session.memberId },
    );
    expect(detail, detail.msg).toMatchObject({
      code: 0,
      data: { blockedAt: blocked.data.blockedAt },
    });
    expect(detail.data.balances.length).toBeGreaterThan(0);
    const login = await testApp.call(memberLoginAccount.path, {
      account,
      pwd: wirePassword(password),
    });
    expectRefused(login as Answer, 2008);
    const listed = await call<{ records: MemberSummary[] }>(support, '/admin/api/member/list', {
      q: account,
      blocked: true,
    });
    expect(listed.data.records.map((record) => record.userId)).toEqual([session.memberId]);

    const again = await call(support, '/admin/api/member/block', {
      userId: session.memberId,
      blocked: true,
      reason: 'again',
    });
    expect(again).toMatchObject({ code: 0, data: { applied: false } });

    const unblocked = await call(support, '/admin/api/member/block', {
      userId: session.memberId,
      blocked: false,
      reason: 'resolved',
    });
    expect(unblocked, unblocked.msg).toMatchObject({ code: 0, data: { blockedAt: null } });
    const back = await testApp.call(memberLoginAccount.path, {
      account,
      pwd: wirePassword(password),
    });
    expect(back.code, back.msg).toBe(0);

    const entries = await auditOf(session.memberId);
    expect(entries.map((entry) => entry.action)).toEqual(['member.unblock', 'member.block']);
    expect(entries[1]).toMatchObject({ reason: 'chargeback', before: { blockedAt: null } });
  });

  it('is refused to traders and finance, and to member tokens', async () => {
    const { session } = await registerMember(testApp);
    const fields = { userId: session.memberId, blocked: true, reason: 'x' };
    expectRefused(await call(trader, '/admin/api/member/block', fields), 6005);
    expectRefused(await call(finance, '/admin/api/member/block', fields), 6005);
    const asMember = await testApp.call('/admin/api/member/block', {
      ...authOf(session),
      ...fields,
    });
    expect(asMember.code).not.toBe(0);
    expect((await testApp.call(memberProfile.path, authOf(session))).code).toBe(0);
  });
});

describe('risk settings', () => {
  it('changes only the fields given and records before and after', async () => {
    const { session } = await registerMember(testApp);
    const changed = await call<{ riskAmount: number; riskLevel: number; oddsConfig: number[] }>(
      trader,
      '/admin/api/member/risk',
      { userId: session.memberId, riskAmount: 50_000, riskLevel: 2, reason: 'sharp bettor' },
    );
    expect(changed, changed.msg).toMatchObject({
      code: 0,
      data: { riskAmount: 50_000, riskLevel: 2, oddsConfig: [0, 0, 0, 0, 0] },
    });
    const [entry] = await auditOf(session.memberId);
    expect(entry).toMatchObject({
      action: 'member.risk',
      before: { riskAmount: 0, riskLevel: 0 },
      after: { riskAmount: 50_000, riskLevel: 2 },
    });
    const bad = await call(trader, '/admin/api/member/risk', {
      userId: session.memberId,
      riskLevel: 42,
      reason: 'x',
    });
    expectRefused(bad, 1000);
    expect(bad.msg).toContain('riskLevel');
    expectRefused(
      await call(support, '/admin/api/member/risk', {
        userId: session.memberId,
        riskLevel: 1,
        reason: 'x',
      }),
      6005,
    );
  });
});

describe('withdrawal queue', () => {
  it('lists withdrawals waiting for review, oldest first, with their member', async () => {
    const member = await readyMember(testApp, 100_000);
    const first = orderNoOf(expectOk(await createWithdrawal(testApp, member, { amount: 10_000 })));
    const second = orderNoOf(expectOk(await createWithdrawal(testApp, member, { amount: 20_000 })));
    const queue = await call<{ records: { orderNo: string; userId: number }[]; total: number }>(
      finance,
      '/admin/api/withdraw/list',
      { userId: member.userId },
    );
    expect(queue, queue.msg).toMatchObject({ code: 0, data: { total: 2 } });
    expect(queue.data.records.map((record) => record.orderNo)).toEqual([first, second]);
    expect(queue.data.records.every((record) => record.userId === member.userId)).toBe(true);
    const done = await call<{ total: number }>(finance, '/admin/api/withdraw/list', {
      userId: member.userId,
      status: 3,
    });
    expect(done.data.total).toBe(0);
    expectRefused(await call(support, '/admin/api/withdraw/list', {}), 6005);
  });
});
