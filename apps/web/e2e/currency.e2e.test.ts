import { type OrderRecord, orderList } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import type { EventSnapshot } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { createTestApp } from '../../server/test/test-app';
import { balanceOf, cny, fund, usdt } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen } from './screens';
import { createStillFeed } from './still-feed';
import { worldClock } from './world-clock';

warnWithoutChromium('web currency, results and search');

/** 1 USDT in minor units (scale 6). */
const oneUsdt = 10 ** usdt.scale;
const displayOffsetMs = -4 * 60 * 60 * 1000;
const displayDay = (epochMs: number) =>
  new Date(epochMs + displayOffsetMs).toISOString().slice(0, 10);

/** A Saturday afternoon of the simulated world, held still: football live, basketball to come. */
const worldStart = worldClock()();

async function startServer() {
  const feed = createStillFeed('currency-e2e', worldStart);
  const testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, url: `http://127.0.0.1:${address.port}` };
}

const isOpenMatch = (event: EventSnapshot) =>
  event.fixture.kind === 'match' &&
  !event.fixture.virtual &&
  event.markets.some((market) => market.status === 'active');

describe.skipIf(!hasChromium)('play currency, results by day and search in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  /** The member the tests sign in, once the first has registered them. */
  let memberId = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser('sb-web-currency');
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 180_000);

  afterAll(async () => {
    await browser?.context.close();
    await server?.testApp.close();
  });

  it('switches a member holding USDT to play in it, finds a basketball match from the football tab and bets USDT on it', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, feed, url } = server;
    const { account, password, session } = await registerMember(testApp);
    memberId = session.memberId;
    await fund(testApp, session.memberId, cny.currencyId, 10_000);
    await fund(testApp, session.memberId, usdt.currencyId, 50 * oneUsdt);
    // A basketball match not yet started, picked by id: its team is what the member searches.
    const basketball = feed.simulator
      .snapshot()
      .events.find(
        (event) =>
          event.fixture.sportId === 2 &&
          event.status.status === 'not_started' &&
          isOpenMatch(event),
      );
    if (!basketball) throw new Error('the still world has no basketball match to come');
    const home = basketball.fixture.competitors[0]?.name ?? '';

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-name').waitFor();
    const currency = page.getByTestId('balance-currency');
    await expect.poll(() => currency.textContent()).toBe('CNY');
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('100.00');

    // The menu lists what the member holds, with each balance, the play currency pressed; the
    // keyboard opens it and reaches its items right after the switch.
    await page.getByTestId('play-currency-switch').focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('play-currency-menu');
    await menu.waitFor();
    expect(await page.getByTestId('play-currency-CNY').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('play-currency-USDT').textContent()).toContain(
      formatDisplayAmount(50 * oneUsdt, usdt.scale),
    );
    await checkScreen(page, 'currency-menu', { within: '[data-testid="play-currency-menu"]' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'play-currency-USDT',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => currency.textContent()).toBe('USDT');
    await expect
      .poll(() => page.getByTestId('balance').textContent())
      .toBe(formatDisplayAmount(50 * oneUsdt, usdt.scale));
    // The choice is the member's: the profile says so, and a reload keeps it.
    await page.reload();
    await expect.poll(() => currency.textContent()).toBe('USDT');
    // The saved-accounts switcher shows the member in the currency they now play in.
    await page.getByTestId('account-switch-open').click();
    const saved = page.getByTestId('account-switch-item').filter({ hasText: account });
    await expect.poll(() => saved.textContent()).toContain(`ID ${session.memberId} · USDT`);
    await page.keyboard.press('Escape');
    await page.getByTestId('account-switch-dialog').waitFor({ state: 'detached' });

    // Search from the football tab finds the basketball match.
    await page.getByTestId('match-search').fill(home);
    const row = page.locator(
      `[data-testid="match-row"][data-match-id="${basketball.fixture.eventId}"]`,
    );
    await row.waitFor();
    expect(await row.getAttribute('data-sport-id')).toBe('2');
    expect(await page.getByTestId('search-summary').textContent()).toContain('Basketball');
    // The match rows and the header are drawn by the board and the layout; here the search is checked.
    await checkScreen(page, 'currency-search', { shown: row, within: '.sports-board__tools' });

    const option = row.locator('[data-testid="odds-option"]:not([disabled])').first();
    await option.scrollIntoViewIfNeeded();
    const oi = await option.getAttribute('data-oi');
    await option.click();
    await page.locator(`[data-testid="slip-item"][data-oi="${oi}"]`).waitFor();
    expect(await page.getByTestId('slip-available').textContent()).toContain('USDT');
    await page.getByTestId('stake-input').fill('2');
    await checkScreen(page, 'currency-slip', {
      within: '[data-testid="bet-slip"]',
      shown: page.getByTestId('bet-slip'),
    });
    await page.getByTestId('place-bet').click();
    const status = page.getByTestId('bet-status').first();
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    await expect
      .poll(() => page.getByTestId('balance').textContent())
      .toBe(formatDisplayAmount(48 * oneUsdt, usdt.scale));
    expect(await balanceOf(testApp, session.memberId, usdt.currencyId)).toEqual({
      amount: 48 * oneUsdt,
      frozen: 0,
    });
    expect((await balanceOf(testApp, session.memberId, cny.currencyId)).amount).toBe(10_000);
    const listed = await testApp.call<{ records: OrderRecord[] }>(orderList.path, {
      ...authOf(session),
      isSettled: false,
      page: 1,
      size: 10,
    });
    expect(listed.data?.records).toHaveLength(1);
    expect(listed.data?.records[0]).toMatchObject({ currencyCode: 'USDT', stake: 2 * oneUsdt });
    // Escape clears the search and brings the sport's list back.
    await page.getByTestId('match-search').press('Escape');
    expect(await page.getByTestId('match-search').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('search-summary').count()).toBe(0);
  }, 180_000);

  it('offers to play in a currency money just arrived in', async () => {
    if (!server || memberId === 0) throw new Error('no member signed in');
    // A deposit credited in CNY while the member plays in USDT.
    await fund(server.testApp, memberId, cny.currencyId, 25_000);
    await page.getByTestId('balance-refresh').click();
    const offer = page.getByTestId('play-currency-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toContain('250.00 CNY arrived in your wallet.');
    await checkScreen(page, 'currency-offer', { within: '[data-testid="play-currency-offer"]' });
    await offer.getByRole('button', { name: 'Play in CNY' }).click();
    await expect.poll(() => page.getByTestId('balance-currency').textContent()).toBe('CNY');
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('350.00');
    expect(await offer.count()).toBe(0);

    // The center wallet marks the play currency and offers the others.
    await page.getByTestId('wallet-open').click();
    await page.locator('[data-testid="wallet-tab"][data-index="5"]').click();
    const usdtItem = page.locator('[data-testid="center-wallet-item"][data-code="USDT"]');
    await usdtItem.waitFor();
    expect(
      await page
        .locator('[data-testid="center-wallet-item"][data-code="CNY"]')
        .getByTestId('center-wallet-playing')
        .textContent(),
    ).toBe('Playing');
    await checkScreen(page, 'currency-center-wallet', { within: '[data-testid="center-wallet"]' });
    // Still offered at a phone's width, where the header hides its own quiet buttons.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await usdtItem.getByTestId('center-wallet-play').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await usdtItem.getByTestId('center-wallet-play').click();
    await expect.poll(() => page.getByTestId('balance-currency').textContent()).toBe('USDT');
    await usdtItem.getByTestId('center-wallet-playing').waitFor();
    await page
      .locator('[data-testid="center-wallet-item"][data-code="CNY"]')
      .getByTestId('center-wallet-play')
      .click();
    await expect.poll(() => page.getByTestId('balance-currency').textContent()).toBe('CNY');
    await page.getByTestId('wallet-close').click();
  }, 60_000);

  it('shows the results of a picked day, per sport', async () => {
    if (!server) throw new Error('server did not start');
    const { feed, url } = server;
    // A live football match ends: the feed says so, and it becomes a result of its kick-off day.
    const live = feed.simulator
      .snapshot()
      .events.find(
        (event) =>
          event.fixture.sportId === 1 && event.status.status === 'live' && isOpenMatch(event),
      );
    if (!live) throw new Error('the still world has no live football match');
    feed.push([
      {
        type: 'odds_change',
        eventId: live.fixture.eventId,
        sportId: live.fixture.sportId,
        timestamp: worldStart,
        seq: live.seq + 1,
        status: { ...live.status, status: 'ended' },
        markets: live.markets.map((market) => ({ ...market, status: 'deactivated' })),
      },
    ]);
    const day = displayDay(live.fixture.startTime);

    await page.getByTestId('match-search').fill('');
    await page.goto(`${url}/#/index?tab=results`);
    const date = page.getByTestId('results-date');
    // Results open on the latest day with results: the day the match kicked off.
    await expect.poll(() => date.inputValue()).toBe(day);
    const ended = page.locator(
      `[data-testid="result-row"][data-match-id="${live.fixture.eventId}"]`,
    );
    await ended.waitFor();
    expect(await page.getByTestId('results-next-day').isDisabled()).toBe(true);
    await checkScreen(page, 'results-by-day', { within: '[data-testid="board-body"]' });

    // The day before: the match is not among its results; each result shown kicked off then.
    await page.getByTestId('results-previous-day').click();
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await expect.poll(() => date.inputValue()).toBe(before);
    await expect.poll(() => ended.count()).toBe(0);
    for (const kickOff of await page
      .getByTestId('result-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-kick-off')))))
      expect(displayDay(kickOff)).toBe(before);

    // A date typed in the picker.
    await date.fill(day);
    await ended.waitFor();
    // Another sport has results of its own: the football match is not among basketball's.
    await page.locator('[data-testid="sport-tab"][data-sport-id="2"]').click();
    await expect.poll(() => ended.count()).toBe(0);
  }, 90_000);

  it('says all of it in Chinese on the Chinese page', async () => {
    if (!server) throw new Error('server did not start');
    await page.getByTestId('lang-select').selectOption('zh');
    await expect
      .poll(() => page.getByTestId('results-date').locator('..').textContent())
      .toBe('日期');
    expect(await page.getByTestId('results-previous-day').getAttribute('aria-label')).toBe(
      '前一天',
    );
    expect(await page.getByTestId('match-search').getAttribute('placeholder')).toBe(
      '搜索所有项目的球队或联赛',
    );
    await page.getByTestId('play-currency-switch').click();
    const menu = page.getByTestId('play-currency-menu');
    await menu.waitFor();
    expect(await page.getByRole('group', { name: '投注币种' }).count()).toBe(1);
    expect(await menu.textContent()).not.toMatch(/Play in/);
    await checkScreen(page, 'currency-menu-zh', { within: '[data-testid="play-currency-menu"]' });
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByTestId('lang-select').selectOption('en');
  }, 60_000);
});
