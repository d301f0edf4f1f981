import { depositCreate } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallback } from '../../src/modules/payments/callback-signature';
import { sandboxPayments } from '../../src/modules/payments/payments.schema';
import { expectOk } from '../identity/helpers';
import {
  balanceOf,
  createDepositsTestApp,
  type DepositsTestApp,
  depositRecords,
  expectLedgerBalanced,
  newMember,
  paymentIdOf,
  pressPayButton,
  sandboxCallbackPath,
  sendCallback,
  testSandboxSecret,
} from './helpers';

let testApp: DepositsTestApp;
beforeAll(async () => {
  testApp = await createDepositsTestApp();
});
afterAll(() => testApp.close());

type Member = Awaited<ReturnType<typeof newMember>>;

/** Creates a hosted deposit and answers its pay URL and the sandbox's payment. */
async function openDeposit(member: Member, fields: Record<string, unknown>) {
  const payUrl = expectOk(
    await testApp.call<string>(depositCreate.path, { ...member.auth, ...fields }),
  );
  const paymentId = paymentIdOf(payUrl);
  const [payment] = await testApp.database.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, paymentId));
  if (!payment) throw new Error(`no sandbox payment behind ${payUrl}`);
  return { payUrl, payment };
}

function completedBody(
  payment: typeof sandboxPayments.$inferSelect,
  overrides: Record<string, unknown> = {},
) {
  return JSON.stringify({
    event: 'payment.completed',
    paymentId: payment.id,
    orderNo: payment.orderNo,
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    scale: payment.scale,
    reason: null,
    ...overrides,
  });
}

async function statusOf(member: Member, orderNo: string) {
  return (await depositRecords(testApp, member.auth)).find((record) => record.orderNo === orderNo);
}

describe('the sandbox pay page', () => {
  it('credits the member once when the payer completes, however often the button is pressed', async () => {
    const member = await newMember(testApp);
    const { payUrl, payment } = await openDeposit(member, {
      scale: 2,
      payTypeId: 301,
      amount: 12_345,
    });
    const page = await pressPayButton(testApp, payUrl, 'complete');
    expect(page).toContain('the merchant acknowledged it');
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(12_345);
    await pressPayButton(testApp, payUrl, 'complete');
    await pressPayButton(testApp, payUrl, 'fail');
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(12_345);
    expect(await statusOf(member, payment.orderNo)).toMatchObject({ status: 2, toAmount: 12_345 });
    const later = await testApp.app.inject({ method: 'GET', url: payUrl });
    expect(later.body).toContain('The merchant has the result');
    expect(later.body).not.toContain('Complete payment');
  });

  it('marks the order failed when the payer fails, crediting nothing', async () => {
    const member = await newMember(testApp);
    const { payUrl, payment } = await openDeposit(member, {
      scale: 2,
      payTypeId: 601,
      amount: 5_000,
    });
    await pressPayButton(testApp, payUrl, 'fail');
    await pressPayButton(testApp, payUrl, 'complete');
    expect(await statusOf(member, payment.orderNo)).toMatchObject({
      status: 3,
      remark: 'The payer declined the payment',
    });
    expect(await balanceOf(testApp, member.auth, 'BRL')).toBe(0);
  });

  it('credits a conversion in the target currency at the rate stated on the order', async () => {
    const member = await newMember(testApp);
    const { payUrl, payment } = await openDeposit(member, {
      scale: 6,
      payTypeId: 802,
      amount: 20_000_000,
      toCurrencyId: 3,
    });
    await pressPayButton(testApp, payUrl, 'complete');
    expect(await statusOf(member, payment.orderNo)).toMatchObject({
      status: 2,
      fromCurrency: 'USDT',
      fromAmount: 20_000_000,
      toCurrency: 'BRL',
      toAmount: 10_700,
      rate: '5.35',
    });
    expect(await balanceOf(testApp, member.auth, 'BRL')).toBe(10_700);
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(0);
  });

  it('answers an unknown payment with a not-found page', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `/sandbox/pay/sp_${'0'.repeat(32)}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Payment not found');
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/sandbox/pay/<script>/complete',
    });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).not.toContain('<script>');
  });

  it('refuses to take a payment after it expires, and the order lapses', async () => {
    const member = await newMember(testApp);
    const { payUrl, payment } = await openDeposit(member, {
      scale: 2,
      payTypeId: 302,
      amount: 2_000,
    });
    testApp.advanceClock(31 * 60_000);
    const page = await pressPayButton(testApp, payUrl, 'complete');
    expect(page).toContain('This payment has expired');
    expect(await statusOf(member, payment.orderNo)).toMatchObject({ status: 5 });
    expect(await balanceOf(testApp, member.auth, 'USD')).toBe(0);
  });
});

describe('payment callbacks', () => {
  it('refuses a forged signature, a changed body and missing headers, crediting nothing', async () => {
    const member = await newMember(testApp);
    const { payment } = await openDeposit(member, { scale: 2, payTypeId: 301, amount: 10_000 });
    const body = completedBody(payment);
    const otherSecret = 'someone-else-s-secret-0123456789abcdef';
    expect((await sendCallback(testApp, body, { secret: otherSecret })).code).toBe(5110);
    expect((await sendCallback(testApp, body, { signature: 'ab'.repeat(32) })).code).toBe(5110);
    expect((await sendCallback(testApp, body, { signature: 'not-hex' })).code).toBe(5110);
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: sandboxCallbackPath,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.json()).toMatchObject({ code: 5110, data: null });
    // A genuine signature over the real body does not carry over to a changed one.
    const timestampMs = testApp.serverNow();
    const nonce = 'nonce-for-a-changed-body';
    const signature = signCallback(testSandboxSecret, body, timestampMs, nonce);
    const changed = completedBody(payment, { amount: 100_000 });
    expect((await sendCallback(testApp, changed, { timestampMs, nonce, signature })).code).toBe(
      5110,
    );
    expect(await statusOf(member, payment.orderNo)).toMatchObject({ status: 0 });
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(0);
    expect((await sendCallback(testApp, body, { timestampMs, nonce, signature })).code).toBe(0);
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(10_000);
  });

  it('refuses stale and future timestamps', async () => {
    const member = await newMember(testApp);
    const { payment } = await openDeposit(member, { scale: 2, payTypeId: 301, amount: 10_000 });
    const body = completedBody(payment);
    expect(
      (await sendCallback(testApp, body, { timestampMs: testApp.serverNow() - 6 * 60_000 })).code,
    ).toBe(5111);
    expect(
      (await sendCallback(testApp, body, { timestampMs: testApp.serverNow() + 6 * 60_000 })).code,
    ).toBe(5111);
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(0);
  });

  it('refuses a replayed callback, even when the replays race', async () => {
    const member = await newMember(testApp);
    const { payment } = await openDeposit(member, { scale: 2, payTypeId: 301, amount: 10_000 });
    const body = completedBody(payment);
    const timestampMs = testApp.serverNow();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sendCallback(testApp, body, { timestampMs, nonce: 'the-same-nonce-0001' }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 5112)).toHaveLength(9);
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(10_000);
  });

  it('credits once when many genuine callbacks for one payment race', async () => {
    const member = await newMember(testApp);
    const { payment } = await openDeposit(member, { scale: 6, payTypeId: 101, amount: 25_000_000 });
    const body = completedBody(payment);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => sendCallback(testApp, body)),
    );
    expect(answers.every((answer) => answer.code === 0 && answer.data.status === 2)).toBe(true);
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(25_000_000);
  });

  it('refuses callbacks that disagree with the order or name no order', async () => {
    const member = await newMember(testApp);
    const { payment } = await openDeposit(member, { scale: 2, payTypeId: 301, amount: 10_000 });
    expect((await sendCallback(testApp, completedBody(payment, { amount: 10_001 }))).code).toBe(
      5113,
    );
    expect(
      (await sendCallback(testApp, completedBody(payment, { currencyCode: 'USD' }))).code,
    ).toBe(5113);
    expect(
      (await sendCallback(testApp, completedBody(payment, { paymentId: `sp_${'1'.repeat(32)}` })))
        .code,
    ).toBe(5113);
    expect((await sendCallback(testApp, completedBody(payment, { orderNo: 'D000' }))).code).toBe(
      5113,
    );
    expect((await sendCallback(testApp, completedBody(payment, { extra: 1 }))).code).toBe(1000);
    expect((await sendCallback(testApp, '{not json')).code).toBe(1000);
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(0);
  });

  it('credits a payment completed after its order lapsed: the money did arrive', async () => {
    const member = await newMember(testApp);
    const { payment } = await openDeposit(member, { scale: 2, payTypeId: 401, amount: 30_000 });
    testApp.advanceClock(31 * 60_000);
    expect(await statusOf(member, payment.orderNo)).toMatchObject({ status: 5 });
    const answer = await sendCallback(testApp, completedBody(payment));
    expect(answer).toMatchObject({ code: 0, data: { status: 2 } });
    expect(await statusOf(member, payment.orderNo)).toMatchObject({
      status: 2,
      remark: 'Paid after the order expired',
    });
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(30_000);
  });

  it('leaves the ledger balanced after every movement of this file', async () => {
    await expectLedgerBalanced(testApp);
  });
});
