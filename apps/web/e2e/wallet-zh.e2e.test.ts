import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/src/db/transaction';
import { gameBucket, promotionBudget } from '../../server/src/modules/ledger/accounts';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  addAccount,
  addBankCard,
  channels,
  cny,
  expectOk,
  fund,
  newMember,
  setWithdrawPassword,
  type TestMember,
} from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, layoutFaults, narrowPhone, screenshotDir, viewports } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('wallet in Chinese');

const withdrawPassword = '135790';
/** A CPF with valid check digits, for the member's Pix key account. */
const validCpf = '52998224725';

/**
 * Latin words on a Chinese page that are not English: currency and network codes, the time zone,
 * and the names of Brazil's Pix and its tax documents, which Chinese writes as they are.
 */
const namesKeptInLatin = /\b(CNY|USD|BRL|USDT|BTC|ETH|TRC20|ERC20|Pix|CPF|CNPJ|UTC)\b/g;
function englishWordsIn(text: string): string[] {
  return text.replace(namesKeptInLatin, '').match(/[A-Za-z]{2,}/g) ?? [];
}

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

async function chipTexts(page: Page, testId: string): Promise<string[]> {
  return (await byTestId(page, testId).allTextContents()).map((text) => text.trim());
}

/** Opens the wallet on a tab from the phone's account menu (the wide header's button is hidden). */
async function openWalletTab(page: Page, index: number) {
  if ((await byTestId(page, 'wallet').count()) === 0) {
    await byTestId(page, 'account-menu-open').click();
    await byTestId(page, 'account-menu-wallet').click();
  }
  await page.locator(`[data-testid="wallet-tab"][data-index="${index}"]`).click();
}

describe.skipIf(!hasChromium)('the wallet of a member reading Chinese, on a phone', () => {
  let testApp: TestApp;
  let url = '';
  let browser: TestBrowser;
  let page: Page;
  let member: TestMember;
  let withdrawalOrderNo = '';

  beforeAll(async () => {
    const feed = createStillFeed('wallet-zh-e2e');
    testApp = await createTestApp({
      feedProvider: feed.provider,
      webDistDir,
      config: {
        PAYMENT_SANDBOX_SECRET: 'wallet-zh-e2e-sandbox-secret-0123456789abcdef',
        PAYMENT_SANDBOX_BLOCK_MS: 0,
      },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 100_000);
    await setWithdrawPassword(testApp, member, withdrawPassword);
    await addBankCard(testApp, member);
    expectOk(
      await addAccount(testApp, member, {
        ...channels.pixKey,
        accountType: 'PIX_EMAIL',
        bankNo: 'joao@example.com',
        realName: 'João Souza',
        extend1: validCpf,
      }),
    );
    browser = await launchBrowser('sb-wallet-zh', { locale: 'zh-CN' });
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('shows a visitor as a guest with no member id, where the header shows who is here', async () => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/#/index`);
    const guest = byTestId(page, 'guest-chip');
    await guest.waitFor();
    expect(await guest.textContent()).toBe('游客');
    expect(await byTestId(page, 'member-id').count()).toBe(0);
    expect(await page.locator('header').first().textContent()).not.toMatch(/ID\s*0/);
    await checkScreen(page, 'wallet-zh-visitor');
  });

  it('names every way to deposit in Chinese', async () => {
    await page.setViewportSize(viewports.phone);
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(member.session.account ?? '');
    await byTestId(page, 'login-password').fill(member.password);
    await byTestId(page, 'login-submit').click();
    await openWalletTab(page, 0);
    await byTestId(page, 'deposit-form').waitFor();
    const seen: string[] = [];
    for (const code of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await page.locator(`[data-testid="deposit-type"][data-merchant-code="${code}"]`).click();
      await byTestId(page, 'deposit-way').first().waitFor();
      seen.push(
        ...(await chipTexts(page, 'deposit-type')),
        ...(await chipTexts(page, 'deposit-way')),
      );
      if (code === 2)
        expect(await chipTexts(page, 'deposit-way')).toEqual(['银行卡转账', '商户扫码支付']);
      if (code === 3) expect(await chipTexts(page, 'deposit-way')).toEqual(['电子钱包']);
    }
    expect(seen.flatMap(englishWordsIn)).toEqual([]);
    await page.locator('[data-testid="deposit-type"][data-merchant-code="2"]').click();
    await checkScreen(page, 'wallet-zh-deposit-ways');
  });

  it('names every withdrawal channel, saved account and Pix kind in Chinese', async () => {
    await page.setViewportSize(viewports.phone);
    await openWalletTab(page, 1);
    await byTestId(page, 'withdraw-form').waitFor();
    const seen: string[] = [];
    for (const code of [0, 2, 3, 4, 5, 6, 7]) {
      await page.locator(`[data-testid="withdraw-type"][data-merchant-code="${code}"]`).click();
      seen.push(...(await chipTexts(page, 'withdraw-channel')));
    }
    expect(seen).toContain('银行卡 · CNY');
    expect(seen.flatMap(englishWordsIn)).toEqual([]);
    await page.locator('[data-testid="withdraw-type"][data-merchant-code="6"]').click();
    expect(await byTestId(page, 'withdraw-account').locator('option').allTextContents()).toEqual([
      '请选择账户',
      '电子邮箱 joao **** .com',
    ]);
    await page.locator('[data-testid="withdraw-type"][data-merchant-code="0"]').click();
    expect(await byTestId(page, 'withdraw-account').locator('option').nth(1).textContent()).toBe(
      '银行卡 6222 **** 3445',
    );

    await openWalletTab(page, 3);
    const pixGroup = page.locator('[data-testid="account-group"][data-merchant-code="6"]');
    expect(await pixGroup.getByTestId('account-label').textContent()).toBe('电子邮箱');
    await pixGroup.getByTestId('account-add').click();
    const kinds = byTestId(page, 'account-field-accountType').locator('option');
    expect(await kinds.allTextContents()).toEqual(['手机号', '电子邮箱', '随机密钥']);
    await checkScreen(page, 'wallet-zh-pix-kinds');
    await page.setViewportSize(viewports.phone);
    await byTestId(page, 'account-form-back').click();
    await page
      .locator('[data-testid="account-group"][data-merchant-code="7"]')
      .getByTestId('account-add')
      .click();
    expect(await kinds.allTextContents()).toEqual(['CPF（个人税号）', 'CNPJ（企业税号）']);
    await byTestId(page, 'account-form-back').click();
  });

  it('confirms a withdrawal in the panel, and shows the frozen amount with its decimals', async () => {
    await page.setViewportSize(viewports.phone);
    await openWalletTab(page, 1);
    await page.locator('[data-testid="withdraw-type"][data-merchant-code="0"]').click();
    expect(await byTestId(page, 'withdraw-range').textContent()).toBe('限额：100.00 ~ 50,000.00');
    await byTestId(page, 'withdraw-account').selectOption({ index: 1 });
    await byTestId(page, 'withdraw-amount').fill('300');
    await byTestId(page, 'withdraw-submit').click();
    await byTestId(page, 'pwd-pad').waitFor();
    await page.keyboard.type(withdrawPassword);
    await byTestId(page, 'pwd-confirm').click();
    const confirmation = byTestId(page, 'withdraw-confirmation');
    await confirmation.waitFor();
    const message = (await byTestId(page, 'withdraw-confirmation-message').textContent()) ?? '';
    withdrawalOrderNo = /W\d{20}/.exec(message)?.[0] ?? '';
    expect(withdrawalOrderNo).not.toBe('');
    expect(await confirmation.textContent()).toContain('300.00 CNY 已冻结');
    expect(await byTestId(page, 'withdraw-amount').inputValue()).toBe('');
    await expect
      .poll(() => byTestId(page, 'withdraw-frozen').textContent())
      .toBe('冻结：300.00 CNY');
    // Still there once a toast would long have gone.
    await page.waitForTimeout(3_000);
    expect(await confirmation.isVisible()).toBe(true);
    await checkScreen(page, 'wallet-zh-withdrawal-confirmed', {
      shown: confirmation,
      narrowest: true,
    });
    await page.setViewportSize(viewports.phone);
    // The confirmation leads to the withdrawal's record.
    await byTestId(page, 'withdraw-confirmation-history').click();
    expect(await byTestId(page, 'history-withdraw').getAttribute('aria-selected')).toBe('true');
    await byTestId(page, 'history-row').filter({ hasText: withdrawalOrderNo }).waitFor();
  });

  it('says on the pay frame what to do, and shows the pay page in Chinese, fitting 360 px', async () => {
    await page.setViewportSize(viewports.phone);
    await openWalletTab(page, 0);
    await byTestId(page, 'deposit-form').waitFor();
    await page.locator('[data-testid="deposit-type"][data-merchant-code="3"]').click();
    await byTestId(page, 'deposit-currency').filter({ hasText: 'CNY' }).click();
    await byTestId(page, 'deposit-amount').fill('100');
    await byTestId(page, 'deposit-submit').click();
    const note = (await byTestId(page, 'deposit-pay-note').textContent()) ?? '';
    expect(note).toContain('请在下方页面完成付款');
    expect(note).not.toContain('打开的窗口');
    const source = (await byTestId(page, 'deposit-pay-frame').getAttribute('src')) ?? '';
    // The pay URL's key comes along: without it the page opens nothing.
    expect(source).toMatch(/^\/sandbox\/pay\/sp_[0-9a-f]{32}\?key=[\w-]{43}&lang=zh$/);
    const frame = page.frameLocator('[data-testid="deposit-pay-frame"]');
    await frame.getByRole('button', { name: '完成付款' }).waitFor();
    await checkScreen(page, 'wallet-zh-pay-frame', { narrowest: true });

    // The pay page by itself on the narrowest phone, as the new window shows it.
    const payPage = await browser.context.newPage();
    await payPage.setViewportSize(narrowPhone);
    await payPage.goto(`${url}${source}`);
    const body = (await payPage.locator('body').textContent()) ?? '';
    expect(body).toContain('付款截止（UTC−4）');
    expect(body).toContain('电子钱包存款');
    expect(body).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
    expect(englishWordsIn(body.replace(/sp_[0-9a-f]+|D\d+/g, ''))).toEqual([]);
    const expiresAt = Number(
      await payPage.locator('[data-expires-at]').getAttribute('data-expires-at'),
    );
    const shown = new Date(expiresAt - 4 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(await payPage.locator('[data-expires-at]').textContent()).toBe(shown);
    await payPage.screenshot({ path: `${screenshotDir}/wallet-zh-pay-page-narrow.png` });
    const faults = await layoutFaults(payPage);
    expect(faults.sideways, 'the pay page scrolls sideways at 360 px').toBe(false);
    expect(faults.cut, 'the pay page cuts text at 360 px').toEqual([]);
    await payPage.close();

    await page.setViewportSize(viewports.phone);
    await frame.getByRole('button', { name: '完成付款' }).click();
    await frame.getByText('已付款：商户已确认。').waitFor();
    await byTestId(page, 'deposit-pay-close').click();
  });

  it('shows each kind of record only the columns that mean something for it', async () => {
    await page.setViewportSize(viewports.phone);
    await openWalletTab(page, 2);
    await byTestId(page, 'history-withdraw').click();
    const withdrawal = byTestId(page, 'history-row').filter({ hasText: withdrawalOrderNo });
    await withdrawal.waitFor();
    const labels = (row: typeof withdrawal) =>
      row
        .locator('td')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-label')));
    expect(await labels(withdrawal)).toEqual([
      '订单号',
      '时间（UTC−4）',
      '方式',
      '金额',
      '状态',
      '备注',
    ]);
    expect(await withdrawal.textContent()).not.toContain('到账');
    await checkScreen(page, 'wallet-zh-history-withdrawals', { narrowest: true });

    await page.setViewportSize(viewports.phone);
    await byTestId(page, 'history-deposit').click();
    const deposit = byTestId(page, 'history-row').filter({ hasText: '100.00 CNY' }).first();
    await deposit.waitFor();
    await expect.poll(() => deposit.getByTestId('history-status').textContent()).toBe('已完成');
    expect(await labels(deposit)).toContain('到账');
    expect(await deposit.locator('td[data-column="credited"]').textContent()).toBe('100.00 CNY');
    await checkScreen(page, 'wallet-zh-history-deposits');
  });

  it('names the ways and channels in Traditional Chinese and in English too', async () => {
    await page.setViewportSize(viewports.phone);
    for (const [language, bankTransfer, bankCard] of [
      ['zht', '銀行卡轉帳', '銀行卡 · CNY'],
      ['en', 'Bank card transfer', 'Bank card · CNY'],
    ] as const) {
      await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
      await page.reload();
      await openWalletTab(page, 0);
      await page.locator('[data-testid="deposit-type"][data-merchant-code="2"]').click();
      await byTestId(page, 'deposit-way').first().waitFor();
      expect(await chipTexts(page, 'deposit-way')).toContain(bankTransfer);
      await openWalletTab(page, 1);
      await byTestId(page, 'withdraw-channel').first().waitFor();
      expect(await chipTexts(page, 'withdraw-channel')).toContain(bankCard);
    }
  });

  it('says under the cash which money is bonus and which is in a game, in Chinese', async () => {
    const { ledger } = testApp.modules;
    const campaign = promotionBudget('wallet-zh-e2e');
    await ledger.transfer({
      idempotencyKey: 'wallet-zh-e2e:fund',
      kind: 'promotion_fund',
      postings: [
        { account: { systemCode: 'house', currencyId: cny.currencyId }, amount: -8_800 },
        { account: { systemCode: campaign, currencyId: cny.currencyId }, amount: 8_800 },
      ],
    });
    await ledger.transfer({
      idempotencyKey: 'wallet-zh-e2e:grant',
      kind: 'bonus_grant',
      postings: [
        { account: { systemCode: campaign, currencyId: cny.currencyId }, amount: -8_800 },
        {
          account: { userId: member.userId, bucket: 'bonus', currencyId: cny.currencyId },
          amount: 8_800,
        },
      ],
    });
    await inTransaction(testApp.database.db, (tx) =>
      ledger.debitWithin(tx, {
        idempotencyKey: 'wallet-zh-e2e:game',
        kind: 'game_transfer_in',
        reference: 'wallet-zh-e2e:game',
        userId: member.userId,
        currencyId: cny.currencyId,
        amountMinor: 2_050,
        to: { bucket: gameBucket('cards') },
      }),
    );
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.setViewportSize(viewports.phone);
    await page.reload();
    await openWalletTab(page, 5);
    const parts = page
      .locator('[data-testid="center-wallet-item"][data-code="CNY"]')
      .getByTestId('center-wallet-parts');
    await parts.waitFor();
    expect((await parts.textContent())?.replace(/\s+/g, '')).toBe('红利88.00游戏中20.50');
    await checkScreen(page, 'wallet-zh-balance-parts', { shown: parts, narrowest: true });
  });
});
