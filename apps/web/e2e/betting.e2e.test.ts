import type { OrderRecord } from '@sb/contract';
import { encodeOptionId, formatDisplayAmount, fromOddsUnits, memberOdds } from '@sb/domain';
import { createSimulator, type EventSnapshot, type FeedMessage } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedProvider } from '../../server/src/modules/feed/feed-provider';
import { expectedOffer } from '../../server/test/cash-out/helpers';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { expectOk, type Pick, placeBet, single } from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, fund, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('web betting');

/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;
const stakeMinor = 1_000;

/**
 * A feed the test holds still: the simulator's world at the real time of the run (so orders fall
 * on today's display day, as the records page counts them), never advanced, with alive messages
 * so the server's silence watchdog keeps the book open.
 */
function createStillFeed() {
  const simulator = createSimulator({ seed: 'betting-e2e', startTime: Date.now() });
  let deliver: (messages: FeedMessage[]) => void = () => {};
  let aliveSeq = 0;
  const provider: FeedProvider = {
    name: 'still',
    snapshot: () => simulator.snapshot(),
    sports: () => simulator.sports(),
    start(onMessages) {
      deliver = onMessages;
    },
    stop() {},
  };
  const alive = setInterval(() => {
    aliveSeq += 1;
    deliver([
      { type: 'alive', timestamp: Date.now(), seq: 1_000_000 + aliveSeq, subscribed: true },
    ]);
  }, 3_000);
  return { provider, simulator, stop: () => clearInterval(alive) };
}

/** The first priced outcome of the open 1X2 market of pre-match events, one per event. */
function preMatchPicks(events: EventSnapshot[], count: number): Pick[] {
  const picks: Pick[] = [];
  for (const event of events) {
    if (event.fixture.kind !== 'match' || event.status.status !== 'not_started') continue;
    const market = event.markets.find((entry) => entry.playId === 3 && entry.status === 'active');
    const outcome = market?.outcomes.find((entry) => entry.active && entry.odds > 0);
    if (!market || !outcome) continue;
    picks.push({
      event,
      market,
      outcomeId: outcome.id,
      optId: encodeOptionId({
        eventId: event.fixture.eventId,
        playId: market.playId,
        specifiers: market.specifiers,
        outcomeId: outcome.id,
      }),
      odds: memberOdds(fromOddsUnits(outcome.odds), market.playId, [0, 0, 0]),
    });
    if (picks.length === count) return picks;
  }
  throw new Error(`only ${picks.length} pre-match picks in the world`);
}

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/** The header balance once loaded, as shown ("980.00"). */
async function balanceShown(page: Page): Promise<string> {
  const balance = byTestId(page, 'balance');
  await expect.poll(() => balance.textContent()).not.toBe('--');
  return (await balance.textContent()) ?? '';
}

/** The real server on a still feed, serving the built web app, with a member holding money. */
async function startBettingServer() {
  const feed = createStillFeed();
  const testApp = await createTestApp({
    feedProvider: feed.provider,
    webDistDir,
    config: { BET_DELAY_MS: 200 },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, url: `http://127.0.0.1:${address.port}` };
}

async function fundedMemberWithAccount(testApp: TestApp) {
  const { account, password, session } = await registerMember(testApp);
  await fund(testApp, session.memberId, cny.currencyId, fundedMinor);
  const member: TestMember = {
    session,
    password,
    userId: session.memberId,
    auth: authOf(session),
  };
  return { account, member };
}

async function logIn(page: Page, url: string, account: string, password: string) {
  await page.goto(url);
  await byTestId(page, 'login-open').click();
  await byTestId(page, 'login-account').fill(account);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await byTestId(page, 'account-name').waitFor();
}

describe.skipIf(!hasChromium)('my bets, cash out and records in Chromium', () => {
  let server: Awaited<ReturnType<typeof startBettingServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  const orders: OrderRecord[] = [];

  beforeAll(async () => {
    server = await startBettingServer();
    browser = await launchBrowser('sb-web-betting');
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 180_000);

  afterAll(async () => {
    await browser?.context.close();
    server?.feed.stop();
    await server?.testApp.close();
  });

  it('shows orders placed through the API in my bets, and cashing one out raises the balance', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, feed, url } = server;
    const { account, member } = await fundedMemberWithAccount(testApp);
    const [firstPick, secondPick, laterPick] = preMatchPicks(feed.simulator.snapshot().events, 3);
    if (!firstPick || !secondPick || !laterPick) throw new Error('not enough picks');
    for (const pick of [firstPick, secondPick]) {
      orders.push(expectOk(await placeBet(testApp, member, single(pick, stakeMinor))));
    }
    expect(orders.map((order) => order.status)).toEqual([1, 1]);

    // A visitor who tries to bet is sent to log in (SPEC §5).
    await page.goto(url);
    await byTestId(page, 'place-bet').click();
    await byTestId(page, 'login-account').waitFor();

    await logIn(page, url, account, member.password);
    expect(await balanceShown(page)).toBe(formatDisplayAmount(fundedMinor - 2 * stakeMinor, 2));
    expect(await byTestId(page, 'slip-available').textContent()).toBe('980.00 CNY');

    await byTestId(page, 'my-bets-tab').click();
    await byTestId(page, 'my-bets').waitFor();
    const rows = byTestId(page, 'my-bet');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first.
    expect(await rows.evaluateAll((items) => items.map((item) => item.dataset.orderNo))).toEqual([
      orders[1]?.orderNo,
      orders[0]?.orderNo,
    ]);
    expect(await byTestId(page, 'shared-orders-link').count()).toBe(1);

    const [cashed] = orders;
    if (!cashed?.legs[0]) throw new Error('no order to cash out');
    const row = page.locator(`[data-testid="my-bet"][data-order-no="${cashed.orderNo}"]`);
    await row.getByTestId('cash-out').click();
    const offer = row.getByTestId('cash-out-offer');
    await offer.waitFor();
    const struck = cashed.legs[0].odds;
    const expected = expectedOffer(stakeMinor, [{ placed: struck, current: struck }]);
    expect(Number(await offer.getAttribute('data-offer'))).toBe(expected);

    await row.getByTestId('cash-out-confirm').click();
    const raised = formatDisplayAmount(fundedMinor - 2 * stakeMinor + expected, 2);
    await expect.poll(() => byTestId(page, 'balance').textContent()).toBe(raised);
    // The cashed-out order leaves the open list and shows among the settled ones.
    await expect.poll(() => rows.count()).toBe(1);
    await byTestId(page, 'my-bets-settled').click();
    const settledRow = page.locator(`[data-testid="my-bet"][data-order-no="${cashed.orderNo}"]`);
    await expect.poll(() => settledRow.getAttribute('data-status')).toBe('4');
    expect(await settledRow.getByTestId('cash-out').count()).toBe(0);

    // A bet placed elsewhere reaches the open list through its H event, without a reload.
    await byTestId(page, 'my-bets-open').click();
    await expect.poll(() => rows.count()).toBe(1);
    const later = expectOk(await placeBet(testApp, member, single(laterPick, stakeMinor)));
    orders.push(later);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-order-no')).toBe(later.orderNo);
  }, 120_000);

  it('shows the rows, figures and daily chart on the records page', async () => {
    const [cashed, open, later] = orders;
    if (!cashed || !open || !later) throw new Error('the first test placed no orders');
    await byTestId(page, 'nav-records').click();
    await byTestId(page, 'records-page').waitFor();
    expect(page.url()).toMatch(/#\/records$/);

    const rows = byTestId(page, 'records-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-order-no')).toBe(cashed.orderNo);
    const cashedOutResult = expectedOffer(stakeMinor, [
      { placed: cashed.odds, current: cashed.odds },
    ]);
    const result = cashedOutResult - stakeMinor;
    expect(await byTestId(page, 'records-bet-count').textContent()).toBe('3');
    expect(await byTestId(page, 'records-turnover').textContent()).toBe('30.00');
    expect(await byTestId(page, 'records-result').textContent()).toBe(
      formatDisplayAmount(result, 2),
    );

    // Seven days by default, every day drawn, today's bar holding the cash out's loss.
    const bars = byTestId(page, 'records-chart-bar');
    await expect.poll(() => bars.count()).toBe(7);
    const results = await bars.evaluateAll((items) => items.map((item) => item.dataset.result));
    expect(results.slice(0, 6)).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(results[6]).toBe(String(result));

    await page.locator('[data-testid="records-tab"][data-tab="open"]').click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.evaluateAll((items) => items.map((item) => item.dataset.orderNo))).toEqual([
      later.orderNo,
      open.orderNo,
    ]);

    // Three stakes held and one cash out, newest first.
    await page.locator('[data-testid="records-tab"][data-tab="movements"]').click();
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.evaluateAll((items) => items.map((item) => item.dataset.orderNo))).toEqual([
      later.orderNo,
      cashed.orderNo,
      open.orderNo,
      cashed.orderNo,
    ]);

    await page.locator('[data-testid="records-range"][data-days="30"]').click();
    await expect.poll(() => bars.count()).toBe(30);
    expect(await byTestId(page, 'records-page-number').textContent()).toBe('1 / 1');
  }, 60_000);
});

describe.skipIf(!hasChromium)('the bet slip from the match list in Chromium', () => {
  let server: Awaited<ReturnType<typeof startBettingServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startBettingServer();
    browser = await launchBrowser('sb-web-betting');
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 180_000);

  afterAll(async () => {
    await browser?.context.close();
    server?.feed.stop();
    await server?.testApp.close();
  });

  it('adds an odds option to the slip, toggles it and places it as a single', async () => {
    if (!server) throw new Error('server did not start');
    const { account, member } = await fundedMemberWithAccount(server.testApp);
    await logIn(page, server.url, account, member.password);
    expect(await balanceShown(page)).toBe('1,000.00');

    const options = page.locator('[data-testid="match-row"] [data-testid="odds-option"]');
    await options.first().waitFor({ timeout: 30_000 });
    const first = options.first();
    const oi = await first.getAttribute('data-oi');
    if (!oi) throw new Error('odds option without data-oi');

    const item = page.locator(`[data-testid="slip-item"][data-oi="${oi}"]`);
    await first.click();
    await item.waitFor();
    await first.click();
    await expect.poll(() => item.count()).toBe(0);
    await first.click();
    await item.waitFor();

    await byTestId(page, 'stake-input').fill('10');
    await byTestId(page, 'place-bet').click();
    const status = byTestId(page, 'bet-status').first();
    await status.waitFor();
    // Pre-match bets are accepted at once; a live one goes through pending first.
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => byTestId(page, 'balance').textContent()).toBe('990.00');
    await expect.poll(() => item.count()).toBe(0);
  }, 120_000);

  it('switches to a parlay, keeps one option per match and places the parlay', async () => {
    const rows = byTestId(page, 'match-row');
    const firstRowOptions = rows.nth(0).getByTestId('odds-option');
    const secondRowOptions = rows.nth(1).getByTestId('odds-option');
    await byTestId(page, 'slip-mode-parlay').click();
    expect(await byTestId(page, 'slip-mode').getAttribute('data-mode')).toBe('parlay');
    await firstRowOptions.nth(0).click();
    await firstRowOptions.nth(1).click();
    await expect.poll(() => byTestId(page, 'slip-item').count()).toBe(1);
    await secondRowOptions.nth(0).click();
    await expect.poll(() => byTestId(page, 'slip-item').count()).toBe(2);
    expect(await byTestId(page, 'slip-problem').count()).toBe(0);

    const singleOrderNo = await byTestId(page, 'bet-status').first().getAttribute('data-order-no');
    await byTestId(page, 'stake-input').fill('10');
    await byTestId(page, 'place-bet').click();
    const parlayStatus = byTestId(page, 'bet-status').first();
    await expect.poll(() => parlayStatus.getAttribute('data-order-no')).not.toBe(singleOrderNo);
    await expect
      .poll(() => parlayStatus.getAttribute('data-status'), { timeout: 15_000 })
      .toBe('1');
    await expect.poll(() => byTestId(page, 'balance').textContent()).toBe('980.00');
    await expect.poll(() => byTestId(page, 'slip-item').count()).toBe(0);

    await byTestId(page, 'my-bets-tab').click();
    const newest = byTestId(page, 'my-bet').first();
    await expect.poll(() => newest.textContent()).toContain('Parlay of 2');
  }, 60_000);
});
