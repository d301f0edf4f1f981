import {
  collectionConfirm,
  loanLimitSet,
  loansSwitch,
  withdrawPayoutOutcome,
  withdrawReview,
} from '@sb/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createOperator, signIn } from '../../server/test/operators/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('wallet');

const password = 'Secret123';
const account = `wal${Date.now().toString(36)}`.slice(0, 16);
const withdrawPassword = '135790';
/** A TRC20-shaped address: T and 33 Base58 characters. */
const trc20Address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
/** A real 1×1 PNG: the server checks the signature, the browser draws the preview. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

async function headerBalance(page: Page): Promise<string | null> {
  return byTestId(page, 'balance').textContent();
}

async function openTab(page: Page, index: number) {
  await page.locator(`[data-testid="wallet-tab"][data-index="${index}"]`).click();
}

/** Presses six digits on the pad's keypad. */
async function pressDigits(page: Page, digits: string) {
  for (const digit of digits) {
    await page.locator(`[data-testid="pwd-key"][data-key="${digit}"]`).click();
  }
}

/**
 * Waits for a toast saying `text`. Toasts of an earlier step (a wrong password's) may still be on
 * screen for their 2.5 s, so the newest one on screen is not always the one the step shows.
 */
async function toastSaying(page: Page, text: string): Promise<void> {
  await byTestId(page, 'toast').filter({ hasText: text }).first().waitFor();
}

describe.skipIf(!hasChromium)('wallet screens in Chromium against the real server', () => {
  let testApp: TestApp | undefined;
  let serverUrl = '';
  let browser: TestBrowser | undefined;
  let page: Page;
  let finance = '';

  beforeAll(async () => {
    // The test server of startTestServer, kept whole here because operators need its database.
    testApp = await createTestApp({
      webDistDir,
      config: {
        PAYMENT_SANDBOX_SECRET: 'wallet-e2e-sandbox-secret-0123456789abcdef',
        PAYMENT_SANDBOX_BLOCK_MS: 0,
      },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    serverUrl = `http://127.0.0.1:${address.port}`;
    const operator = await createOperator(testApp.database, ['finance']);
    finance = (await signIn(testApp, operator, Date.now())).token;

    browser = await launchBrowser('sb-wallet-e2e');
    page = browser.page;
    await page.goto(serverUrl);
    await byTestId(page, 'register-open').click();
    await byTestId(page, 'register-account').fill(account);
    await byTestId(page, 'register-password').fill(password);
    await byTestId(page, 'register-confirm').fill(password);
    await byTestId(page, 'register-submit').click();
    await byTestId(page, 'account-name').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.textContent === '0.00',
    );
    await byTestId(page, 'lang-select').selectOption('en');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('deposits on the sandbox pay page in a frame and the header balance rises', async () => {
    await byTestId(page, 'wallet-open').click();
    expect(await page.evaluate(() => sessionStorage.getItem('walletIndex'))).toBe('0');
    await byTestId(page, 'deposit-form').waitFor();
    expect(await byTestId(page, 'wallet-breadcrumb').textContent()).toContain('Deposit');

    await page.locator('[data-testid="deposit-type"][data-merchant-code="3"]').click();
    await byTestId(page, 'deposit-currency').filter({ hasText: 'CNY' }).click();
    const amount = byTestId(page, 'deposit-amount');
    // SPEC §5: a leading zero or a fraction is reverted, a value outside the range is named.
    await amount.fill('0');
    expect(await amount.inputValue()).toBe('');
    await amount.fill('5');
    expect(await byTestId(page, 'deposit-amount-error').textContent()).toContain('10 ~ 20000');
    expect(await byTestId(page, 'deposit-submit').isDisabled()).toBe(true);
    await amount.fill('100');
    expect(await byTestId(page, 'deposit-amount-error').count()).toBe(0);

    await byTestId(page, 'deposit-submit').click();
    const frame = page.frameLocator('[data-testid="deposit-pay-frame"]');
    await frame.getByRole('button', { name: 'Complete payment' }).click();
    // The balance push from /app/socket updates the header without a reload.
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('100.00');
    await byTestId(page, 'deposit-pay-close').click();
    await byTestId(page, 'deposit-form').waitFor();

    // Type 5: the member's own address with its QR code and SPEC's three warnings, no amount.
    await page.locator('[data-testid="deposit-type"][data-merchant-code="5"]').click();
    await page.locator('[data-testid="deposit-way"][data-pay-type-id="501"]').click();
    const address = (await byTestId(page, 'deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const qr = byTestId(page, 'deposit-address-qr');
    expect(await qr.getAttribute('data-qr-text')).toContain(`tron:${address}`);
    expect((await qr.locator('path').getAttribute('d'))?.length).toBeGreaterThan(1000);
    expect(await byTestId(page, 'deposit-address-warnings').locator('li').count()).toBe(3);
    expect(await byTestId(page, 'deposit-amount').count()).toBe(0);
  }, 120_000);

  it('runs a bank collection order: countdown, receipt upload, operator confirmation', async () => {
    await page.locator('[data-testid="deposit-type"][data-merchant-code="2"]').click();
    await page.locator('[data-testid="deposit-way"][data-pay-type-id="201"]').click();
    await byTestId(page, 'deposit-amount').fill('150');
    await byTestId(page, 'deposit-submit').click();
    await byTestId(page, 'pay-result').waitFor();
    expect(await byTestId(page, 'pay-result-amount').textContent()).toBe('150.00');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cpa') ?? 'null'));
    expect(stored).toMatchObject({ amount: 15_000, scale: 2 });
    const orderNo = String(stored.orderNo);

    const countdown = byTestId(page, 'pay-result-countdown');
    const first = (await countdown.textContent()) ?? '';
    expect(first).toMatch(/^(29|30):\d\d$/);
    const seconds = (text: string) => {
      const [minutes = 0, rest = 0] = text.split(':').map(Number);
      return minutes * 60 + rest;
    };
    await expect
      .poll(async () => seconds((await countdown.textContent()) ?? ''), { timeout: 5_000 })
      .toBeLessThan(seconds(first));
    expect(await byTestId(page, 'pay-result-bank-no').textContent()).not.toBe('');
    await byTestId(page, 'pay-result-note-copy').click();
    await toastSaying(page, 'Copied');

    // Leaving the tab and coming back finds the pending order and asks for its receipt.
    await openTab(page, 2);
    await openTab(page, 0);
    await byTestId(page, 'receipt-upload').waitFor();
    expect(await byTestId(page, 'receipt-upload-order').textContent()).toContain(orderNo);

    await byTestId(page, 'receipt-file').setInputFiles({
      name: 'receipt.gif',
      mimeType: 'image/gif',
      buffer: pngBytes,
    });
    await toastSaying(page, 'Only JPG, JPEG or PNG images can be uploaded');
    expect(await byTestId(page, 'receipt-submit').isDisabled()).toBe(true);
    await byTestId(page, 'receipt-file').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: pngBytes,
    });
    await byTestId(page, 'receipt-preview').waitFor();
    await byTestId(page, 'receipt-submit').click();
    await expect
      .poll(() => byTestId(page, 'upload-progress').getAttribute('data-percent'))
      .toBe('100');
    // Success returns to the normal deposit view after a second, the stored order gone.
    await byTestId(page, 'deposit-form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cpa'))).toBeNull();

    if (!testApp) throw new Error('no server');
    const confirmed = await adminCall(testApp, collectionConfirm.path, {
      bearer: finance,
      fields: { orderNo },
    });
    expect(confirmed, confirmed.msg).toMatchObject({ code: 0, data: { status: 2 } });
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('250.00');
  }, 120_000);

  it('sets the withdrawal password in two steps when none is set, a mismatch starting over', async () => {
    await openTab(page, 1);
    const setPad = byTestId(page, 'pwd-set-pad');
    await setPad.waitFor();
    expect(await byTestId(page, 'pwd-confirm').isDisabled()).toBe(true);
    // The keyboard types digits and Backspace deletes one.
    await page.keyboard.type('1111112');
    expect(await byTestId(page, 'pwd-dots').getAttribute('data-filled')).toBe('6');
    await page.keyboard.press('Backspace');
    expect(await byTestId(page, 'pwd-dots').getAttribute('data-filled')).toBe('5');
    await byTestId(page, 'pwd-clear').click();
    await pressDigits(page, '111111');
    await byTestId(page, 'pwd-confirm').click();
    expect(await byTestId(page, 'pwd-title').textContent()).toBe('Enter the new password again');
    await byTestId(page, 'pwd-login').fill(password);
    await pressDigits(page, '222222');
    await byTestId(page, 'pwd-confirm').click();
    await toastSaying(page, 'The two passwords do not match');
    expect(await byTestId(page, 'pwd-title').textContent()).toBe('Set a withdrawal password');

    await pressDigits(page, withdrawPassword);
    await byTestId(page, 'pwd-confirm').click();
    await byTestId(page, 'pwd-login').fill(password);
    const saved = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/member/withdraw/pwd/edit'),
    );
    await pressDigits(page, withdrawPassword);
    await byTestId(page, 'pwd-confirm').click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(0);
    await setPad.waitFor({ state: 'detached' });
  }, 120_000);

  it('adds payout accounts: a wrong address is refused, a right one saved', async () => {
    await page.locator('[data-testid="withdraw-type"][data-merchant-code="3"]').click();
    await byTestId(page, 'withdraw-add-account').click();
    const form = byTestId(page, 'account-form');
    await form.waitFor();
    expect(await form.getAttribute('data-merchant-code')).toBe('3');
    const address = byTestId(page, 'account-field-bankNo');
    // Characters outside letters, digits, - and _ are dropped as they are typed.
    await address.fill('0x12 34!');
    expect(await address.inputValue()).toBe('0x1234');
    await byTestId(page, 'account-submit').click();
    await expect
      .poll(() => form.locator('.field__error').textContent())
      .toBe('Invalid wallet address');
    await address.fill(trc20Address);
    const added = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/withdraw/account/operate'),
    );
    await byTestId(page, 'account-submit').click();
    expect(((await (await added).json()) as { code: number }).code).toBe(0);
    await byTestId(page, 'accounts').waitFor();
    const group = page.locator('[data-testid="account-group"][data-merchant-code="3"]');
    expect(await group.getByTestId('account-number').textContent()).toBe('TJRa **** RTv8');

    await page
      .locator('[data-testid="account-group"][data-merchant-code="0"]')
      .getByTestId('account-add')
      .click();
    await byTestId(page, 'account-field-bankNo').fill('6222 0212 3456 7890');
    expect(await byTestId(page, 'account-field-bankNo').inputValue()).toBe('6222021234567890');
    expect(await byTestId(page, 'account-submit').isDisabled()).toBe(true);
    await byTestId(page, 'account-field-realName').fill('Li Lei');
    await byTestId(page, 'account-field-mobile').fill('138-0013-8000');
    await byTestId(page, 'account-submit').click();
    await byTestId(page, 'accounts').waitFor();
    expect(await byTestId(page, 'accounts-warning').isVisible()).toBe(true);
  }, 120_000);

  it('withdraws: funds frozen, operator approval and payout, history shows completed', async () => {
    await byTestId(page, 'accounts-back').click();
    await page.locator('[data-testid="withdraw-type"][data-merchant-code="0"]').click();
    const account = byTestId(page, 'withdraw-account');
    await account.selectOption({ index: 1 });
    expect(await account.locator('option:checked').textContent()).toContain('6222 **** 7890');
    const amount = byTestId(page, 'withdraw-amount');
    // All fills the smaller of the available balance and the channel maximum.
    await byTestId(page, 'withdraw-all').click();
    expect(await amount.inputValue()).toBe('250');
    await amount.fill('99');
    expect(await byTestId(page, 'withdraw-submit').getAttribute('data-disabled-reason')).toBe(
      'belowMinimum',
    );
    await amount.fill('100');
    await byTestId(page, 'withdraw-submit').click();
    await byTestId(page, 'pwd-pad').waitFor();
    await page.keyboard.type(withdrawPassword);
    const created = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/withdraw/create'),
    );
    await byTestId(page, 'pwd-confirm').click();
    const answer = (await (await created).json()) as { code: number; data: string };
    expect(answer.code).toBe(0);
    const orderNo = /W\d+/.exec(answer.data)?.[0] ?? '';
    expect(orderNo).not.toBe('');
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('150.00');
    await expect.poll(() => byTestId(page, 'withdraw-frozen').textContent()).toContain('100');

    if (!testApp) throw new Error('no server');
    const approved = await adminCall(testApp, withdrawReview.path, {
      bearer: finance,
      fields: { orderNo, decision: 'approve' },
    });
    expect(approved, approved.msg).toMatchObject({ code: 0 });
    const paid = await adminCall(testApp, withdrawPayoutOutcome.path, {
      bearer: finance,
      fields: { orderNo, outcome: 'completed' },
    });
    expect(paid, paid.msg).toMatchObject({ code: 0 });

    await openTab(page, 2);
    await byTestId(page, 'history-withdraw').click();
    const row = byTestId(page, 'history-row').filter({ hasText: orderNo });
    await expect.poll(() => row.getByTestId('history-status').textContent()).toBe('Completed');
    await byTestId(page, 'history-deposit').click();
    await expect.poll(() => byTestId(page, 'history-row').count()).toBe(2);
    await page.locator('[data-testid="history-range"][data-days="30"]').click();
    expect(await byTestId(page, 'history-page').textContent()).toBe('Page 1 of 1');
  }, 120_000);

  it('locks withdrawals after five wrong passwords and shows the lock alert', async () => {
    await openTab(page, 1);
    await page.locator('[data-testid="withdraw-type"][data-merchant-code="0"]').click();
    await byTestId(page, 'withdraw-account').selectOption({ index: 1 });
    const codes: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      await byTestId(page, 'withdraw-amount').fill('100');
      await byTestId(page, 'withdraw-submit').click();
      await pressDigits(page, '000000');
      const created = page.waitForResponse((response) =>
        response.url().endsWith('/app/api/withdraw/create'),
      );
      await byTestId(page, 'pwd-confirm').click();
      codes.push(((await (await created).json()) as { code: number }).code);
    }
    expect(codes).toEqual([5207, 5207, 5207, 5207, 5023]);
    await byTestId(page, 'withdraw-locked').waitFor();
    expect(await byTestId(page, 'withdraw-submit').isDisabled()).toBe(true);
    expect(await headerBalance(page)).toBe('150.00');
  }, 180_000);

  it('cancels a collection order, and the history offers its receipt upload', async () => {
    await openTab(page, 0);
    await byTestId(page, 'deposit-form').waitFor();
    await page.locator('[data-testid="deposit-type"][data-merchant-code="2"]').click();
    await page.locator('[data-testid="deposit-way"][data-pay-type-id="201"]').click();
    await byTestId(page, 'deposit-amount').fill('100');
    await byTestId(page, 'deposit-submit').click();
    await byTestId(page, 'pay-result').waitFor();
    const orderNo = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('cpa') ?? '{}') as { orderNo?: string }).orderNo,
    );
    expect(orderNo).toBeTruthy();
    await byTestId(page, 'pay-result-cancel').click();
    await toastSaying(page, 'Order cancelled');
    await byTestId(page, 'deposit-form').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cpa'))).toBeNull();

    await openTab(page, 2);
    const row = byTestId(page, 'history-row').filter({ hasText: String(orderNo) });
    await expect
      .poll(() => row.getByTestId('history-status').textContent())
      .toBe('Cancelled by you');
    await row.getByTestId('history-upload').click();
    await byTestId(page, 'receipt-upload').waitFor();
    expect(await byTestId(page, 'receipt-upload-order').textContent()).toContain(String(orderNo));
    expect(await byTestId(page, 'wallet-breadcrumb').textContent()).toContain('Deposit');
  }, 120_000);

  it('borrows and repays in the center wallet once the site turns loans on', async () => {
    if (!testApp) throw new Error('no server');
    await openTab(page, 5);
    await byTestId(page, 'center-wallet-item').first().waitFor();
    expect(await byTestId(page, 'loan-section').count()).toBe(0);

    const admin = (
      await signIn(testApp, await createOperator(testApp.database, ['admin']), Date.now())
    ).token;
    const member = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('buserInfo') ?? '{}') as {
          memberId: number;
          currencyId: number;
        },
    );
    const switched = await adminCall(testApp, loansSwitch.path, {
      bearer: admin,
      fields: { enabled: true },
    });
    expect(switched, switched.msg).toMatchObject({ code: 0 });
    const limited = await adminCall(testApp, loanLimitSet.path, {
      bearer: admin,
      fields: { userId: member.memberId, currencyId: member.currencyId, limit: 50_000 },
    });
    expect(limited, limited.msg).toMatchObject({ code: 0 });

    // The limit change is pushed, so the credit line appears without a reload.
    const loans = byTestId(page, 'loan-section');
    await loans.waitFor({ timeout: 15_000 });
    await byTestId(page, 'loan-amount').fill('50');
    await byTestId(page, 'loan-borrow').click();
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('200.00');
    await expect.poll(() => byTestId(page, 'loan-owed').textContent()).toBe('50.00');
    await byTestId(page, 'loan-amount').fill('20');
    await byTestId(page, 'loan-repay').click();
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('180.00');
    await expect.poll(() => byTestId(page, 'loan-owed').textContent()).toBe('30.00');
    await expect.poll(() => byTestId(page, 'loan-record').count()).toBe(2);
  }, 120_000);

  it('draws every wallet screen in zh, zht and en with no missing text', async () => {
    const expected = { zh: '中心钱包', zht: '中心錢包', en: 'Center wallet' } as const;
    for (const language of ['zh', 'zht', 'en'] as const) {
      await byTestId(page, 'wallet-close').click();
      expect(await page.evaluate(() => sessionStorage.getItem('walletIndex'))).toBeNull();
      await byTestId(page, 'lang-select').selectOption(language);
      await byTestId(page, 'wallet-open').click();
      for (let index = 0; index < 6; index++) {
        await openTab(page, index);
        await page.waitForLoadState('networkidle');
        const text = (await byTestId(page, 'wallet').textContent()) ?? '';
        expect(text, `${language} tab ${index}`).not.toContain('walletUi.');
        expect(await page.evaluate(() => sessionStorage.getItem('walletIndex'))).toBe(
          String(index),
        );
      }
      expect(await byTestId(page, 'wallet-breadcrumb').textContent()).toContain(expected[language]);
      expect(await byTestId(page, 'center-wallet-item').first().textContent()).toContain('180.00');
    }
  }, 180_000);
  it('closes the transfer details at 00:00 and forgets the stored order', async () => {
    // The order's expiry is brought forward to a few seconds from now, as the server would
    // answer it half an hour after creation; the real order stays pending on the server.
    await page.route('**/app/api/collection/create', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { expireTime: number } };
      answer.data.expireTime = Date.now() + 4_000;
      await route.fulfill({ response, json: answer });
    });
    await openTab(page, 0);
    await byTestId(page, 'deposit-form').waitFor();
    await page.locator('[data-testid="deposit-type"][data-merchant-code="2"]').click();
    await page.locator('[data-testid="deposit-way"][data-pay-type-id="201"]').click();
    await byTestId(page, 'deposit-amount').fill('100');
    await byTestId(page, 'deposit-submit').click();
    await byTestId(page, 'pay-result').waitFor();
    expect(await byTestId(page, 'pay-result-countdown').textContent()).toMatch(/^00:0[2-5]$/);
    expect(await page.evaluate(() => localStorage.getItem('cpa'))).not.toBeNull();
    await byTestId(page, 'deposit-form').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('cpa'))).toBeNull();
    await toastSaying(page, 'The order has expired');
    await page.unroute('**/app/api/collection/create');
  }, 120_000);
});
