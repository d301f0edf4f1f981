import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { matchSportsType } from '@sb/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../server/test/identity/helpers';
import { adminCall, createOperator, signIn } from '../../server/test/operators/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { createStillFeed } from './still-feed';

warnWithoutChromium('app init');

/** Tennis, and SPEC §4's switch that hides it. */
const tennis = 3;
const tennisSwitch = 20;
const football = 1;
/** The push arrives in well under a second; a page polling app init would take minutes. */
const pushedWithinMs = 5_000;

const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));
const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * The screen as a member sees it at both sizes, ending at the desktop size, scrolled to `shown`
 * when given (on a phone the slip is a sheet, brought up from the bar at the bottom).
 */
async function screenshots(page: Page, name: string, shown?: Locator): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    // The windowed list measures itself after a resize.
    await page.waitForTimeout(300);
    if (shown && !(await shown.isVisible())) await page.getByTestId('slip-dock-open').click();
    await shown?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/app-init-${name}-${size}.png` });
    // The board and the slip fit the width: nothing of theirs scrolls sideways.
    const overflows = await page.evaluate(() =>
      ['.sports-board', '.bet-slip'].map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return `${selector} missing`;
        const box = element.getBoundingClientRect();
        return box.right > window.innerWidth || element.scrollWidth > element.clientWidth
          ? `${selector} overflows`
          : 'fits';
      }),
    );
    expect(overflows, size).toEqual(['fits', 'fits']);
  }
}

const tab = (page: Page, sportId: number) =>
  page.locator(`[data-testid="sport-tab"][data-sport-id="${sportId}"]`);
const rowsOf = (page: Page, sportId: number) =>
  page.locator(`[data-testid="match-row"][data-sport-id="${sportId}"]`);

/** Which sport tab is pressed now (none while the tabs are drawn again). */
const activeSport = (page: Page) =>
  page
    .locator('[data-testid="sport-tab"][aria-pressed="true"]')
    .getAttribute('data-sport-id', { timeout: 1_000 })
    .catch(() => null);

describe.skipIf(!hasChromium)('control switches reach an open page in Chromium', () => {
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  let admin = '';
  const feed = createStillFeed('app-init-e2e');

  /** The operator console's call: signed in through the back-office API, audited with a reason. */
  async function setSwitches(controlSwitches: number[]): Promise<void> {
    if (!testApp) throw new Error('no server');
    const answer = await adminCall<{ applied: boolean }>(testApp, '/admin/api/site/switches/set', {
      bearer: admin,
      fields: { controlSwitches, reason: 'app init e2e' },
    });
    expect(answer, answer.msg).toMatchObject({ code: 0, data: { applied: true } });
  }

  beforeAll(async () => {
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    admin = (await signIn(testApp, await createOperator(testApp.database, ['admin']), Date.now()))
      .token;
    browser = await launchBrowser('sb-web-app-init');
    page = browser.page;
    await page.setViewportSize(viewports.desktop);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('drops a sport whose switch goes on from an open page, and brings it back when it goes off', {
    timeout: 120_000,
  }, async () => {
    if (!testApp) throw new Error('no server');
    const { account, password } = await registerMember(testApp);
    const offered = await testApp.call<{ sportId: number }[]>(matchSportsType.path);
    expect(offered.data.map((sport) => sport.sportId)).toContain(tennis);

    await page.goto(url);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-name').waitFor();
    // Set once on this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { openedOnce?: boolean }).openedOnce = true;
    });
    const isSameDocument = () =>
      page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce === true);

    // The tabs follow the server's menu: every sport it offers, in its order.
    await tab(page, tennis).waitFor();
    const tabIds = await page
      .getByTestId('sport-tab')
      .evaluateAll((tabs) => tabs.map((element) => Number(element.getAttribute('data-sport-id'))));
    expect(tabIds).toEqual(offered.data.map((sport) => sport.sportId));

    await tab(page, tennis).click();
    // A row with a price open to bet: at some hours of the still world the first rows are live
    // matches whose prices are all suspended (one run waited on such a row in vain).
    const openPrice = page.locator('[data-testid="odds-option"]:not([disabled])');
    const tennisRow = rowsOf(page, tennis).filter({ has: openPrice }).first();
    await tennisRow.waitFor({ timeout: 20_000 });
    const matchId = Number(await tennisRow.getAttribute('data-match-id'));
    const event = feed.simulator.snapshot().events.find((item) => item.fixture.eventId === matchId);
    expect(event?.fixture.sportId).toBe(tennis);
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
    // A selection of the match on the slip: it must leave with its sport.
    const option = row.locator('[data-testid="odds-option"]:not([disabled])').first();
    await option.waitFor({ timeout: 20_000 });
    const oi = await option.getAttribute('data-oi');
    await option.click();
    const slipItem = page.locator(`[data-testid="slip-item"][data-oi="${oi}"]`);
    await slipItem.waitFor();
    await screenshots(page, 'tennis-shown');

    await setSwitches([tennisSwitch]);
    await expect.poll(() => tab(page, tennis).count(), { timeout: pushedWithinMs }).toBe(0);
    await expect.poll(() => rowsOf(page, tennis).count(), { timeout: pushedWithinMs }).toBe(0);
    // The board moves to the first sport left, and shows its matches.
    await expect.poll(() => activeSport(page), { timeout: pushedWithinMs }).toBe(String(football));
    await rowsOf(page, football).first().waitFor({ timeout: 20_000 });
    expect(await slipItem.count()).toBe(0);
    expect(await isSameDocument()).toBe(true);
    await screenshots(page, 'tennis-hidden');

    await setSwitches([]);
    await tab(page, tennis).waitFor({ timeout: pushedWithinMs });
    await tab(page, tennis).click();
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => activeSport(page)).toBe(String(tennis));
    expect(await isSameDocument()).toBe(true);
    await screenshots(page, 'tennis-back');
  });
});

describe.skipIf(!hasChromium)('the app configuration file in Chromium', () => {
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  const feed = createStillFeed('app-config-e2e');
  /** What the page gets when it asks for the configuration file; a test sets it. */
  let configFile = '';
  let configReads = 0;

  beforeAll(async () => {
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    // A browser in a language the site does not offer: the configured default decides.
    browser = await launchBrowser('sb-web-app-config', { locale: 'fr-FR' });
    page = browser.page;
    await page.setViewportSize(viewports.desktop);
    // The file the build names (the shipped app-config.json), answered as a deployment would
    // have edited it; the server's own copy stays as shipped for the other suites.
    await page.route('**/app-config.json', (route: Route) => {
      configReads += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: configFile });
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('takes the default language and the risk check precision from the file, and survives a bad one', {
    timeout: 120_000,
  }, async () => {
    if (!testApp) throw new Error('no server');
    const { account, password, session } = await registerMember(testApp);
    const trader = (
      await signIn(testApp, await createOperator(testApp.database, ['trader']), Date.now())
    ).token;
    // 1000 in the file's precision 0 is 1,000.00; the default precision 2 would make it 10.00.
    const risk = await adminCall(testApp, '/admin/api/member/risk', {
      bearer: trader,
      fields: { userId: session.memberId, riskAmount: 1_000, reason: 'app config e2e' },
    });
    expect(risk, risk.msg).toMatchObject({ code: 0 });
    configFile = JSON.stringify({ lang: 'zht', precision: 0, utk: 'token' });

    await page.goto(url);
    await page.getByTestId('login-open').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    // Read once: the page's preload of the file is the read its start-up waits for.
    expect(configReads).toBe(1);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-name').waitFor();
    await page.locator('[data-testid="odds-option"]:not([disabled])').first().click();
    const stake = page.getByTestId('stake-input');
    const notice = page.getByTestId('risk-notice');
    await stake.fill('999.99');
    await page.getByTestId('slip-return').waitFor();
    expect(await notice.count()).toBe(0);
    await stake.fill('1000');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('大額投注：此金額的注單將被標記，供平台審核。');
    await screenshots(page, 'risk-notice-zht', notice);

    // A file that is no JSON: the site runs on the defaults (zh, precision 2). The language
    // shown was remembered as the member's choice, which would win: it is forgotten first.
    configFile = '<!doctype html><title>not the configuration</title>';
    await page.evaluate(() => localStorage.removeItem('lang'));
    await page.reload();
    await tab(page, football).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.locator('[data-testid="odds-option"]:not([disabled])').first().click();
    await stake.fill('999.99');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('大额投注：此金额的注单将被标记，供平台审核。');
    await screenshots(page, 'risk-notice-zh', notice);
  });
});
