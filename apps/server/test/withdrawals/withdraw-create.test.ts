import {
  memberCreateTryPlay,
  type Session,
  type WithdrawRecord,
  withdrawCreate,
  withdrawList,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, inject } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  addAccount,
  addBankCard,
  authOf,
  balanceOf,
  channels,
  cny,
  countRows,
  createWithdrawal,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  fund,
  newMember,
  orderNoOf,
  pin,
  readyMember,
  setWithdrawPassword,
  tronAddress,
  usdt,
} from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function recordsOf(member: { auth: { uid: string; token: string } }) {
  return expectOk(
    await testApp.call<{ records: WithdrawRecord[]; total: number }>(
      withdrawList.path,
      member.auth,
    ),
  );
}

describe('/app/api/withdraw/create (createWithdraw)', () => {
  it('freezes the amount and records the withdrawal waiting for review', async () => {
    const member = await readyMember(testApp, 100_000);
    const confirmation = expectOk(
      await createWithdrawal(testApp, member, { amount: 25_000, lang: 'en' }),
    );
    expect(confirmation).toMatch(/^Withdrawal W\d{20} submitted for review$/);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 25_000,
    });
    const { records, total } = await recordsOf(member);
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({
      orderNo: orderNoOf(confirmation),
      amount: 25_000,
      scale: 2,
      fromCurrency: 'CNY',
      fromAmount: 25_000,
      toCurrency: 'CNY',
      toAmount: 25_000,
      rate: '1',
      status: 0,
      type: 0,
      remark: '',
      merchantCode: 0,
    });
    await expectLedgerBalanced(testApp);
  });

  it('pays type 4 back to the deposit source without an account, and refuses one given', async () => {
    const member = await readyMember(testApp, 100_000);
    const route = {
      channelId: channels.depositRoute.channelId,
      payTypeId: channels.depositRoute.payTypeId,
    };
    const withAccount = await createWithdrawal(testApp, member, route);
    expectRefused(withAccount, 1000);
    expect(withAccount.msg).toContain('accountId: this method pays back to the deposit source');
    expectOk(await createWithdrawal(testApp, member, { ...route, accountId: 0 }));
    expectOk(await createWithdrawal(testApp, member, { ...route, accountId: undefined }));
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toMatchObject({
      frozen: 20_000,
    });
  });

  it('withdraws USDT at scale 6 to a saved TRC20 address', async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, usdt.currencyId, 50_000_000);
    await setWithdrawPassword(testApp, member, '123456');
    const account = expectOk(
      await addAccount(testApp, member, { ...channels.usdtTrc20, bankNo: tronAddress }),
    );
    const trc20 = {
      channelId: channels.usdtTrc20.channelId,
      payTypeId: channels.usdtTrc20.payTypeId,
    };
    const wrongScale = await createWithdrawal(
      testApp,
      { ...member, accountId: account.accountId },
      {
        ...trc20,
        scale: 2,
        amount: 1_500,
      },
    );
    expectRefused(wrongScale, 1000);
    expect(wrongScale.msg).toContain('scale: must be 6, the scale of USDT');
    expectOk(
      await createWithdrawal(
        testApp,
        { ...member, accountId: account.accountId },
        {
          ...trc20,
          scale: 6,
          amount: 15_000_000,
        },
      ),
    );
    expect(await balanceOf(testApp, member.userId, usdt.currencyId)).toEqual({
      amount: 50_000_000,
      frozen: 15_000_000,
    });
  });

  it('refuses every bad amount with a message naming it, and changes nothing', async () => {
    const member = await readyMember(testApp, 100_000);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: -10_000 }, 1000, 'amount: must be above 0'],
      [{ amount: 0 }, 1000, 'amount: must be above 0'],
      [{ amount: 10_000.5 }, 1000, 'amount: must be a whole number of minor units'],
      [{ amount: '10000.5' }, 1000, 'amount: must be a whole number of minor units'],
      [{ amount: 'lots' }, 1000, 'amount: must be a number of minor units'],
      [{ amount: undefined }, 1000, 'amount'],
      [{ amount: 9_999 }, 5209, 'amount: 99.99 CNY is outside 100.00 ~ 50000.00'],
      [{ amount: 5_000_001 }, 5209, 'amount: 50000.01 CNY is outside 100.00 ~ 50000.00'],
      [{ amount: 100_001 }, 5001, 'amount: 1000.01 CNY is above the available 1000.00'],
      [{ scale: 6 }, 1000, 'scale: must be 2, the scale of CNY'],
      [{ scale: undefined }, 1000, 'scale'],
    ];
    const before = await countRows(testApp);
    for (const [fields, code, message] of cases) {
      const answer = await createWithdrawal(testApp, member, fields);
      expectRefused(answer, code);
      expect(answer.msg, JSON.stringify(fields)).toContain(message);
    }
    expect(await countRows(testApp)).toEqual(before);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });
    expect((await recordsOf(member)).total).toBe(0);
  });

  it('counts frozen funds out of what is available', async () => {
    const member = await readyMember(testApp, 30_000);
    expectOk(await createWithdrawal(testApp, member, { amount: 20_000 }));
    const answer = await createWithdrawal(testApp, member, { amount: 10_001 });
    expectRefused(answer, 5001);
    expect(answer.msg).toContain('above the available 100.00');
    expectOk(await createWithdrawal(testApp, member, { amount: 10_000 }));
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 30_000,
      frozen: 30_000,
    });
  });

  it("refuses another member's account exactly like a missing one, and changes nothing", async () => {
    const member = await readyMember(testApp, 100_000);
    const stranger = await readyMember(testApp, 100_000);
    const before = await countRows(testApp);
    const theirs = await createWithdrawal(testApp, member, { accountId: stranger.accountId });
    const missing = await createWithdrawal(testApp, member, { accountId: 987_654_321 });
    expectRefused(theirs, 5205);
    expectRefused(missing, 5205);
    expect(theirs.msg.replace(String(stranger.accountId), 'N')).toBe(
      missing.msg.replace('987654321', 'N'),
    );
    const none = await createWithdrawal(testApp, member, { accountId: 0 });
    expectRefused(none, 1000);
    expect(none.msg).toContain('accountId: choose a payout account');
    const usdtAccount = expectOk(
      await addAccount(testApp, member, { ...channels.usdtTrc20, bankNo: tronAddress }),
    );
    const otherChannel = await createWithdrawal(testApp, member, {
      accountId: usdtAccount.accountId,
    });
    expectRefused(otherChannel, 1000);
    expect(otherChannel.msg).toContain('is for USDT (TRC20), not Bank card');
    expect(await countRows(testApp)).toEqual({
      ...before,
      payoutAccounts: before.payoutAccounts + 1,
    });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });
  });

  it('refuses unknown channels and pay types that do not match', async () => {
    const member = await readyMember(testApp, 100_000);
    expectRefused(await createWithdrawal(testApp, member, { channelId: 999 }), 5201);
    expectRefused(await createWithdrawal(testApp, member, { payTypeId: 22 }), 5201);
    const zero = await createWithdrawal(testApp, member, { channelId: 0 });
    expectRefused(zero, 1000);
    expect(zero.msg).toContain('channelId');
  });

  it('takes form-encoded fields and refuses demo players', async () => {
    const member = await readyMember(testApp, 100_000);
    const { body } = await inject(testApp, {
      method: 'POST',
      url: withdrawCreate.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({
        ...member.auth,
        channelId: '201',
        payTypeId: '21',
        scale: '2',
        amount: '12345',
        accountId: String(member.accountId),
        pwd: pin('123456'),
      }),
    });
    expect(body.code, body.msg).toBe(0);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toMatchObject({
      frozen: 12_345,
    });
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path));
    const refused = await testApp.call(withdrawCreate.path, {
      ...authOf(demo),
      channelId: 201,
      payTypeId: 21,
      scale: 2,
      amount: 10_000,
      accountId: 1,
      pwd: pin('123456'),
    });
    expectRefused(refused, 2010);
  });
});

describe('racing and retried withdrawals', () => {
  it('never overdraws when many withdrawals race for one balance', async () => {
    const member = await readyMember(testApp, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => createWithdrawal(testApp, member, { amount: 10_000 })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code === 5001)).toHaveLength(15);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 100_000,
    });
    expect((await recordsOf(member)).total).toBe(10);
    await expectLedgerBalanced(testApp);
  });

  it('makes one withdrawal of the same key however often and however concurrently it is sent', async () => {
    const member = await readyMember(testApp, 100_000);
    const first = expectOk(await createWithdrawal(testApp, member, { idempotencyKey: 'wd-key-1' }));
    const again = expectOk(await createWithdrawal(testApp, member, { idempotencyKey: 'wd-key-1' }));
    expect(again).toBe(first);
    const raced = await Promise.all(
      Array.from({ length: 10 }, () =>
        createWithdrawal(testApp, member, { idempotencyKey: 'wd-key-2', amount: 20_000 }),
      ),
    );
    expect(raced.map((answer) => answer.code)).toEqual(Array(10).fill(0));
    expect(new Set(raced.map((answer) => answer.data)).size).toBe(1);
    const { total } = await recordsOf(member);
    expect(total).toBe(2);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toMatchObject({
      frozen: 30_000,
    });
    // The header works like the field.
    const header = await inject(testApp, {
      method: 'POST',
      url: withdrawCreate.path,
      headers: { 'idempotency-key': 'wd-key-1' },
      payload: {
        ...member.auth,
        channelId: 201,
        payTypeId: 21,
        scale: 2,
        amount: 10_000,
        accountId: member.accountId,
        pwd: pin('123456'),
      },
    });
    expect(header.body.data).toBe(first);
    await expectLedgerBalanced(testApp);
  });

  it('refuses the same key with other parameters and changes nothing', async () => {
    const member = await readyMember(testApp, 100_000);
    expectOk(await createWithdrawal(testApp, member, { idempotencyKey: 'wd-key-3' }));
    const before = await countRows(testApp);
    const otherAmount = await createWithdrawal(testApp, member, {
      idempotencyKey: 'wd-key-3',
      amount: 10_001,
    });
    expectRefused(otherAmount, 1005);
    const otherAccount = await createWithdrawal(testApp, member, {
      idempotencyKey: 'wd-key-3',
      accountId: await addBankCard(testApp, member, '9999999999'),
    });
    expectRefused(otherAccount, 1005);
    expect(await countRows(testApp)).toEqual({
      ...before,
      payoutAccounts: before.payoutAccounts + 1,
    });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toMatchObject({
      frozen: 10_000,
    });
  });

  it('keeps keys per member: two members may use the same key', async () => {
    const first = await readyMember(testApp, 100_000);
    const second = await readyMember(testApp, 100_000);
    expectOk(await createWithdrawal(testApp, first, { idempotencyKey: 'shared-key' }));
    expectOk(
      await createWithdrawal(testApp, second, { idempotencyKey: 'shared-key', amount: 20_000 }),
    );
    expect(await balanceOf(testApp, second.userId, cny.currencyId)).toMatchObject({
      frozen: 20_000,
    });
  });

  it('makes a new withdrawal for each call without a key', async () => {
    const member = await readyMember(testApp, 100_000);
    expectOk(await createWithdrawal(testApp, member));
    expectOk(await createWithdrawal(testApp, member));
    expect((await recordsOf(member)).total).toBe(2);
  });
});
