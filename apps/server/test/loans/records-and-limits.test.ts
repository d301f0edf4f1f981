import { randomUUID } from 'node:crypto';
import {
  loanRecordList,
  loanRecordType,
  memberCreateTryPlay,
  memberLoginAccount,
  type Session,
  type UserInfo,
} from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPartnerToken } from '../../src/modules/identity/partner-auth';
import { loanLimitChanges } from '../../src/modules/loans/loans.schema';
import {
  authOf,
  expectContractOutput,
  expectOk,
  expectRefused,
  registerMember,
  wirePassword,
} from '../identity/helpers';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';
import {
  balanceOf,
  borrow,
  cny,
  enableLoans,
  loanRecords,
  registerBorrower,
  repay,
  testOperatorId,
  usdt,
} from './helpers';

let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
  await enableLoans(testApp);
});
afterAll(() => testApp.close());

describe('/app/api/loan/record', () => {
  it('lists the member’s own borrowings and repayments, newest first, a page at a time', async () => {
    const member = await registerBorrower(testApp, 100_000);
    const startedAt = clock;
    for (let index = 1; index <= 12; index += 1) {
      clock += 60_000;
      expectOk(await borrow(testApp, member, { amount: index * 100 }));
    }
    clock += 60_000;
    expectOk(await repay(testApp, member, { amount: 50 }));
    const stranger = await registerBorrower(testApp, 100_000);
    expectOk(await borrow(testApp, stranger, { amount: 999 }));

    const first = expectContractOutput(
      loanRecordList,
      expectOk(await loanRecords(testApp, member)),
    );
    expect(first).toMatchObject({ total: 13, page: 1, size: 10 });
    expect(first.records).toHaveLength(10);
    expect(first.records[0]).toMatchObject({ type: loanRecordType.repay, amount: 50 });
    expect(first.records[1]).toMatchObject({ type: loanRecordType.borrow, amount: 1_200 });
    expect(first.records[0]?.createTime).toBe(clock);
    const second = expectOk(await loanRecords(testApp, member, { page: 2, size: 10 }));
    expect(second?.records.map((record) => record.amount)).toEqual([300, 200, 100]);
    expect(second?.records.some((record) => record.amount === 999)).toBe(false);

    const window = expectOk(
      await loanRecords(testApp, member, {
        startTime: startedAt + 2 * 60_000,
        endTime: startedAt + 5 * 60_000,
      }),
    );
    expect(window?.records.map((record) => record.amount)).toEqual([400, 300, 200]);
    const inUsdt = expectOk(await loanRecords(testApp, member, { currencyId: usdt }));
    expect(inUsdt).toMatchObject({ total: 0, records: [] });
  });

  it('refuses bad paging and time ranges, naming the field', async () => {
    const member = await registerBorrower(testApp);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ size: 101 }, /size/],
      [{ page: 0 }, /page/],
      [{ startTime: 2_000, endTime: 1_000 }, /endTime/],
      [{ currencyId: 4242 }, /currencyId/],
      [{ order: 'asc' }, /unknown field "order"/],
    ];
    for (const [fields, message] of cases) {
      const answer = await loanRecords(testApp, member, fields);
      expectRefused(answer, 1000);
      expect(answer.msg).toMatch(message);
    }
  });
});

describe('credit limits set by operators', () => {
  it('records every change with its operator and shows the limit at once', async () => {
    const member = await registerBorrower(testApp);
    const loans = testApp.modules.loans;
    await loans.setLoanLimit(member.memberId, cny, 30_000, testOperatorId);
    await loans.setLoanLimit(member.memberId, cny, 45_000, testOperatorId + 1);
    expect((await balanceOf(testApp, member)).creditAmount).toBe(45_000);
    const changes = await testApp.database.db
      .select()
      .from(loanLimitChanges)
      .where(eq(loanLimitChanges.userId, member.memberId));
    expect(
      changes.map(({ previousLimit, newLimit, operatorId }) => ({
        previousLimit,
        newLimit,
        operatorId,
      })),
    ).toEqual([
      { previousLimit: 0, newLimit: 30_000, operatorId: testOperatorId },
      { previousLimit: 30_000, newLimit: 45_000, operatorId: testOperatorId + 1 },
    ]);
  });

  it('lists a currency the member has credit in, beside the current one', async () => {
    const member = await registerBorrower(testApp);
    await testApp.modules.loans.setLoanLimit(member.memberId, usdt, 5_000_000, testOperatorId);
    const usdtEntry = await balanceOf(testApp, member, usdt);
    expect(usdtEntry).toMatchObject({ amount: 0, creditAmount: 5_000_000, loanAmount: 0 });
    expectOk(await borrow(testApp, member, { amount: 1_500_000, currencyId: usdt, scale: 6 }));
    expect(await balanceOf(testApp, member, usdt)).toMatchObject({
      amount: 1_500_000,
      loanAmount: 1_500_000,
      showAmount: '1.500000',
    });
  });

  it('stops further borrowing below what is owed, and repaying still works', async () => {
    const member = await registerBorrower(testApp, 20_000);
    expectOk(await borrow(testApp, member, { amount: 15_000 }));
    await testApp.modules.loans.setLoanLimit(member.memberId, cny, 10_000, testOperatorId);
    expectRefused(await borrow(testApp, member, { amount: 1 }), 5301);
    expectOk(await repay(testApp, member, { amount: 6_000 }));
    expectOk(await borrow(testApp, member, { amount: 1_000 }));
    expect(await balanceOf(testApp, member)).toMatchObject({
      creditAmount: 10_000,
      loanAmount: 10_000,
    });
  });

  it('refuses limits for demo players, unknown users, demo money and amounts out of range', async () => {
    const loans = testApp.modules.loans;
    const member = await registerBorrower(testApp);
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    const refusals: [() => Promise<unknown>, string, RegExp?][] = [
      [() => loans.setLoanLimit(demo.memberId, cny, 1_000, 1), 'NOT_ALLOWED_FOR_MEMBER_TYPE'],
      [() => loans.setLoanLimit(987_654_321, cny, 1_000, 1), 'INVALID_INPUT', /userId/],
      [() => loans.setLoanLimit(member.memberId, 99, 1_000, 1), 'CURRENCY_NOT_ALLOWED'],
      [() => loans.setLoanLimit(member.memberId, cny, -1, 1), 'INVALID_INPUT', /limit/],
      [() => loans.setLoanLimit(member.memberId, cny, 0.5, 1), 'INVALID_INPUT', /limit/],
      [() => loans.setLoanLimit(member.memberId, cny, 10, 0), 'INVALID_INPUT', /operatorId/],
    ];
    for (const [refuse, errorName, message] of refusals) {
      const refusal = refuse();
      await expect(refusal).rejects.toMatchObject({ errorName });
      if (message) await expect(refusal).rejects.toThrow(message);
    }
    expect((await balanceOf(testApp, member)).creditAmount).toBe(0);
  });
});

describe('credit in the session and the user info', () => {
  it('shows the limit and the debt of the current currency at login and in the profile', async () => {
    const { account, password, session } = await registerMember(testApp);
    expect(session).toMatchObject({ creditAmount: 0, loanAmount: 0 });
    await testApp.modules.loans.setLoanLimit(session.memberId, cny, 80_000, testOperatorId);
    expectOk(await borrow(testApp, session, { amount: 30_000, idempotencyKey: randomUUID() }));

    const login = expectOk(
      await testApp.call<Session>(memberLoginAccount.path, {
        account,
        pwd: wirePassword(password),
      }),
    );
    expect(login).toMatchObject({ creditAmount: 80_000, loanAmount: 30_000 });
    const profile = expectOk(
      await testApp.call<UserInfo>('/app/api/member/profile', authOf(session)),
    );
    expect(profile).toMatchObject({ creditAmount: 80_000, loanAmount: 30_000 });
    const resumed = expectOk(
      await testApp.call<Session>('/app/api/member/login/auto', authOf(session)),
    );
    expect(resumed).toMatchObject({ creditAmount: 80_000, loanAmount: 30_000 });
  });

  it('shows no credit while loans are off, and the debt all the same', async () => {
    const member = await registerBorrower(testApp, 10_000);
    expectOk(await borrow(testApp, member, { amount: 4_000 }));
    await enableLoans(testApp, false);
    try {
      expect(await balanceOf(testApp, member)).toMatchObject({
        creditAmount: 0,
        loanAmount: 4_000,
      });
      const profile = expectOk(
        await testApp.call<UserInfo>('/app/api/member/profile', authOf(member)),
      );
      expect(profile).toMatchObject({ creditAmount: 0, loanAmount: 4_000 });
    } finally {
      await enableLoans(testApp);
    }
  });

  it('gives partner players their credit in the partner balance call', async () => {
    const claims = {
      channel: testPartnerChannel,
      principal: `loan-player-${randomUUID().slice(0, 8)}`,
      exp: Math.floor(clock / 1000) + 600,
    };
    const login = expectOk(
      await testApp.call<Session>('/open/member/login', {
        authToken: signPartnerToken(claims, testPartnerSecret),
        principal: claims.principal,
        channel: claims.channel,
      }),
    );
    await testApp.modules.loans.setLoanLimit(login.memberId, cny, 9_000, testOperatorId);
    expectOk(await borrow(testApp, login, { amount: 2_000 }));
    const balances = expectOk(
      await testApp.call<{ currencyId: number }[]>('/open/v2/wallet/balance', {
        ...authOf(login),
        principal: claims.principal,
        channel: claims.channel,
      }),
    );
    expect(balances[0]).toMatchObject({
      currencyId: cny,
      amount: 2_000,
      creditAmount: 9_000,
      loanAmount: 2_000,
    });
  });
});
