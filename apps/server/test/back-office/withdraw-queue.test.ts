import {
  type CallOutput,
  errorCatalogue,
  memberBlock,
  type QueuedWithdrawal,
  withdrawQueue,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, expectRefused, operatorToken, roleTokens } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  addAccount,
  channels,
  cny,
  createWithdrawal,
  expectOk,
  fund,
  newMember,
  orderNoOf,
  readyMember,
  setWithdrawPassword,
  tronAddress,
  usdt,
} from '../withdrawals/helpers';

/**
 * The finance desk's withdrawal queue (`/admin/api/withdraw/list`): each withdrawal with what an
 * operator decides on (the member's account name and balance, the payee with a masked number),
 * for finance operators only, and bad filters refused by name.
 */

let testApp: TestApp;
let finance: string;
let trader: string;
let support: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const now = Date.now();
  ({ finance, trader } = await roleTokens(testApp, now));
  support = await operatorToken(testApp, ['support'], now);
});
afterAll(() => testApp.close());

type QueueAnswer = CallOutput<typeof withdrawQueue>;

const readQueue = (fields: Record<string, unknown>, bearer = finance) =>
  adminCall<QueueAnswer>(testApp, withdrawQueue.path, { bearer, fields });

async function queuedOf(userId: number): Promise<QueuedWithdrawal[]> {
  const answer = await readQueue({ userId });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.records;
}

describe('the withdrawal queue', () => {
  it("names the member, their balance and the payee's account with its number masked", async () => {
    const member = await readyMember(testApp, 100_000);
    orderNoOf(expectOk(await createWithdrawal(testApp, member, { amount: 30_000 })));
    const [queued] = await queuedOf(member.userId);
    expect(queued).toMatchObject({
      userId: member.userId,
      account: member.session.account,
      amount: 30_000,
      merchantCode: channels.bankCard.type,
      payee: {
        accountType: null,
        holder: 'Zhang San',
        bankName: null,
        maskedNumber: '6222 **** 3445',
      },
      // Everything held, the frozen withdrawal included, and the frozen part.
      balance: { amount: 100_000, frozen: 30_000 },
    });
    const answer = await readQueue({ userId: member.userId });
    expect(JSON.stringify(answer)).not.toContain('6222020200112233445');
    expect(JSON.stringify(answer)).not.toContain('13800138000');
  });

  it("shows the balance of the withdrawal's own currency, and an address with no holder", async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 50_000);
    await fund(testApp, member.userId, usdt.currencyId, 40_000_000);
    await setWithdrawPassword(testApp, member, '123456');
    const accountId = expectOk(
      await addAccount(testApp, member, { ...channels.usdtTrc20, bankNo: tronAddress }),
    ).accountId;
    expectOk(
      await createWithdrawal(
        testApp,
        { ...member, accountId },
        {
          channelId: channels.usdtTrc20.channelId,
          payTypeId: channels.usdtTrc20.payTypeId,
          scale: usdt.scale,
          amount: 15_000_000,
        },
      ),
    );
    const [queued] = await queuedOf(member.userId);
    expect(queued).toMatchObject({
      fromCurrency: 'USDT',
      scale: usdt.scale,
      payee: { holder: null, maskedNumber: 'TR7N **** Lj6t' },
      balance: { amount: 40_000_000, frozen: 15_000_000 },
    });
  });

  it('has no payee for a withdrawal paid back along the deposit route', async () => {
    const member = await readyMember(testApp, 100_000);
    expectOk(
      await createWithdrawal(testApp, member, {
        channelId: channels.depositRoute.channelId,
        payTypeId: channels.depositRoute.payTypeId,
        accountId: 0,
        amount: 20_000,
      }),
    );
    const [queued] = await queuedOf(member.userId);
    expect(queued).toMatchObject({ merchantCode: channels.depositRoute.type, payee: null });
  });

  it('still names a member blocked after asking, whose withdrawal waits for a decision', async () => {
    const member = await readyMember(testApp, 100_000);
    expectOk(await createWithdrawal(testApp, member, { amount: 10_000 }));
    const blocked = await adminCall(testApp, memberBlock.path, {
      bearer: support,
      fields: { userId: member.userId, blocked: true, reason: 'chargeback' },
    });
    expect(blocked, blocked.msg).toMatchObject({ code: 0 });
    const [queued] = await queuedOf(member.userId);
    expect(queued?.account).toBe(member.session.account);
  });

  it('answers an empty page for a member with no withdrawal, or none at all', async () => {
    const member = await newMember(testApp);
    expect(await readQueue({ userId: member.userId })).toMatchObject({
      code: 0,
      data: { records: [], total: 0 },
    });
    expect(await readQueue({ userId: 987_654_321 })).toMatchObject({
      code: 0,
      data: { records: [], total: 0 },
    });
  });

  it('refuses bad filters by name', async () => {
    for (const [field, value] of [
      ['status', 9],
      ['status', 'open'],
      ['userId', -1],
      ['page', 0],
      ['size', 101],
    ] as const) {
      const answer = await readQueue({ [field]: value });
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain(field);
    }
    const unknown = await readQueue({ accountNo: '6222' });
    expectRefused(unknown, errorCatalogue.INVALID_INPUT.code);
    expect(unknown.msg).toContain('accountNo');
  });

  it('is for finance operators only', async () => {
    expectRefused(await readQueue({}, trader), errorCatalogue.OPERATOR_NOT_PERMITTED.code);
    expectRefused(await readQueue({}, support), errorCatalogue.OPERATOR_NOT_PERMITTED.code);
    const member = await readyMember(testApp, 100_000);
    expectOk(await createWithdrawal(testApp, member, { amount: 10_000 }));
    // A member's own token, as a bearer or in the fields, reads nobody's queue.
    expectRefused(
      await readQueue({}, member.session.token),
      errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code,
    );
    const inFields = await testApp.call(withdrawQueue.path, { ...member.auth });
    expect(inFields.code).not.toBe(0);
    expect(JSON.stringify(inFields)).not.toContain(member.session.account ?? '');
  });
});
