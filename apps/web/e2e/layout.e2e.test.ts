import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { expectOk, type Pick, parlay, placeBet, single } from '../../server/test/orders/helpers';
import type { TestApp } from '../../server/test/test-app';
import {
  cny,
  fund,
  setWithdrawPassword,
  type TestMember,
} from '../../server/test/withdrawals/helpers';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { preMatchPicks, startStillServer } from './helpers';
import { checkScreen, layoutFaults, screenshotDir, viewports } from './screens';

warnWithoutChromium('web layout');

/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;

const boardTabs = ['home', 'inPlay', 'today', 'early', 'outrights', 'results'] as const;
const walletTabCount = 6;
const virtualRacingId = 10000005;

/** Waits until the board shows the list of the tab or sport asked for, not the previous one. */
async function boardSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('board-body').getAttribute('aria-busy'), { timeout: 20_000 })
    .toBe('false');
}

/** Shows one match on the board by searching for its home team, so no other row is picked. */
async function showMatch(page: Page, pick: Pick) {
  await page.getByTestId('match-search').fill(pick.event.fixture.competitors[0]?.name ?? '');
  const row = page.locator(
    `[data-testid="match-row"][data-match-id="${pick.event.fixture.eventId}"]`,
  );
  await row.waitFor();
  return row;
}

function startLayoutServer() {
  return startStillServer('layout-e2e');
}

/**
 * A member with money, a withdrawal password, and a single and a parlay already placed, so every
 * list has rows.
 */
async function memberWithBets(testApp: TestApp, picks: Pick[]) {
  const { account, password, session } = await registerMember(testApp);
  await fund(testApp, session.memberId, cny.currencyId, fundedMinor);
  const member: TestMember = { session, password, userId: session.memberId, auth: authOf(session) };
  // With a withdrawal password set, the wallet's money-out tabs open without asking for one.
  await setWithdrawPassword(testApp, member, '135790');
  const [first, second, third] = picks;
  if (!first || !second || !third) throw new Error('not enough picks');
  expectOk(await placeBet(testApp, member, single(first, 1_000)));
  expectOk(await placeBet(testApp, member, parlay([second, third], 500)));
  return { account, password };
}

describe.skipIf(!hasChromium)('every member screen from 360 to 1440 px wide', () => {
  let server: Awaited<ReturnType<typeof startLayoutServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let picks: Pick[] = [];
  let liveSportId = 0;
  let member = { account: '', password: '' };

  beforeAll(async () => {
    server = await startLayoutServer();
    const { events } = server.feed.simulator.snapshot();
    picks = preMatchPicks(events, 5, { where: (event) => event.fixture.sportId === 1 });
    const live = events.find(
      (event) =>
        event.fixture.kind === 'match' &&
        !event.fixture.virtual &&
        event.status.status === 'live' &&
        event.fixture.liveOdds,
    );
    if (!live) throw new Error('no match in play in the world');
    liveSportId = live.fixture.sportId;
    member = await memberWithBets(server.testApp, picks);
    browser = await launchBrowser('sb-web-layout');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  /**
   * Loads a page afresh, so nothing one test left open (a sheet, the detail) is carried into the
   * next: a change of the address's hash alone would keep the page as it was.
   */
  async function open(path: string): Promise<void> {
    if (!server) throw new Error('server did not start');
    await page.goto('about:blank');
    await page.goto(`${server.url}/${path}`);
  }

  it("shows a visitor's header, then signs in from a phone", async () => {
    await open('#/index');
    await boardSettled(page);
    await checkScreen(page, 'layout-visitor', { narrowest: true });
    await page.setViewportSize(viewports.phone);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(member.account);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-menu-open').waitFor();
  });

  for (const tab of boardTabs) {
    it(`shows the ${tab} board`, async () => {
      await open(`#/index${tab === 'home' ? '' : `?tab=${tab}`}`);
      await boardSettled(page);
      if (tab === 'inPlay') {
        // The sport of a match in play, so the cards show a live score.
        await page.locator(`[data-testid="sport-tab"][data-sport-id="${liveSportId}"]`).click();
        await boardSettled(page);
        await page.locator('[data-testid="match-row"][data-live="true"]').first().waitFor();
      }
      if (tab === 'results') {
        // With results or none yet (the world's hour decides), the day shown is a day, never a
        // blank date.
        await page.locator('[data-testid="results-empty"], [data-testid="results-list"]').waitFor();
        expect(await page.getByTestId('results-date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      await checkScreen(page, `layout-board-${tab}`, { narrowest: tab === 'home' });
    });
  }

  it('shows that the rows of tabs scroll where they do not fit', async () => {
    await open('#/index');
    await boardSettled(page);
    const fades = (selector: string) =>
      page.locator(selector).evaluate((row) => {
        const style = getComputedStyle(row);
        return [
          style.getPropertyValue('--scroll-fade-start'),
          style.getPropertyValue('--scroll-fade-end'),
        ];
      });
    await page.setViewportSize(viewports.phone);
    await page.waitForTimeout(300);
    // At the start of the row only its end fades: there is more to the right.
    expect(await fades('.sport-tabs')).toEqual(['0px', '40px']);
    expect(await fades('.header-nav')).toEqual(['0px', '40px']);
    await page.locator('.sport-tabs').evaluate((row) => {
      row.scrollLeft = row.scrollWidth;
    });
    await expect.poll(() => fades('.sport-tabs')).toEqual(['40px', '0px']);
    // A sport picked at the far end is brought into view.
    const racing = page.locator(`[data-testid="sport-tab"][data-sport-id="${virtualRacingId}"]`);
    await page.locator('.sport-tabs').evaluate((row) => {
      row.scrollLeft = 0;
    });
    await racing.evaluate((tab) => (tab as HTMLButtonElement).click());
    await expect
      .poll(() => racing.evaluate((tab) => tab.getBoundingClientRect().right))
      .toBeLessThanOrEqual(viewports.phone.width);
    // The header's tabs fit a desktop: no fade.
    await page.setViewportSize(viewports.desktop);
    await page.waitForTimeout(300);
    expect(await fades('.header-nav')).toEqual(['0px', '0px']);
  });

  it('shows a match detail', async () => {
    const [pick] = picks;
    if (!pick) throw new Error('no pick');
    await open(`#/index`);
    await boardSettled(page);
    // A team plays more than one match: the search may list several rows.
    const row = await showMatch(page, pick);
    await row.getByTestId('match-detail-open').click();
    const detail = page.getByTestId('match-detail');
    await expect.poll(() => detail.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
    await checkScreen(page, 'layout-detail', { shown: detail });
    await page.getByTestId('match-detail-close').click();
  });

  it('shows the slip with a single, then a parlay', async () => {
    const [, , , fourth, fifth] = picks;
    if (!fourth || !fifth) throw new Error('no picks');
    await open(`#/index`);
    await boardSettled(page);
    for (const pick of [fourth, fifth]) {
      const row = await showMatch(page, pick);
      // The home win of the match's 1X2 line.
      await row
        .locator('[data-testid="market-line"][data-play="3"] [data-testid="odds-option"]')
        .first()
        .click();
    }
    await page.getByTestId('match-search').fill('');
    // On a phone the slip waits behind the bar at the bottom, whose badge counts the selections.
    await page.setViewportSize(viewports.phone);
    const bar = page.getByTestId('slip-dock-open');
    expect(await bar.getAttribute('data-count')).toBe('2');
    await bar.click();
    await page.getByTestId('slip-mode-single').click();
    await checkScreen(page, 'layout-slip-single', { shown: page.getByTestId('bet-slip') });
    await page.getByTestId('slip-mode-parlay').click();
    await checkScreen(page, 'layout-slip-parlay', { shown: page.getByTestId('bet-slip') });
    // On a phone Escape puts the sheet away; the bar still counts the selections.
    await page.setViewportSize(viewports.phone);
    await page.keyboard.press('Escape');
    await page.getByTestId('bet-slip').waitFor({ state: 'hidden' });
    expect(await bar.textContent()).toContain('2');
  });

  it("opens the phone's account menu instead of loose header links", async () => {
    await open(`#/index`);
    await page.setViewportSize(viewports.phone);
    await page.waitForTimeout(300);
    // The wide header's links give way to the menu.
    expect(await page.getByTestId('logout').isVisible()).toBe(false);
    expect(await page.getByTestId('wallet-open').isVisible()).toBe(false);
    await page.getByTestId('account-menu-open').click();
    const menu = page.getByTestId('account-menu');
    await menu.waitFor();
    await page.screenshot({ path: `${screenshotDir}/layout-account-menu-phone.png` });
    const faults = await layoutFaults(page, '[data-testid="account-menu"]');
    expect(faults).toEqual({ sideways: false, cut: [], narrowPrices: [], overlapping: [] });
    for (const item of ['wallet', 'records', 'my-bets', 'switch', 'password', 'logout']) {
      expect(await menu.getByTestId(`account-menu-${item}`).isVisible(), item).toBe(true);
    }
    // In Chinese, every word of the menu is Chinese.
    await menu.getByTestId('account-menu-language').selectOption('zh');
    await expect.poll(() => menu.getByTestId('account-menu-logout').textContent()).toBe('退出');
    await page.screenshot({ path: `${screenshotDir}/layout-account-menu-zh-phone.png` });
    expect(await layoutFaults(page, '[data-testid="account-menu"]')).toEqual(faults);
    await menu.getByTestId('account-menu-language').selectOption('en');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await page.setViewportSize(viewports.desktop);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('account-menu-open').isVisible()).toBe(false);
    expect(await page.getByTestId('logout').isVisible()).toBe(true);
  });

  it('shows my bets, from the account menu on a phone', async () => {
    await open(`#/index`);
    await page.setViewportSize(viewports.phone);
    await page.getByTestId('account-menu-open').click();
    await page.getByTestId('account-menu-my-bets').click();
    await expect.poll(() => page.getByTestId('my-bet').count()).toBe(2);
    await checkScreen(page, 'layout-my-bets', { shown: page.getByTestId('my-bets') });
  });

  it('shows every wallet tab', async () => {
    await open(`#/index`);
    await page.setViewportSize(viewports.phone);
    await page.getByTestId('account-menu-open').click();
    await page.getByTestId('account-menu-wallet').click();
    await page.getByTestId('wallet').waitFor();
    for (let index = 0; index < walletTabCount; index += 1) {
      await page.locator(`[data-testid="wallet-tab"][data-index="${index}"]`).click();
      await checkScreen(page, `layout-wallet-${index}`);
    }
    await page.getByTestId('wallet-close').click();
  });

  it('shows the records', async () => {
    await open(`#/records`);
    await page.getByTestId('records-page').waitFor();
    // The bets placed are not settled yet.
    await page.locator('[data-testid="records-tab"][data-tab="open"]').click();
    await expect.poll(() => page.getByTestId('records-row').count()).toBeGreaterThan(0);
    await checkScreen(page, 'layout-records', { shown: page.getByTestId('records-row').first() });
  });

  it('shows the virtual racing list', async () => {
    await open(`#/index`);
    await boardSettled(page);
    await page.locator(`[data-testid="sport-tab"][data-sport-id="${virtualRacingId}"]`).click();
    await boardSettled(page);
    await checkScreen(page, 'layout-virtual-racing');
  });

  it('shows the games lobby and a game of the house', async () => {
    await open(`#/games`);
    await page.getByTestId('games-list').waitFor();
    await checkScreen(page, 'layout-games', { narrowest: true });
    for (const code of ['dice', 'limbo', 'plinko', 'mines']) {
      await open(`#/games/play/house.${code}`);
      await page.getByTestId(`${code}-panel`).waitFor();
      await page
        .getByTestId('game-seed-hash')
        .filter({ hasText: /^[0-9a-f]{64}$/ })
        .waitFor();
      await checkScreen(page, `layout-game-${code}`, { narrowest: code === 'dice' });
    }
  });

  it('shows the compact #/mini page', async () => {
    await open(`#/mini/index`);
    await boardSettled(page);
    await checkScreen(page, 'layout-mini');
  });
});
