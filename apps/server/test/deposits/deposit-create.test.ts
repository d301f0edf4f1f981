import { depositCreate, type PayType, payTypeSchema, walletPayType } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../identity/helpers';
import {
  countDepositRows,
  createDepositsTestApp,
  type DepositsTestApp,
  depositRecords,
  newDemoMember,
  newMember,
} from './helpers';

let testApp: DepositsTestApp;
let member: Awaited<ReturnType<typeof newMember>>;
beforeAll(async () => {
  testApp = await createDepositsTestApp();
  member = await newMember(testApp);
});
afterAll(() => testApp.close());

const createDeposit = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
  testApp.app
    .inject({
      method: 'POST',
      url: depositCreate.path,
      payload: { ...member.auth, ...fields },
      headers,
    })
    .then((response) => response.json() as { code: number; msg: string; data: string });

describe('/app/api/wallet/payType', () => {
  it('lists pay types of every merchant code 1–8 with SPEC §3 fields', async () => {
    const payTypes = expectOk(await testApp.call<PayType[]>(walletPayType.path, member.auth));
    for (const payType of payTypes) expect(payTypeSchema.strict().parse(payType)).toEqual(payType);
    expect(new Set(payTypes.map((payType) => payType.merchantCode))).toEqual(
      new Set([1, 2, 3, 4, 5, 6, 7, 8]),
    );
    expect(new Set(payTypes.map((payType) => payType.payTypeId)).size).toBe(payTypes.length);
    const trc20 = payTypes.find((payType) => payType.payType === 'TRC20');
    expect(trc20).toMatchObject({ merchantCode: 5, currencyCode: 'USDT', scale: 6, outerId: 1002 });
    const pix = payTypes.filter(
      (payType) => payType.merchantCode === 6 || payType.merchantCode === 7,
    );
    expect(pix.every((payType) => payType.currencyCode === 'BRL')).toBe(true);
    const conversion = payTypes.find((payType) => payType.payTypeId === 801);
    expect(conversion).toMatchObject({
      merchantCode: 8,
      currencyCode: 'USDT',
      toCurrencyCode: 'CNY',
      toScale: 2,
      rate: '7.1',
    });
    for (const payType of payTypes) {
      expect(payType.minAmount).toBeGreaterThan(0);
      expect(payType.maxAmount).toBeGreaterThan(payType.minAmount);
      for (const quick of payType.quicks) {
        expect(quick).toBeGreaterThanOrEqual(payType.minAmount);
        expect(quick).toBeLessThanOrEqual(payType.maxAmount);
      }
    }
  });

  it('filters by merchant code and refuses one out of range', async () => {
    const bank = expectOk(
      await testApp.call<PayType[]>(walletPayType.path, { ...member.auth, merchantCode: 2 }),
    );
    expect(bank.map((payType) => payType.payType)).toEqual(['BANK_CARD', 'SHOP_QR']);
    const refused = await testApp.call(walletPayType.path, { ...member.auth, merchantCode: 9 });
    expectRefused(refused, 1000);
    expect(refused.msg).toContain('merchantCode');
  });

  it('answers 402 to a visitor and 403 without a token', async () => {
    const visitor = expectOk(
      await testApp.call<{ uid: string; token: string }>('/app/api/visitor/create'),
    );
    expectRefused(
      await testApp.call(walletPayType.path, { uid: visitor.uid, token: visitor.token }),
      402,
    );
    expectRefused(await testApp.call(walletPayType.path), 403);
  });
});

describe('/app/api/deposit/create amount rules (SPEC §5)', () => {
  const valid = { scale: 2, payTypeId: 301, amount: 10_000 };
  const badAmounts: [string, unknown, string][] = [
    ['a negative number', -100, 'amount: must be above zero'],
    ['a negative text', '-100', 'amount: must be above zero'],
    ['zero', 0, 'amount: must be above zero'],
    ['zero as text', '0', 'amount: must be above zero'],
    ['a fraction', 1000.5, 'amount: must be a whole number of minor units'],
    ['a fraction as text', '1000.50', 'amount: must be a whole number of minor units'],
    ['a leading zero', '01000', 'amount: must not start with 0'],
    ['letters', '10e3', 'amount: must contain digits only'],
    ['an empty text', '', 'amount: is required'],
    ['a number too large to be exact', 2 ** 60, 'amount: is too large'],
    ['nothing', undefined, 'amount: is required'],
    ['a list', [100], 'amount: must be a whole number of minor units'],
  ];

  for (const [label, amount, message] of badAmounts) {
    it(`refuses ${label} and creates nothing`, async () => {
      const before = await countDepositRows(testApp);
      const answer = await createDeposit({ ...valid, amount });
      expectRefused(answer, 1000);
      expect(answer.msg).toContain(message);
      expect(await countDepositRows(testApp)).toEqual(before);
    });
  }

  it('refuses amounts outside the pay type range with "min ~ max" and creates nothing', async () => {
    const before = await countDepositRows(testApp);
    for (const amount of [999, 2_000_001]) {
      const answer = await createDeposit({ ...valid, amount, lang: 'en' });
      expectRefused(answer, 5101);
      expect(answer.msg).toBe('Deposit amount out of range: 10.00 ~ 20000.00 CNY');
    }
    expect(await countDepositRows(testApp)).toEqual(before);
  });

  it('accepts the exact minimum and maximum', async () => {
    for (const amount of [1_000, 2_000_000]) {
      expect(expectOk(await createDeposit({ ...valid, amount }))).toMatch(/^\/sandbox\/pay\/sp_/);
    }
  });

  it("refuses a scale other than the currency's, naming the right one", async () => {
    const before = await countDepositRows(testApp);
    const answer = await createDeposit({ ...valid, scale: 6, lang: 'en' });
    expectRefused(answer, 1000);
    expect(answer.msg).toBe('Invalid input: scale: must be 2, the scale of CNY');
    expect(await countDepositRows(testApp)).toEqual(before);
  });

  it('refuses unknown pay types, pay types of other calls and a wrong target currency', async () => {
    const before = await countDepositRows(testApp);
    expectRefused(await createDeposit({ ...valid, payTypeId: 999 }), 5100);
    const bank = await createDeposit({ scale: 2, payTypeId: 201, amount: 10_000 });
    expectRefused(bank, 5100);
    expect(bank.msg).toContain('/app/api/collection/create');
    const address = await createDeposit({ scale: 6, payTypeId: 501, amount: 20_000_000 });
    expectRefused(address, 5100);
    expect(address.msg).toContain('/app/api/deposit/address');
    const target = await createDeposit({
      scale: 6,
      payTypeId: 801,
      amount: 20_000_000,
      toCurrencyId: 3,
    });
    expectRefused(target, 1000);
    expect(target.msg).toContain('toCurrencyId: must be 1 (CNY)');
    expect(await countDepositRows(testApp)).toEqual(before);
  });

  it('refuses demo accounts, whose money is not real', async () => {
    const demo = await newDemoMember(testApp);
    const answer = await testApp.call(depositCreate.path, { ...demo.auth, ...valid });
    expectRefused(answer, 2010);
  });

  it('takes form-encoded fields, amount as text', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: depositCreate.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...member.auth,
        scale: '2',
        payTypeId: '601',
        amount: '5000',
      }).toString(),
    });
    expect(expectOk(response.json())).toMatch(/^\/sandbox\/pay\/sp_[0-9a-f]{32}\?key=[\w-]{43}$/);
  });
});

describe('/app/api/deposit/create', () => {
  it('answers a pay URL into the sandbox pay page, and records the order as created', async () => {
    const payUrl = expectOk(await createDeposit({ scale: 6, payTypeId: 101, amount: 50_000_000 }));
    const page = await testApp.app.inject({ method: 'GET', url: payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('50.000000 USDT');
    expect(page.body).toContain('Complete payment');
    expect(page.body).toContain('Fail payment');
    const [record] = await depositRecords(testApp, member.auth);
    expect(record).toMatchObject({
      amount: 50_000_000,
      scale: 6,
      fromCurrency: 'USDT',
      toCurrency: 'USDT',
      status: 0,
      merchantCode: 1,
      type: 1,
      payTypeId: 101,
      rate: '1',
    });
    expect(page.body).toContain(record?.orderNo);
  });

  it('states the conversion on the order: rate, paid and credited amounts with their scales', async () => {
    const payUrl = expectOk(
      await createDeposit({
        scale: 6,
        payTypeId: 801,
        amount: 12_345_678,
        toCurrencyId: 1,
        lang: 'en',
      }),
    );
    const [record] = await depositRecords(testApp, member.auth);
    expect(record).toMatchObject({
      fromCurrency: 'USDT',
      fromAmount: 12_345_678,
      fromScale: 6,
      toCurrency: 'CNY',
      toAmount: 8_765,
      toScale: 2,
      rate: '7.1',
      merchantCode: 8,
      status: 0,
    });
    const page = await testApp.app.inject({ method: 'GET', url: payUrl });
    expect(page.body).toContain('credited in CNY at 7.1');
  });

  it('makes one order for one idempotency key and refuses the key for another request', async () => {
    const key = 'deposit-key-1';
    const before = await countDepositRows(testApp);
    const fields = { scale: 2, payTypeId: 401, amount: 50_000 };
    const first = expectOk(await createDeposit({ ...fields, idempotencyKey: key }));
    const again = expectOk(await createDeposit(fields, { 'idempotency-key': key }));
    expect(again).toBe(first);
    expect((await countDepositRows(testApp)).orders).toBe(before.orders + 1);
    const conflict = await createDeposit({ ...fields, amount: 60_000, idempotencyKey: key });
    expectRefused(conflict, 1005);
    const otherType = await createDeposit({
      scale: 2,
      payTypeId: 301,
      amount: 50_000,
      idempotencyKey: key,
    });
    expectRefused(otherType, 1005);
    expect((await countDepositRows(testApp)).orders).toBe(before.orders + 1);
  });

  it('makes one order when retries with the same key race', async () => {
    const before = await countDepositRows(testApp);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        createDeposit({ scale: 2, payTypeId: 402, amount: 7_000, idempotencyKey: 'racing-key' }),
      ),
    );
    const urls = new Set(answers.map((answer) => expectOk(answer)));
    expect(urls.size).toBe(1);
    expect((await countDepositRows(testApp)).orders).toBe(before.orders + 1);
  });

  it('makes a new order for each call without a key', async () => {
    const before = await countDepositRows(testApp);
    const fields = { scale: 2, payTypeId: 701, amount: 3_000 };
    const first = expectOk(await createDeposit(fields));
    const second = expectOk(await createDeposit(fields));
    expect(second).not.toBe(first);
    expect((await countDepositRows(testApp)).orders).toBe(before.orders + 2);
  });

  it('keeps the same key of two members apart', async () => {
    const other = await newMember(testApp);
    const fields = { scale: 2, payTypeId: 301, amount: 5_000, idempotencyKey: 'shared-key' };
    const mine = expectOk(await createDeposit(fields));
    const theirs = expectOk(
      await testApp.call<string>(depositCreate.path, { ...other.auth, ...fields, amount: 6_000 }),
    );
    expect(theirs).not.toBe(mine);
  });
});
