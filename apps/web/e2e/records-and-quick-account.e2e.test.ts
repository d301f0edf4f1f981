import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { betType, errorCatalogue, orderStatus } from '@sb/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { createManualFeed } from '../../server/test/match/helpers';
import { finishOrder, placeAt } from '../../server/test/order-stats/helpers';
import {
  type Book,
  createBook,
  expectOk,
  type Pick,
  parlay,
  placeBet,
  single,
} from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, fund, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('records filter and quick account');

/** Where the suite leaves its screenshots (test-results/ is not committed). */
const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
const football = 1;
const basketball = 2;
/** Every captcha of this server shows this code, so the suite knows the right answer. */
const captchaCode = 'K7P3';

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/**
 * The page at phone and desktop sizes: whole, as a member would scroll through it, or only the
 * screen for a popup (fixed layers do not survive a whole-page capture).
 */
async function saveScreens(page: Page, name: string, isPopup = false): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size);
    // Layout settles within a frame or two; fonts are the system's.
    await page.waitForTimeout(300);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({
      path: join(screenshotDir, `${name}-${size.width}x${size.height}.png`),
      fullPage: !isPopup,
    });
  }
}

/**
 * Whether the page scrolls sideways at the narrowest width the site supports; the window then
 * takes its size again (a phone's header has the account menu instead of loose links).
 */
async function scrollsSidewaysAt360(page: Page): Promise<boolean> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.waitForTimeout(300);
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  if (before) await page.setViewportSize(before);
  return scrolls;
}

/** Three pre-match picks of a sport, each on an event of its own. */
function picksOf(book: Book, sportId: number): [Pick, Pick, Pick] {
  const picks = book
    .preMatch()
    .filter((event) => event.fixture.sportId === sportId)
    .slice(0, 3)
    .map((event) => book.pick(event));
  if (picks.length < 3) throw new Error(`the book has fewer than three events of sport ${sportId}`);
  return picks as [Pick, Pick, Pick];
}

async function logIn(page: Page, url: string, account: string, password: string) {
  await page.goto(url);
  await byTestId(page, 'login-open').click();
  await byTestId(page, 'login-account').fill(account);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await byTestId(page, 'account-name').waitFor();
}

const rowOrderNos = (page: Page) =>
  byTestId(page, 'records-row').evaluateAll((rows) => rows.map((row) => row.dataset.orderNo));

describe.skipIf(!hasChromium)('records filter and quick accounts in Chromium', () => {
  let testApp: TestApp | undefined;
  let url = '';
  let browser: TestBrowser | undefined;
  let page: Page;
  /** The member's orders by name; see beforeAll. */
  const placed: Record<string, string> = {};
  let member: { account: string; password: string };

  beforeAll(async () => {
    const feed = createManualFeed({ seed: 'records-e2e' });
    testApp = await createTestApp({
      feedProvider: feed.provider,
      now: feed.now,
      webDistDir,
      generateCaptchaCode: () => captchaCode,
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;

    // A member with settled and open bets on football and basketball, singles and a parlay,
    // all placed today by the browser's clock (the server's clock is the still feed's).
    const registered = await registerMember(testApp);
    member = { account: registered.account, password: registered.password };
    const bettor: TestMember = {
      session: registered.session,
      password: registered.password,
      userId: registered.session.memberId,
      auth: authOf(registered.session),
    };
    await fund(testApp, bettor.userId, cny.currencyId, 100_000);
    const book = createBook(feed);
    const [f1, f2, f3] = picksOf(book, football);
    const [b1, b2, b3] = picksOf(book, basketball);
    const plan: [string, ReturnType<typeof single>, number | null][] = [
      ['footballWon', single(f1, 1_000), orderStatus.settled],
      ['basketballLost', single(b1, 1_100), orderStatus.settled],
      ['parlayCashedOut', parlay([f2, b2], 1_200), orderStatus.cashedOut],
      ['footballOpen', single(f3, 1_300), null],
      ['basketballOpen', single(b3, 1_400), null],
    ];
    for (const [index, [name, bet, status]] of plan.entries()) {
      const order = expectOk(await placeBet(testApp, bettor, bet));
      placed[name] = order.orderNo;
      await placeAt(testApp, order.orderNo, new Date(Date.now() - (plan.length - index) * 60_000));
      if (status !== null) {
        const payout = name === 'footballWon' ? 1_900 : name === 'parlayCashedOut' ? 800 : 0;
        await finishOrder(
          testApp,
          { orderNo: order.orderNo, stake: order.stake, userId: bettor.userId },
          status,
          payout,
        );
      }
    }
    browser = await launchBrowser('sb-records-quick-e2e', { locale: 'zh-CN' });
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('narrows the records table with the filter header, the server doing the filtering', async () => {
    await logIn(page, url, member.account, member.password);
    await byTestId(page, 'nav-records').click();
    await byTestId(page, 'records-page').waitFor();
    const filter = byTestId(page, 'records-filter');
    await filter.waitFor();
    await expect
      .poll(() => rowOrderNos(page))
      .toEqual([placed.parlayCashedOut, placed.basketballLost, placed.footballWon]);

    // The sports are the server's, in the page's language (zh by default).
    const sport = byTestId(page, 'records-filter-sport');
    await expect.poll(() => sport.locator('option').count()).toBeGreaterThan(2);
    expect(await sport.locator(`option[value="${football}"]`).textContent()).toBe('足球');

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/app/api/member/settlement/record'))
        asked.push(request.postData() ?? '');
    });
    await sport.selectOption(String(football));
    await expect
      .poll(() => rowOrderNos(page))
      .toEqual([placed.parlayCashedOut, placed.footballWon]);
    expect(JSON.parse(asked.at(-1) ?? '{}')).toMatchObject({ sportId: football, page: 1 });

    await byTestId(page, 'records-filter-bet-type').selectOption(String(betType.parlay));
    await expect.poll(() => rowOrderNos(page)).toEqual([placed.parlayCashedOut]);

    await byTestId(page, 'records-filter-bet-type').selectOption('');
    await byTestId(page, 'records-filter-status').selectOption(String(orderStatus.settled));
    await expect.poll(() => rowOrderNos(page)).toEqual([placed.footballWon]);

    await byTestId(page, 'records-filter-sport').selectOption(String(basketball));
    await expect.poll(() => rowOrderNos(page)).toEqual([placed.basketballLost]);
    await saveScreens(page, 'records-filter');

    // The open list keeps the sport, drops a status it cannot hold and offers its own.
    await page.locator('[data-testid="records-tab"][data-tab="open"]').click();
    await expect.poll(() => rowOrderNos(page)).toEqual([placed.basketballOpen]);
    expect(await byTestId(page, 'records-filter-status').inputValue()).toBe('');
    expect(
      await byTestId(page, 'records-filter-status')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).toEqual(['', String(orderStatus.pending), String(orderStatus.accepted)]);
    await byTestId(page, 'records-filter-sport').selectOption('');
    await expect
      .poll(() => rowOrderNos(page))
      .toEqual([placed.basketballOpen, placed.footballOpen]);

    // Balance movements are not bets: no filter there.
    await page.locator('[data-testid="records-tab"][data-tab="movements"]').click();
    await expect.poll(() => byTestId(page, 'records-filter').count()).toBe(0);

    await page.locator('[data-testid="records-tab"][data-tab="settled"]').click();
    await filter.waitFor();
    expect(await scrollsSidewaysAt360(page)).toBe(false);
    await byTestId(page, 'logout').click();
    await byTestId(page, 'login-open').waitFor();
  }, 120_000);

  it('says beside the captcha whether the answer is right before the login is sent', async () => {
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(member.account);
    for (let attempt = 0; attempt < 3; attempt++) {
      await byTestId(page, 'login-password').fill(`wrong-${attempt}`);
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/app/api/member/login/account'),
      );
      await byTestId(page, 'login-submit').click();
      await answered;
    }
    await byTestId(page, 'login-password').fill('wrong-again');
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'captcha-image').waitFor();
    const check = byTestId(page, 'captcha-check');
    const input = byTestId(page, 'captcha-input');

    await input.fill('K7P');
    expect(await check.getAttribute('data-state')).toBe('idle');
    await input.fill('ZZZZ');
    await expect.poll(() => check.getAttribute('data-state')).toBe('wrong');
    // Lower case is the same answer, as the server reads it.
    await input.fill(captchaCode.toLowerCase());
    await expect.poll(() => check.getAttribute('data-state')).toBe('right');

    // The check did not use the captcha up: the login carries it and goes through.
    await byTestId(page, 'login-password').fill(member.password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-name').waitFor();
    await byTestId(page, 'logout').click();
    await byTestId(page, 'login-open').waitFor();
  }, 120_000);

  it('creates a quick account in one press, keeps money out closed, then takes a password', async () => {
    await byTestId(page, 'register-open').click();
    await byTestId(page, 'register-quick').click();
    const dialog = byTestId(page, 'quick-account-dialog');
    await dialog.waitFor();
    const account = (await byTestId(page, 'quick-account-name').textContent()) ?? '';
    expect(account).toMatch(/^qa\d{10}$/);
    expect(await byTestId(page, 'account-name').textContent()).toContain(account);
    await saveScreens(page, 'quick-account-dialog', true);

    await byTestId(page, 'quick-account-later').click();
    const banner = byTestId(page, 'quick-account-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(account);
    await saveScreens(page, 'quick-account-banner');
    expect(await scrollsSidewaysAt360(page)).toBe(false);

    // The placeholder signs in nowhere else: a second browser is refused.
    const second = await launchBrowser('sb-quick-second', { locale: 'zh-CN' });
    try {
      await second.page.goto(url);
      await byTestId(second.page, 'login-open').click();
      await byTestId(second.page, 'login-account').fill(account);
      await byTestId(second.page, 'login-password').fill('123456');
      const refused = second.page.waitForResponse((response) =>
        response.url().endsWith('/app/api/member/login/account'),
      );
      await byTestId(second.page, 'login-submit').click();
      expect(await (await refused).json()).toMatchObject({
        code: errorCatalogue.QUICK_ACCOUNT_PASSWORD_NOT_SET.code,
      });
      expect(await byTestId(second.page, 'toast').last().textContent()).toContain(
        errorCatalogue.QUICK_ACCOUNT_PASSWORD_NOT_SET.zh,
      );
    } finally {
      await second.close();
    }

    // The wallet's withdraw tab says why it is closed and leads to the password form.
    await page.setViewportSize(desktop);
    await byTestId(page, 'wallet-open').click();
    await page.locator('[data-testid="wallet-tab"][data-index="1"]').click();
    await byTestId(page, 'money-out-own-password').waitFor();
    expect(await byTestId(page, 'withdraw-form').count()).toBe(0);
    await saveScreens(page, 'quick-account-wallet', true);
    await page.setViewportSize(desktop);
    await byTestId(page, 'money-out-set-password').click();
    await dialog.waitFor();
    expect(await byTestId(page, 'wallet').count()).toBe(0);

    await byTestId(page, 'quick-account-password').fill('123456');
    await byTestId(page, 'quick-account-confirm').fill('123456');
    await byTestId(page, 'quick-account-submit').click();
    expect(await dialog.locator('.field__error').first().textContent()).toBeTruthy();

    const ownPassword = 'MyOwnPass9';
    await byTestId(page, 'quick-account-password').fill(ownPassword);
    await byTestId(page, 'quick-account-confirm').fill(ownPassword);
    await byTestId(page, 'quick-account-submit').click();
    // Two password hashes on the server (the change, then the sign-in) on a busy machine.
    await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
    expect(await byTestId(page, 'account-name').textContent()).toContain(account);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('buserInfo') ?? '{}'));
    expect(stored).toMatchObject({ account, hasPlaceholderPassword: false });

    // Money out is open now: the withdraw tab shows its form.
    await byTestId(page, 'wallet-open').click();
    await page.locator('[data-testid="wallet-tab"][data-index="1"]').click();
    await byTestId(page, 'withdraw-form').waitFor();
    await page.evaluate(() => sessionStorage.removeItem('walletIndex'));
    await page.reload();

    // And the new password signs in like any member's.
    await byTestId(page, 'logout').click();
    await logIn(page, url, account, ownPassword);
    expect(await banner.count()).toBe(0);

    // My accounts reads /app/api/withdraw/account, and again after a delete.
    if (!testApp) throw new Error('server did not start');
    const auth = await page.evaluate(() => ({
      uid: localStorage.getItem('buid') ?? '',
      token: localStorage.getItem('btoken') ?? '',
    }));
    expectOk(
      await testApp.call('/app/api/withdraw/account/operate', {
        ...auth,
        operType: 1,
        type: 0,
        channelId: 201,
        payTypeId: 21,
        bankNo: '6222020200112233445',
        realName: 'Zhang San',
        mobile: '13800138000',
      }),
    );
    let accountReads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/app/api/withdraw/account')) accountReads += 1;
    });
    await byTestId(page, 'wallet-open').click();
    await page.locator('[data-testid="wallet-tab"][data-index="3"]').click();
    const items = byTestId(page, 'account-item');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getByTestId('account-number').textContent()).toBe('6222 **** 3445');
    expect(accountReads).toBe(1);
    await items.first().getByTestId('account-delete').click();
    await expect.poll(() => items.count()).toBe(0);
    expect(accountReads).toBe(2);
  }, 180_000);
});
