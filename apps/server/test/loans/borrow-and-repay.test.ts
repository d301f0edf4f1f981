import { randomUUID } from 'node:crypto';
import {
  loanBorrow,
  loanRecordType,
  loanRepay,
  memberCreateTryPlay,
  type Session,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { authOf, expectContractOutput, expectOk, expectRefused } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  balanceOf,
  borrow,
  cny,
  countMoneyRows,
  enableLoans,
  fund,
  loanRecords,
  registerBorrower,
  repay,
  spend,
  testOperatorId,
  usdt,
} from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('loans while the site has them off', () => {
  it('refuses to lend (5300), changing nothing, while records stay readable', async () => {
    const member = await registerBorrower(testApp, 50_000);
    const before = await countMoneyRows(testApp);
    expectRefused(await testApp.call(loanBorrow.path, { ...authOf(member), amount: 100 }), 5300);
    // Nothing is owed, so there is nothing to repay.
    expectRefused(await testApp.call(loanRepay.path, { ...authOf(member), amount: 100 }), 5302);
    expect(expectOk(await loanRecords(testApp, member))).toMatchObject({ records: [], total: 0 });
    expect(await countMoneyRows(testApp)).toEqual(before);
  });

  it('still takes repayments of a debt made while loans were on', async () => {
    const member = await registerBorrower(testApp, 50_000);
    await enableLoans(testApp);
    expectOk(await borrow(testApp, member, { amount: 20_000, currencyId: cny }));
    await enableLoans(testApp, false);
    expectRefused(await testApp.call(loanBorrow.path, { ...authOf(member), amount: 100 }), 5300);
    const repaid = expectOk(await repay(testApp, member, { amount: 20_000, currencyId: cny }));
    expect(repaid).toMatchObject({ record: { loanAmount: 0 } });
  });
});

describe('borrowing and repaying', () => {
  beforeAll(() => enableLoans(testApp));

  it('moves borrowed money into the available balance and shows the debt beside it', async () => {
    const member = await registerBorrower(testApp, 50_000);
    const answer = expectOk(await borrow(testApp, member, { amount: 20_000, currencyId: cny }));
    const movement = expectContractOutput(loanBorrow, answer);
    expect(movement.record).toMatchObject({
      type: loanRecordType.borrow,
      amount: 20_000,
      scale: 2,
      currencyCode: 'CNY',
      loanAmount: 20_000,
    });
    expect(movement.balance).toMatchObject({
      amount: 20_000,
      frozen: 0,
      creditAmount: 50_000,
      loanAmount: 20_000,
      showAmount: '200.00',
    });
    expect(await balanceOf(testApp, member)).toEqual(movement.balance);
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });

  it('pays a loan back from the available balance', async () => {
    const member = await registerBorrower(testApp, 50_000);
    expectOk(await borrow(testApp, member, { amount: 30_000 }));
    const movement = expectOk(await repay(testApp, member, { amount: 12_000, scale: 2 }));
    expect(movement?.record).toMatchObject({ type: loanRecordType.repay, amount: 12_000 });
    expect(movement?.record.loanAmount).toBe(18_000);
    expect(movement?.balance).toMatchObject({ amount: 18_000, loanAmount: 18_000 });
  });

  it('refuses to lend beyond the limit less what is owed, saying how much is left', async () => {
    const member = await registerBorrower(testApp, 50_000);
    expectOk(await borrow(testApp, member, { amount: 45_000 }));
    const before = await countMoneyRows(testApp);
    const refused = await borrow(testApp, member, { amount: 5_001 });
    expectRefused(refused, 5301);
    expect(refused.msg).toContain('50.00 CNY');
    expect(await countMoneyRows(testApp)).toEqual(before);
    expectOk(await borrow(testApp, member, { amount: 5_000 }));
    expectRefused(await borrow(testApp, member, { amount: 1 }), 5301);
  });

  it('refuses a member without a credit line', async () => {
    const member = await registerBorrower(testApp);
    expectRefused(await borrow(testApp, member, { amount: 1 }), 5301);
    expectRefused(await repay(testApp, member, { amount: 1 }), 5302);
  });

  it('refuses to take back more than is owed, even from a member with money', async () => {
    const member = await registerBorrower(testApp, 10_000);
    await fund(testApp, member.memberId, 100_000, `fund-${member.memberId}`);
    expectOk(await borrow(testApp, member, { amount: 4_000 }));
    const refused = await repay(testApp, member, { amount: 4_001 });
    expectRefused(refused, 5302);
    expect(refused.msg).toContain('40.00 CNY');
    expect((await balanceOf(testApp, member)).loanAmount).toBe(4_000);
  });

  it('refuses to take back more than the available balance, frozen money untouched', async () => {
    const member = await registerBorrower(testApp, 10_000);
    expectOk(await borrow(testApp, member, { amount: 10_000 }));
    await spend(testApp, member.memberId, 7_000, `stake-${member.memberId}`);
    const before = await countMoneyRows(testApp);
    expectRefused(await repay(testApp, member, { amount: 3_001 }), 5001);
    expect(await countMoneyRows(testApp)).toEqual(before);
    expectOk(await repay(testApp, member, { amount: 3_000 }));
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 0, loanAmount: 7_000 });
  });
});

describe('who and what may be borrowed', () => {
  beforeAll(() => enableLoans(testApp));

  it('answers 402 to a visitor and 2010 to a demo player', async () => {
    const visitor = expectOk(await testApp.call<Session>('/app/api/visitor/create'));
    expectRefused(await borrow(testApp, visitor, { amount: 1 }), 402);
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    expect(demo.pUid).toBeGreaterThan(0);
    expectRefused(await borrow(testApp, demo, { amount: 1 }), 2010);
    expectRefused(await repay(testApp, demo, { amount: 1 }), 2010);
  });

  it('refuses demo money, unknown currencies and a scale that is not the currency’s', async () => {
    const member = await registerBorrower(testApp, 10_000);
    expectRefused(await borrow(testApp, member, { amount: 1, currencyId: 99 }), 2009);
    expectRefused(await borrow(testApp, member, { amount: 1, currencyId: 4242 }), 2009);
    const wrongScale = await borrow(testApp, member, { amount: 1, scale: 6 });
    expectRefused(wrongScale, 1000);
    expect(wrongScale.msg).toMatch(/scale/);
  });

  it('names the field of bad input and changes nothing', async () => {
    const member = await registerBorrower(testApp, 10_000);
    const before = await countMoneyRows(testApp);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /amount/],
      [{ amount: 0 }, /amount/],
      [{ amount: -5 }, /amount/],
      [{ amount: 1.5 }, /amount/],
      [{ amount: 'ten' }, /amount/],
      [{ amount: 2 ** 53 }, /amount/],
      [{ amount: 1, currencyId: 'CNY' }, /currencyId/],
      [{ amount: 1, lender: 'me' }, /unknown field "lender"/],
    ];
    for (const [fields, message] of cases) {
      const answer = await borrow(testApp, member, fields);
      expectRefused(answer, 1000);
      expect(answer.msg).toMatch(message);
    }
    expect(await countMoneyRows(testApp)).toEqual(before);
  });
});

describe('idempotency keys', () => {
  beforeAll(() => enableLoans(testApp));

  it('does a keyed borrowing once and answers the retry with the same record', async () => {
    const member = await registerBorrower(testApp, 10_000);
    const idempotencyKey = randomUUID();
    const first = expectOk(await borrow(testApp, member, { amount: 2_500, idempotencyKey }));
    const again = expectOk(await borrow(testApp, member, { amount: 2_500, idempotencyKey }));
    expect(again?.record).toEqual(first?.record);
    expect((await balanceOf(testApp, member)).loanAmount).toBe(2_500);
  });

  it('takes the key from the Idempotency-Key header too', async () => {
    const member = await registerBorrower(testApp, 10_000);
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: loanBorrow.path,
        headers: { 'idempotency-key': `header-${member.memberId}` },
        payload: { ...authOf(member), amount: 700 },
      });
    const first = (await send()).json();
    const again = (await send()).json();
    expect(first.code).toBe(0);
    expect(again.data.record.orderNo).toBe(first.data.record.orderNo);
    expect((await balanceOf(testApp, member)).amount).toBe(700);
  });

  it('refuses a key used before for another amount, currency or kind of call', async () => {
    const member = await registerBorrower(testApp, 10_000);
    const idempotencyKey = randomUUID();
    expectOk(await borrow(testApp, member, { amount: 1_000, idempotencyKey }));
    const before = await countMoneyRows(testApp);
    expectRefused(await borrow(testApp, member, { amount: 1_001, idempotencyKey }), 1005);
    expectRefused(await repay(testApp, member, { amount: 1_000, idempotencyKey }), 1005);
    expect(await countMoneyRows(testApp)).toEqual(before);
  });

  it('lets two members use the same key without meeting', async () => {
    const first = await registerBorrower(testApp, 10_000);
    const second = await registerBorrower(testApp, 10_000);
    expectOk(await borrow(testApp, first, { amount: 100, idempotencyKey: 'shared-key' }));
    expectOk(await borrow(testApp, second, { amount: 300, idempotencyKey: 'shared-key' }));
    expect((await balanceOf(testApp, second)).amount).toBe(300);
  });

  it('treats calls without a key as separate borrowings', async () => {
    const member = await registerBorrower(testApp, 10_000);
    expectOk(await borrow(testApp, member, { amount: 100 }));
    expectOk(await borrow(testApp, member, { amount: 100 }));
    expect((await balanceOf(testApp, member)).loanAmount).toBe(200);
  });
});

describe('loans under concurrency', () => {
  beforeAll(() => enableLoans(testApp));

  it('never lends beyond the limit when many borrowings race', async () => {
    const member = await registerBorrower(testApp, 10_000);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        borrow(testApp, member, { amount: 1_000, idempotencyKey: randomUUID() }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(10);
    expect(answers.filter((answer) => answer.code === 5301)).toHaveLength(15);
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 10_000, loanAmount: 10_000 });
  });

  it('does a raced retry once', async () => {
    const member = await registerBorrower(testApp, 10_000);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => borrow(testApp, member, { amount: 3_000, idempotencyKey })),
    );
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data?.record.orderNo)).size).toBe(1);
    expect((await balanceOf(testApp, member)).loanAmount).toBe(3_000);
  });

  it('refuses a key raced for two currencies except once', async () => {
    const member = await registerBorrower(testApp, 10_000);
    await testApp.modules.loans.setLoanLimit(member.memberId, usdt, 10_000_000, testOperatorId);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all([
      borrow(testApp, member, { amount: 1_000, idempotencyKey }),
      borrow(testApp, member, { amount: 1_000, idempotencyKey, currencyId: usdt }),
      borrow(testApp, member, { amount: 1_000, idempotencyKey }),
      borrow(testApp, member, { amount: 1_000, idempotencyKey, currencyId: usdt }),
    ]);
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 0).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((code) => code === 0 || code === 1005)).toBe(true);
    const accepted = answers.filter((answer) => answer.code === 0);
    expect(new Set(accepted.map((answer) => answer.data?.record.orderNo)).size).toBe(1);
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });

  it('never takes back more than is owed when repayments race', async () => {
    const member = await registerBorrower(testApp, 10_000);
    await fund(testApp, member.memberId, 50_000, `race-fund-${member.memberId}`);
    expectOk(await borrow(testApp, member, { amount: 6_000 }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        repay(testApp, member, { amount: 1_000, idempotencyKey: randomUUID() }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(6);
    expect(answers.filter((answer) => answer.code === 5302)).toHaveLength(14);
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 50_000, loanAmount: 0 });
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });
});
