import { type OrderRecord, orderList, orderStatus } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/database';
import { createCatalogue } from '../../server/src/modules/catalogue/catalogue.service';
import { startRecordedSimulator } from '../../server/src/modules/catalogue/recorded-simulator';
import {
  defaultStakeLimitPolicy,
  stakeLimitFor,
} from '../../server/src/modules/orders/stake-limits';
import { expectedOffer } from '../../server/test/cash-out/helpers';
import { expectOk, placeBet, single } from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { createTestDatabase } from '../../server/test/test-database';
import { balanceOf, cny, type TestMember } from '../../server/test/withdrawals/helpers';
import { miniSlipBarSpacePx } from '../src/features/betslip/mini-slip-layout';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { byTestId, fundedAccount, preMatchPicks, serve, startStillServer } from './helpers';
import { keptAlive } from './still-feed';
import { worldClock } from './world-clock';

warnWithoutChromium('web betting');

/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;
const stakeMinor = 1_000;

/**
 * A bet stop on the event (every market suspended), then the odds change that lifts it with the
 * prices unchanged: the messages the feed would send next about the still event.
 */
function betStopAndLift(event: EventSnapshot): [FeedMessage, FeedMessage] {
  const { fixture, status, markets, seq } = event;
  const common = { eventId: fixture.eventId, sportId: fixture.sportId, timestamp: Date.now() };
  return [
    { ...common, type: 'bet_stop', seq: seq + 1, reason: 'dangerous_attack', status },
    { ...common, type: 'odds_change', seq: seq + 2, status, markets },
  ];
}

/** The header balance once loaded, as shown ("980.00"). */
async function balanceShown(page: Page): Promise<string> {
  const balance = byTestId(page, 'balance');
  await expect.poll(() => balance.textContent()).not.toBe('--');
  return (await balance.textContent()) ?? '';
}

/** The real server on a still feed, serving the built web app, with a member holding money. */
function startBettingServer() {
  return startStillServer('betting-e2e', { config: { BET_DELAY_MS: 200 } });
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
    await server?.testApp.close();
  });

  it('shows orders placed through the API in my bets, and cashing one out raises the balance', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, feed, url } = server;
    const { account, member } = await fundedAccount(testApp, fundedMinor);
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

    const [cashed, stopped] = orders;
    if (!cashed?.legs[0] || !stopped?.legs[0]) throw new Error('no order to cash out');
    const offerAtStruck = (struck: number) =>
      expectedOffer(stakeMinor, [{ placed: struck, current: struck }]);
    const expected = offerAtStruck(cashed.legs[0].odds);
    const stoppedOffer = String(offerAtStruck(stopped.legs[0].odds));
    // Each open bet shows its offer from the quote call, asked again while shown: a bet stop
    // on the match of one makes it unavailable, and the offer is back once the stop lifts.
    const stoppedRow = page.locator(`[data-testid="my-bet"][data-order-no="${stopped.orderNo}"]`);
    await expect
      .poll(() => stoppedRow.getByTestId('cash-out').getAttribute('data-offer'))
      .toBe(stoppedOffer);
    const [stop, lift] = betStopAndLift(secondPick.event);
    feed.push([stop]);
    const unavailable = stoppedRow.getByTestId('cash-out-unavailable');
    await unavailable.waitFor({ timeout: 15_000 });
    expect(await unavailable.getAttribute('data-code')).toBe('7152');
    expect(await unavailable.isDisabled()).toBe(true);
    feed.push([lift]);
    await expect
      .poll(() => stoppedRow.getByTestId('cash-out').getAttribute('data-offer'), {
        timeout: 15_000,
      })
      .toBe(stoppedOffer);

    const row = page.locator(`[data-testid="my-bet"][data-order-no="${cashed.orderNo}"]`);
    await expect
      .poll(() => row.getByTestId('cash-out').getAttribute('data-offer'))
      .toBe(String(expected));
    await row.getByTestId('cash-out').click();
    const offer = row.getByTestId('cash-out-offer');
    await offer.waitFor();
    expect(Number(await offer.getAttribute('data-offer'))).toBe(expected);

    await row.getByTestId('cash-out-confirm').click();
    // Until the list drops it, the row says it is cashed out (its offer is no longer asked for).
    await expect
      .poll(async () =>
        (await row.count()) === 0
          ? 'left the list'
          : await row
              .getByTestId('cash-out-done')
              .getAttribute('data-amount', { timeout: 1_000 })
              .catch(() => 'not shown'),
      )
      .toMatch(new RegExp(`^(left the list|${expected})$`));
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

    // Every movement of the balance, newest first: three stakes held and one cash out, after
    // the money the member was funded with (booked by the test under a kind of its own).
    await page.locator('[data-testid="records-tab"][data-tab="movements"]').click();
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.evaluateAll((items) => items.map((item) => item.dataset.orderNo))).toEqual([
      later.orderNo,
      cashed.orderNo,
      open.orderNo,
      cashed.orderNo,
      '',
    ]);
    expect(await rows.last().textContent()).toContain('Other balance change');

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
    await server?.testApp.close();
  });

  it('adds an odds option to the slip, toggles it and places it as a single', async () => {
    if (!server) throw new Error('server did not start');
    const { account, member } = await fundedAccount(server.testApp, fundedMinor);
    await logIn(page, server.url, account, member.password);
    expect(await balanceShown(page)).toBe('1,000.00');

    // A pre-match price that is open now: a live market may be suspended at any moment.
    const options = page.locator(
      '[data-testid="match-row"][data-live="false"] [data-testid="odds-option"]:not([disabled])',
    );
    await options.first().waitFor({ timeout: 30_000 });
    const oi = await options.first().getAttribute('data-oi');
    if (!oi) throw new Error('odds option without data-oi');
    const first = page.locator(`[data-testid="odds-option"][data-oi="${oi}"]`).first();

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
    const rows = page.locator('[data-testid="match-row"][data-live="false"]');
    const openOptions = '[data-testid="odds-option"]:not([disabled])';
    const firstRowOptions = rows.nth(0).locator(openOptions);
    const secondRowOptions = rows.nth(1).locator(openOptions);
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

  it('shows the stake range of the slip and flags a stake outside it before placing', async () => {
    await byTestId(page, 'slip-tab').click();
    await byTestId(page, 'slip-mode-single').click();
    const rows = page.locator('[data-testid="match-row"][data-live="false"]');
    const first = rows.nth(0).locator('[data-testid="odds-option"]:not([disabled])').first();
    const second = rows.nth(1).locator('[data-testid="odds-option"]:not([disabled])').first();
    const playIds = [Number(await first.getAttribute('data-play'))];
    await first.click();
    const limits = byTestId(page, 'stake-limits');
    await limits.waitFor();
    // The range the server's table gives this play, in the member's currency (CNY).
    const single = stakeLimitFor(defaultStakeLimitPolicy, cny, {
      playIds,
      isLive: false,
      isParlay: false,
    });
    expect(Number(await limits.getAttribute('data-min'))).toBe(single.minMinor);
    expect(Number(await limits.getAttribute('data-max'))).toBe(single.maxMinor);
    expect(await limits.textContent()).toBe(
      `Min ${formatDisplayAmount(single.minMinor, 2)} · Max ${formatDisplayAmount(single.maxMinor, 2)}`,
    );

    const stake = byTestId(page, 'stake-input');
    const problem = byTestId(page, 'stake-problem');
    const place = byTestId(page, 'place-bet');
    await stake.fill(formatDisplayAmount(single.minMinor - 1, 2));
    expect(await problem.getAttribute('data-kind')).toBe('belowMin');
    expect(await problem.textContent()).toContain(formatDisplayAmount(single.minMinor, 2));
    expect(await place.isDisabled()).toBe(true);
    await stake.fill(formatDisplayAmount(single.maxMinor + 1, 2).replaceAll(',', ''));
    expect(await problem.getAttribute('data-kind')).toBe('aboveMax');
    expect(await place.isDisabled()).toBe(true);
    await stake.fill('10');
    expect(await problem.count()).toBe(0);
    expect(await place.isDisabled()).toBe(false);

    // A parlay takes half the range of its riskiest leg.
    playIds.push(Number(await second.getAttribute('data-play')));
    await second.click();
    await byTestId(page, 'slip-mode-parlay').click();
    const parlay = stakeLimitFor(defaultStakeLimitPolicy, cny, {
      playIds,
      isLive: false,
      isParlay: true,
    });
    await expect.poll(() => limits.getAttribute('data-max')).toBe(String(parlay.maxMinor));
    await stake.fill(formatDisplayAmount(parlay.maxMinor + 100, 2).replaceAll(',', ''));
    expect(await problem.getAttribute('data-kind')).toBe('aboveMax');
    await byTestId(page, 'slip-clear').click();
    await expect.poll(() => limits.count()).toBe(0);
  }, 60_000);

  it('keeps the slip behind a button in mini mode and places a bet from its sheet', async () => {
    if (!server) throw new Error('server did not start');
    await page.goto(`${server.url}/#/mini/index`);
    const toggle = byTestId(page, 'mini-slip-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('data-count')).toBe('0');
    expect(await byTestId(page, 'bet-slip').count()).toBe(0);

    const option = page
      .locator(
        '[data-testid="match-row"][data-live="false"] [data-testid="odds-option"]:not([disabled])',
      )
      .first();
    await option.click();
    await expect.poll(() => toggle.getAttribute('data-count')).toBe('1');
    // A click on a price puts it on the slip; it does not open the match (SPEC §2 mini mode).
    expect(await page.getByTestId('match-detail').count()).toBe(0);

    await toggle.click();
    const sheet = byTestId(page, 'mini-slip');
    await sheet.waitFor();
    // As tall as the mini list and the slip's bar under it, which are shorter for members
    // (memberId > 0) than for visitors.
    const [sheetHeight, listHeight, windowHeight] = await page.evaluate(() => [
      document.querySelector('[data-testid="mini-slip"]')?.getBoundingClientRect().height,
      document.querySelector('[data-testid="match-list"]')?.getBoundingClientRect().height,
      window.innerHeight,
    ]);
    expect(sheetHeight).toBe((windowHeight ?? 0) - 176);
    expect(sheetHeight).toBe((listHeight ?? 0) + miniSlipBarSpacePx);
    expect(await sheet.getByTestId('slip-item').count()).toBe(1);
    const place = sheet.getByTestId('place-bet');
    expect(await place.isVisible()).toBe(true);

    const before = await byTestId(page, 'bet-status').first().getAttribute('data-order-no');
    // The slip keeps its mode across visits; the last test left it on parlay.
    await sheet.getByTestId('slip-mode-single').click();
    await sheet.getByTestId('stake-input').fill('10');
    await place.click();
    const status = byTestId(page, 'bet-status').first();
    await expect.poll(() => status.getAttribute('data-order-no')).not.toBe(before);
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => byTestId(page, 'balance').textContent()).toBe('970.00');
    await expect.poll(() => sheet.getByTestId('slip-item').count()).toBe(0);

    await byTestId(page, 'mini-slip-close').click();
    await expect.poll(() => toggle.getAttribute('data-count')).toBe('0');
  }, 60_000);
});

async function sportCount(page: Page, sportId: number): Promise<number> {
  const tab = page.locator(`[data-testid="sport-tab"][data-sport-id="${sportId}"]`);
  return Number(await tab.getByTestId('sport-count').textContent());
}

/**
 * Puts the first open price of `scope` on the slip and answers its option id. Live prices are
 * suspended now and then (a goal, a bet stop), so a price that closes under the click is left
 * and the next one tried.
 */
async function addOpenOption(page: Page, scope: Locator): Promise<string> {
  const candidates = scope.locator(
    '[data-testid="odds-option"]:not([disabled]):not([aria-pressed="true"])',
  );
  let added = '';
  await expect
    .poll(
      async () => {
        const oi = await candidates
          .first()
          .getAttribute('data-oi', { timeout: 2_000 })
          .catch(() => null);
        if (!oi) return '';
        await scope
          .locator(`[data-testid="odds-option"][data-oi="${oi}"]`)
          .first()
          .click({ timeout: 2_000 })
          .catch(() => {});
        const item = page.locator(`[data-testid="slip-item"][data-oi="${oi}"]`);
        if ((await item.count()) > 0) added = oi;
        return added;
      },
      { timeout: 30_000, interval: 500 },
    )
    .not.toBe('');
  return added;
}

/** The member's orders as the server holds them, open or finished, newest first. */
async function ordersOf(testApp: TestApp, member: TestMember, isSettled: boolean) {
  const answer = await testApp.call<{ records: OrderRecord[] }>(orderList.path, {
    ...member.auth,
    isSettled,
    page: 1,
    size: 10,
  });
  return expectOk(answer).records;
}

/** The member's available balance as the ledger holds it, formatted as the header shows it. */
async function availableOf(testApp: TestApp, member: TestMember): Promise<string> {
  const { amount, frozen } = await balanceOf(testApp, member.userId, cny.currencyId);
  return formatDisplayAmount(amount - frozen, 2);
}

describe.skipIf(!hasChromium)(
  'the whole betting chain on a feed the test moves in Chromium',
  () => {
    /**
     * The feed's clock is the test's: the world holds still (no price moves, no bet stop, no goal)
     * while the member browses, bets and cashes out, and the test moves it on to end the live match
     * and see the bet settle. At 120 times the caller's clock a football match lasts under a minute.
     * The feed is recorded in the catalogue as the real server records it, so settlement finds the
     * results it waits for.
     */
    const feedSpeed = 120;
    // Live football at the start: the world's calendar starts on a Saturday afternoon.
    let feedClockMs = Date.UTC(2026, 0, 10, 15, 0, 0);
    const serverNowMs = worldClock(feedClockMs);
    let database: DatabaseHandle | undefined;
    let testApp: TestApp | undefined;
    let browser: TestBrowser | undefined;
    let page: Page;
    let url = '';
    let member: TestMember;
    let account = '';
    let liveOrder: OrderRecord | undefined;
    let preMatchOrder: OrderRecord | undefined;
    /** The pre-match price the slip holds until its bet is placed. */
    let preMatchOi = '';

    beforeAll(async () => {
      database = await createTestDatabase();
      const recorded = await startRecordedSimulator({
        catalogue: createCatalogue(database.db),
        seed: 'betting-chain-e2e',
        speed: feedSpeed,
        calendar: 2,
        now: () => feedClockMs,
      });
      testApp = await createTestApp({
        webDistDir,
        feedProvider: keptAlive(recorded).provider,
        database,
        now: () => new Date(serverNowMs()),
        config: { BET_DELAY_MS: 500 },
      });
      url = await serve(testApp);
      ({ account, member } = await fundedAccount(testApp, fundedMinor));
      browser = await launchBrowser('sb-web-chain');
      page = browser.page;
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await testApp?.close();
      await database?.close();
    });

    it('browses the sports, opens a live match and switches the slip between singles and a parlay', async () => {
      await logIn(page, url, account, member.password);
      await expect.poll(() => sportCount(page, 1), { timeout: 20_000 }).toBeGreaterThan(0);

      await page.locator('[data-testid="nav-tab"][data-tab="inPlay"]').click();
      await page.locator('[data-testid="sport-tab"][data-sport-id="1"]').click();
      // Live matches come first, the one that kicked off first at the top: the soonest to end.
      const liveRow = page.locator('[data-testid="match-row"][data-live="true"]').first();
      await liveRow.waitFor({ timeout: 30_000 });
      const liveMatchId = await liveRow.getAttribute('data-match-id');
      await liveRow.getByTestId('match-detail-open').click();
      const detail = page.getByTestId('match-detail');
      await expect.poll(() => detail.getAttribute('data-match-id')).toBe(liveMatchId);
      const liveOi = await addOpenOption(page, detail);
      await detail.getByTestId('match-detail-close').click();

      // Today's last match: the latest kick-off, so it stays pre-match for the whole test, and its
      // bet can still be cashed out with open markets.
      await page.locator('[data-testid="nav-tab"][data-tab="today"]').click();
      await page.locator('[data-testid="match-row"][data-live="false"]').first().waitFor();
      await byTestId(page, 'match-list').evaluate((list) => {
        list.scrollTop = list.scrollHeight;
      });
      const preMatchRow = page.locator('[data-testid="match-row"][data-live="false"]').last();
      await preMatchRow.waitFor({ timeout: 30_000 });
      preMatchOi = await addOpenOption(page, preMatchRow);

      // Newest on top (SPEC §4).
      const items = byTestId(page, 'slip-item');
      expect(await items.evaluateAll((nodes) => nodes.map((node) => node.dataset.oi))).toEqual([
        preMatchOi,
        liveOi,
      ]);
      await byTestId(page, 'stake-input').fill('10');

      await byTestId(page, 'slip-mode-parlay').click();
      expect(await byTestId(page, 'slip-mode').getAttribute('data-mode')).toBe('parlay');
      expect(await byTestId(page, 'slip-problem').count()).toBe(0);
      expect(await byTestId(page, 'slip-total-stake').count()).toBe(0);
      const parlayReturn = Number(
        (await byTestId(page, 'slip-return').textContent())?.replace(',', ''),
      );
      expect(parlayReturn).toBeGreaterThan(10);

      await byTestId(page, 'slip-mode-single').click();
      expect(await byTestId(page, 'slip-mode').getAttribute('data-mode')).toBe('single');
      expect(await byTestId(page, 'slip-total-stake').textContent()).toBe('20.00');
      expect(await items.count()).toBe(2);
    }, 120_000);

    it('places both singles, sees them accepted and the balance fall', async () => {
      if (!testApp) throw new Error('server did not start');
      const server = testApp;
      await byTestId(page, 'place-bet').click();
      // Each bet gets its receipt; the live one is pending through its bet delay, then `H` tells
      // the page the server accepted it (the world is still, so its market stayed open).
      const receipts = byTestId(page, 'bet-status');
      await expect
        .poll(() => receipts.evaluateAll((nodes) => nodes.map((node) => node.dataset.status)), {
          timeout: 20_000,
        })
        .toEqual(['1', '1']);
      const open = await ordersOf(server, member, false);
      liveOrder = open.find((order) => order.isLive);
      preMatchOrder = open.find((order) => !order.isLive);
      if (!liveOrder || !preMatchOrder) throw new Error('the two bets were not both placed');
      expect([liveOrder.status, preMatchOrder.status]).toEqual([
        orderStatus.accepted,
        orderStatus.accepted,
      ]);
      // Accepted bets leave the slip.
      await expect.poll(() => byTestId(page, 'slip-item').count()).toBe(0);
      await expect
        .poll(() => byTestId(page, 'balance').textContent())
        .toBe(formatDisplayAmount(fundedMinor - 2 * stakeMinor, 2));
      expect(await availableOf(server, member)).toBe('980.00');
      for (const order of [liveOrder, preMatchOrder]) {
        const receipt = page.locator(
          `[data-testid="bet-status"][data-order-no="${order.orderNo}"]`,
        );
        expect(await receipt.getAttribute('data-status')).toBe('1');
      }
    }, 60_000);

    it('cashes out the open pre-match bet from my bets', async () => {
      if (!testApp || !preMatchOrder) throw new Error('no pre-match bet to cash out');
      const server = testApp;
      await byTestId(page, 'my-bets-tab').click();
      await byTestId(page, 'my-bets-open').click();
      const row = page.locator(`[data-testid="my-bet"][data-order-no="${preMatchOrder.orderNo}"]`);
      await row.waitFor();
      // Ask for the offer and take it; a lower offer by then (the price moved) is shown in its
      // place and taken in turn, a market closed for a moment is asked again.
      await expect
        .poll(
          async () => {
            if ((await row.count()) === 0) return 'cashed out';
            const confirm = row.getByTestId('cash-out-confirm');
            if ((await confirm.count()) > 0)
              await confirm.click({ timeout: 2_000 }).catch(() => {});
            else
              await row
                .getByTestId('cash-out')
                .click({ timeout: 2_000 })
                .catch(() => {});
            return 'open';
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe('cashed out');
      const [cashed] = (await ordersOf(server, member, true)).filter(
        (order) => order.orderNo === preMatchOrder?.orderNo,
      );
      expect(cashed?.status).toBe(orderStatus.cashedOut);
      const shown = await availableOf(server, member);
      await expect.poll(() => byTestId(page, 'balance').textContent()).toBe(shown);
      expect(Number(shown.replace(',', ''))).toBeGreaterThan(980);

      await byTestId(page, 'my-bets-settled').click();
      const settledRow = page.locator(
        `[data-testid="my-bet"][data-order-no="${preMatchOrder.orderNo}"]`,
      );
      await expect.poll(() => settledRow.getAttribute('data-status')).toBe('4');
    }, 90_000);

    it('settles the live bet once its match ends', async () => {
      if (!testApp || !liveOrder) throw new Error('no live bet to settle');
      const server = testApp;
      const orderNo = liveOrder.orderNo;
      const row = page.locator(`[data-testid="my-bet"][data-order-no="${orderNo}"]`);
      // The world moves on 20 feed minutes at a time until the match ends and its results settle
      // the bet. The settled list is read again on every `H`; going back and forth only reads it
      // afresh.
      await expect
        .poll(
          async () => {
            const status = await row
              .getAttribute('data-status', { timeout: 1_000 })
              .catch(() => '');
            if (status === '3' || status === '5') return status;
            feedClockMs += (20 * 60_000) / feedSpeed;
            await byTestId(page, 'my-bets-open').click();
            await byTestId(page, 'my-bets-settled').click();
            return status;
          },
          { timeout: 90_000, interval: 2_000 },
        )
        .toMatch(/^[35]$/);
      const [settled] = (await ordersOf(server, member, true)).filter(
        (order) => order.orderNo === orderNo,
      );
      expect(String(settled?.status)).toBe(await row.getAttribute('data-status'));
      const shown = await availableOf(server, member);
      await expect.poll(() => byTestId(page, 'balance').textContent()).toBe(shown);
    }, 120_000);
  },
);
