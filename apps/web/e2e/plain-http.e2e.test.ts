import { type OrderRecord, orderList, orderStatus } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/src/modules/orders/orders.schema';
import { expectedOffer } from '../../server/test/cash-out/helpers';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { expectOk } from '../../server/test/orders/helpers';
import type { TestApp } from '../../server/test/test-app';
import { createTestApp } from '../../server/test/test-app';
import { cny, fund, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, viewports } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('plain-http');

/**
 * The member site served over plain http at an address other than localhost (a phone opening a
 * laptop's `npm start` on the same network, a deployment without TLS in front). Such a page is
 * not a secure context: browsers leave `crypto.subtle` and `crypto.randomUUID` undefined there,
 * so sealed lists are opened by the pure-JavaScript fallback (packages/domain/src/seal.ts) and
 * idempotency keys come from getRandomValues (lib/idempotency-key.ts). The server listens on
 * 127.0.0.1 only; Chromium resolves the made-up name sportsbook.test to it.
 */
const plainHost = 'sportsbook.test';
const resolverRule = `--host-resolver-rules=MAP ${plainHost} 127.0.0.1`;

/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;
const stakeMinor = 1_000;
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The chunks of the fallback: its module and the @noble libraries (apps/web/vite.config.ts). */
const fallbackChunk = /\/assets\/(noble|seal-fallback)-[\w-]+\.js$/;

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

async function startServer() {
  // One instant of the world, whatever hour the suite runs, held still: the prices the bet is
  // placed and cashed out at do not move under it, and the first rows hold pre-match matches.
  const feed = createStillFeed('plain-http-e2e', Date.UTC(2026, 11, 2, 14, 30, 0));
  const testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, port: address.port };
}

/** What the page's crypto offers, read inside it. */
function cryptoOfPage(page: Page) {
  return page.evaluate(() => ({
    isSecureContext: window.isSecureContext,
    subtle: typeof globalThis.crypto.subtle,
    randomUUID: typeof (globalThis.crypto as { randomUUID?: unknown }).randomUUID,
    getRandomValues: typeof globalThis.crypto.getRandomValues,
  }));
}

/** The URLs of the scripts the page loads from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.push(response.url());
  });
  return urls;
}

/** The member's orders as the server holds them, newest first. */
async function ordersOf(testApp: TestApp, member: TestMember, isSettled: boolean) {
  const answer = await testApp.call<{ records: OrderRecord[] }>(orderList.path, {
    ...member.auth,
    isSettled,
    page: 1,
    size: 10,
  });
  return expectOk(answer).records;
}

describe.skipIf(!hasChromium)('the member site over plain http, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let plainUrl = '';
  let account = '';
  let member: TestMember;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    plainUrl = `http://${plainHost}:${server.port}`;
    browser = await launchBrowser('sb-web-plain-http', { args: [resolverRule] });
    page = browser.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const created = await registerMember(server.testApp);
    account = created.account;
    member = {
      session: created.session,
      password: created.password,
      userId: created.session.memberId,
      auth: authOf(created.session),
    };
    await fund(server.testApp, member.userId, cny.currencyId, fundedMinor);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  it('opens the list with WebCrypto at a secure address, without loading the fallback', async () => {
    if (!server || !browser) throw new Error('server did not start');
    // 127.0.0.1 is a secure context even over http; a page of its own, so the other keeps a
    // fresh start.
    const securePage = await browser.context.newPage();
    try {
      const scripts = scriptsOf(securePage);
      await securePage.goto(`http://127.0.0.1:${server.port}/#/index`);
      await byTestId(securePage, 'match-row').first().waitFor({ timeout: 30_000 });
      expect(await cryptoOfPage(securePage)).toMatchObject({
        isSecureContext: true,
        subtle: 'object',
        randomUUID: 'function',
      });
      expect(scripts.filter((url) => fallbackChunk.test(url))).toEqual([]);
    } finally {
      await securePage.close();
    }
  }, 60_000);

  it('is not a secure context at sportsbook.test, and still shows the match list', async () => {
    const scripts = scriptsOf(page);
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${plainUrl}/#/index`);
    expect(await cryptoOfPage(page)).toEqual({
      isSecureContext: false,
      subtle: 'undefined',
      randomUUID: 'undefined',
      getRandomValues: 'function',
    });
    // The visitor's list arrives sealed with the visitor's token and is opened by the fallback.
    const rows = page.locator('[data-testid="match-row"][data-live="false"]');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await byTestId(page, 'match-list-empty').count()).toBe(0);
    expect(scripts.some((url) => /\/assets\/noble-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts.some((url) => /\/assets\/seal-fallback-[\w-]+\.js$/.test(url))).toBe(true);
    await checkScreen(page, 'plain-http-match-list');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('signs in, places a bet on a match picked by id and cashes it out', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, feed } = server;
    await page.setViewportSize(viewports.desktop);
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(account);
    await byTestId(page, 'login-password').fill(member.password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-name').waitFor();
    await expect.poll(() => byTestId(page, 'balance').textContent()).toBe('1,000.00');

    // The first pre-match football match on the board whose 1X2 is open in the still world,
    // picked by its id: the board's rows are the member's, read with the fallback too.
    const rows = page.locator('[data-testid="match-row"][data-live="false"]');
    await rows.first().waitFor({ timeout: 30_000 });
    const shownIds = (await rows.evaluateAll((items) =>
      items.map((item) => Number(item.dataset.matchId)),
    )) as number[];
    const world = feed.simulator.snapshot().events;
    const matchId = shownIds.find((id) => {
      const event = world.find((entry) => entry.fixture.eventId === id);
      return (
        event?.fixture.kind === 'match' &&
        event.fixture.sportId === 1 &&
        event.status.status === 'not_started' &&
        event.markets.some((market) => market.playId === 3 && market.status === 'active')
      );
    });
    if (matchId === undefined) throw new Error('no open pre-match football match on the board');
    const option = page
      .locator(
        `[data-testid="match-row"][data-match-id="${matchId}"] [data-testid="odds-option"][data-play="3"]:not([disabled])`,
      )
      .first();
    const oi = (await option.getAttribute('data-oi')) ?? '';
    await option.click();
    await page.locator(`[data-testid="slip-item"][data-oi="${oi}"]`).waitFor();

    // The bet is sealed with the member's token by the fallback, its key from getRandomValues.
    await byTestId(page, 'stake-input').fill(formatDisplayAmount(stakeMinor, 2));
    await byTestId(page, 'place-bet').click();
    const receipt = byTestId(page, 'bet-status').first();
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    await expect
      .poll(() => byTestId(page, 'balance').textContent())
      .toBe(formatDisplayAmount(fundedMinor - stakeMinor, 2));
    const [placed] = await ordersOf(testApp, member, false);
    if (!placed?.legs[0]) throw new Error('the bet did not reach the server');
    expect(placed.legs[0].optId).toBe(oi);
    expect(await receipt.getAttribute('data-order-no')).toBe(placed.orderNo);
    const [stored] = await testApp.database.db
      .select({ idempotencyKey: orders.idempotencyKey })
      .from(orders)
      .where(and(eq(orders.userId, member.userId), eq(orders.orderNo, placed.orderNo)));
    expect(stored?.idempotencyKey).toMatch(uuidV4);

    // Cash out from my bets at the offer for the unmoved price.
    const expected = expectedOffer(stakeMinor, [
      { placed: placed.legs[0].odds, current: placed.legs[0].odds },
    ]);
    await byTestId(page, 'my-bets-tab').click();
    await byTestId(page, 'my-bets-open').click();
    const row = page.locator(`[data-testid="my-bet"][data-order-no="${placed.orderNo}"]`);
    await expect
      .poll(() => row.getByTestId('cash-out').getAttribute('data-offer'), { timeout: 15_000 })
      .toBe(String(expected));
    await row.getByTestId('cash-out').click();
    await row.getByTestId('cash-out-offer').waitFor();
    await row.getByTestId('cash-out-confirm').click();
    const raised = formatDisplayAmount(fundedMinor - stakeMinor + expected, 2);
    await expect.poll(() => byTestId(page, 'balance').textContent()).toBe(raised);
    const [cashed] = (await ordersOf(testApp, member, true)).filter(
      (order) => order.orderNo === placed.orderNo,
    );
    expect(cashed?.status).toBe(orderStatus.cashedOut);

    await byTestId(page, 'my-bets-settled').click();
    const settledRow = page.locator(`[data-testid="my-bet"][data-order-no="${placed.orderNo}"]`);
    await expect.poll(() => settledRow.getAttribute('data-status')).toBe('4');
    await checkScreen(page, 'plain-http-cashed-out', {
      within: '[data-testid="bet-slip"]',
      shown: settledRow,
    });
    expect(await cryptoOfPage(page)).toMatchObject({ isSecureContext: false, subtle: 'undefined' });
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
