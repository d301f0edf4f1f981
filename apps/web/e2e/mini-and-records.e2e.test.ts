import { depositCreate } from '@sb/contract';
import { encodeOptionId } from '@sb/domain';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../server/src/modules/payments/payments.schema';
import { paymentIdOf, pressPayButton } from '../../server/test/deposits/helpers';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { expectOk, placeBet } from '../../server/test/orders/helpers';
import { createTestApp } from '../../server/test/test-app';
import {
  addBankCard,
  createWithdrawal,
  orderNoOf,
  reviewServiceOf,
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
import { checkScreen, viewports } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('mini mode and records');

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

async function startServer() {
  const feed = createStillFeed('mini-records-e2e');
  const testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, url: `http://127.0.0.1:${address.port}` };
}

/**
 * The prices a member can see that the mini slip's bar covers, by option id: those whose centre
 * is on the screen and inside the list's box (a price scrolled out of the list is hidden by it).
 */
function pricesUnderTheBar(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="mini-slip-toggle"]');
    const list = document.querySelector('[data-testid="match-list"]')?.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('[data-testid="odds-option"]')]
      .filter((price) => {
        const box = price.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (!list || box.width === 0 || y < Math.max(0, list.top)) return false;
        if (y > Math.min(window.innerHeight, list.bottom)) return false;
        const top = document.elementFromPoint(x, y);
        return top !== null && bar?.contains(top) === true;
      })
      .map((price) => price.dataset.oi ?? '');
  });
}

describe.skipIf(!hasChromium)('mini mode and the records page, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let member: TestMember & { accountId: number };
  let account = '';
  const placed: Record<'deposit' | 'withdrawal' | 'turnedDown' | 'bet', string> = {
    deposit: '',
    withdrawal: '',
    turnedDown: '',
    bet: '',
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser('sb-web-mini-records');
    page = browser.page;
    const { testApp, feed } = server;
    const registered = await registerMember(testApp);
    account = registered.account;
    const created: TestMember = {
      session: registered.session,
      password: registered.password,
      userId: registered.session.memberId,
      auth: authOf(registered.session),
    };
    await setWithdrawPassword(testApp, created, '123456');
    member = { ...created, accountId: await addBankCard(testApp, created) };

    // Money in through the sandbox's pay page, a withdrawal turned down, one asked for, a bet.
    const payUrl = expectOk(
      await testApp.call<string>(depositCreate.path, {
        ...member.auth,
        scale: 2,
        payTypeId: 301,
        amount: 50_000,
      }),
    );
    const [payment] = await testApp.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, paymentIdOf(payUrl)));
    await pressPayButton(testApp, payUrl, 'complete');
    placed.deposit = payment?.orderNo ?? '';
    const review = reviewServiceOf(testApp);
    placed.turnedDown = orderNoOf(
      expectOk(await createWithdrawal(testApp, member, { amount: 10_000 })),
    );
    await review.review({
      target: { orderNo: placed.turnedDown },
      decision: 'reject',
      reason: 'name mismatch',
      operatorId: 7001,
    });
    placed.withdrawal = orderNoOf(
      expectOk(await createWithdrawal(testApp, member, { amount: 20_000 })),
    );
    const event = feed.simulator
      .snapshot()
      .events.find(
        (entry) => entry.fixture.kind === 'match' && entry.status.status === 'not_started',
      );
    const market = event?.markets.find((entry) => entry.playId === 3 && entry.status === 'active');
    const outcome = market?.outcomes.find((entry) => entry.active && entry.odds > 0);
    if (!event || !market || !outcome) throw new Error('no pre-match 1X2 price in the world');
    const optId = encodeOptionId({
      eventId: event.fixture.eventId,
      playId: market.playId,
      specifiers: market.specifiers,
      outcomeId: outcome.id,
    });
    // Any price: the member's own is what the bet is struck at.
    const bet = expectOk(
      await placeBet(testApp, member, {
        betType: 0,
        stake: 1_000,
        scale: 2,
        acceptOdds: 0,
        selections: [{ optId, odds: 1.01 }],
      }),
    );
    placed.bet = bet.orderNo;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  it('keeps the mini slip’s bar off every price, on a phone and a desktop', async () => {
    if (!server) throw new Error('server did not start');
    for (const size of [viewports.phone, viewports.desktop]) {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/#/mini/index`);
      await page.locator('[data-testid="match-row"]').first().waitFor({ timeout: 30_000 });
      const toggle = byTestId(page, 'mini-slip-toggle');
      await toggle.waitFor();
      // Wherever the page and the list are scrolled, no price is under the bar.
      for (const scrolled of [0, 10_000]) {
        await page.evaluate((y) => window.scrollTo(0, y), scrolled);
        await page
          .locator('.virtual-list')
          .first()
          .evaluate((list, y) => list.scrollTo(0, y), scrolled);
        await page.waitForTimeout(200);
        expect(await pricesUnderTheBar(page), `${size.width} px, scrolled ${scrolled}`).toEqual([]);
      }
      expect(await toggle.isVisible()).toBe(true);
    }
    await checkScreen(page, 'mini-board', {
      narrowest: true,
      shown: byTestId(page, 'mini-slip-toggle'),
    });
  }, 90_000);

  it('opens the mini slip as a column-wide sheet on a desktop, the whole width on a phone', async () => {
    await page.setViewportSize(viewports.desktop);
    await byTestId(page, 'mini-slip-toggle').click();
    const sheet = byTestId(page, 'mini-slip');
    await sheet.waitFor();
    const width = () => sheet.evaluate((element) => element.getBoundingClientRect().width);
    expect(await width()).toBeLessThanOrEqual(420);
    expect(
      await sheet.evaluate((element) => element.getBoundingClientRect().right),
    ).toBeGreaterThan(viewports.desktop.width - 40);
    await checkScreen(page, 'mini-slip-sheet', { shown: sheet });
    await page.setViewportSize(viewports.phone);
    expect(await width()).toBe(viewports.phone.width);
    await byTestId(page, 'mini-slip-close').click();
  }, 60_000);

  it('leads back from #/mini/records to the matches', async () => {
    if (!server) throw new Error('server did not start');
    await page.setViewportSize(viewports.phone);
    await page.goto(`${server.url}/#/mini/index`);
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(account);
    await byTestId(page, 'login-password').fill(member.password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-menu-open').click();
    await byTestId(page, 'account-menu-records').click();
    await byTestId(page, 'records-page').waitFor();
    expect(page.url()).toContain('#/mini/records');
    const back = byTestId(page, 'records-back');
    await back.waitFor();
    await checkScreen(page, 'mini-records', {
      narrowest: true,
      within: '[data-testid="records-page"]',
      shown: back,
    });
    await back.click();
    await byTestId(page, 'mini-slip-toggle').waitFor();
    expect(page.url()).toContain('#/mini/index');
    await page.locator('[data-testid="match-row"]').first().waitFor({ timeout: 30_000 });
  }, 60_000);

  it('lists deposits and withdrawals among the balance movements, in every language', async () => {
    if (!server) throw new Error('server did not start');
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${server.url}/#/records`);
    await page.locator('[data-testid="records-tab"][data-tab="movements"]').click();
    const rows = byTestId(page, 'records-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
    const kinds = () => rows.evaluateAll((items) => items.map((item) => item.dataset.kind));
    expect(await kinds()).toEqual([
      'order_stake',
      'withdraw_freeze',
      'withdraw_release',
      'withdraw_freeze',
      'deposit',
    ]);
    const row = (orderNo: string, kind: string) =>
      page.locator(`[data-testid="records-row"][data-order-no="${orderNo}"][data-kind="${kind}"]`);
    const names = {
      en: ['Deposit', 'Withdrawal requested', 'Withdrawal turned down, returned', 'Stake held'],
      zh: ['充值', '申请提现', '提现被拒，已退回', '投注扣款'],
      zht: ['充值', '申請提現', '提現被拒，已退回', '投注扣款'],
    };
    for (const [language, [deposit, asked, returned, stake]] of Object.entries(names)) {
      await byTestId(page, 'lang-select').selectOption(language);
      // The deposit reads 充值 in both Chinese scripts: wait on a name every language writes apart.
      await expect
        .poll(() => row(placed.withdrawal, 'withdraw_freeze').textContent())
        .toContain(asked);
      await expect.poll(() => row(placed.deposit, 'deposit').textContent()).toContain(deposit);
      expect(await row(placed.deposit, 'deposit').textContent()).toContain('+500.00 CNY');
      expect(await row(placed.withdrawal, 'withdraw_freeze').textContent()).toContain(asked);
      expect(await row(placed.withdrawal, 'withdraw_freeze').textContent()).toContain('-200.00');
      expect(await row(placed.turnedDown, 'withdraw_release').textContent()).toContain(returned);
      expect(await row(placed.bet, 'order_stake').textContent()).toContain(stake);
      // Each kind is named in the page's language: never the ledger's name, no English in Chinese.
      const kindNames = await page
        .locator('[data-testid="records-row"] td:nth-child(2)')
        .allTextContents();
      for (const name of kindNames) {
        expect(name).not.toMatch(/_/);
        if (language !== 'en') expect(name).not.toMatch(/[A-Za-z]/);
      }
      await checkScreen(page, `records-movements-${language}`, {
        narrowest: true,
        within: '[data-testid="records-page"]',
        shown: byTestId(page, 'records-table'),
      });
    }
    await byTestId(page, 'lang-select').selectOption('en');
  }, 90_000);

  it('says there is nothing to rate yet instead of a 0% win rate', async () => {
    const rate = byTestId(page, 'records-win-rate');
    await expect.poll(() => rate.textContent()).toBe('Nothing to rate yet');
    await byTestId(page, 'lang-select').selectOption('zh');
    await expect.poll(() => rate.textContent()).toBe('暂无可计算的注单');
    await byTestId(page, 'lang-select').selectOption('zht');
    await expect.poll(() => rate.textContent()).toBe('暫無可計算的注單');
    await checkScreen(page, 'records-win-rate-zht', {
      within: '[data-testid="records-page"]',
      shown: byTestId(page, 'records-summary'),
    });
    await byTestId(page, 'lang-select').selectOption('en');
  }, 60_000);
});
