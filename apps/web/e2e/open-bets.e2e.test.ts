import { type OrderRecord, orderStatus } from '@sb/contract';
import { decodeOptionId, formatDisplayAmount } from '@sb/domain';
import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../server/src/modules/catalogue/catalogue.service';
import { users } from '../../server/src/modules/identity/identity.schema';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { expectOk, placeBet } from '../../server/test/orders/helpers';
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

warnWithoutChromium('open bets');

/** A member whose margins make every price of theirs lower than a visitor's. */
const memberMargins = [50, 50, 0];

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/** A price on the board: the option, the visitor's decimal price, the match it belongs to. */
interface BoardPrice {
  oi: string;
  decimal: number;
  event: EventSnapshot;
}

async function startServer() {
  // One instant of the world, whatever hour the suite runs: the first rows of the board then
  // always hold the three pre-match football matches the tests pick (at some hours of a
  // world held at the run's own time, the rows in view are all in play).
  const feed = createStillFeed('open-bets-e2e', Date.UTC(2026, 11, 2, 14, 30, 0));
  const testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, url: `http://127.0.0.1:${address.port}` };
}

describe.skipIf(!hasChromium)(
  'the slip, its receipt and my bets follow the bet, in Chromium',
  () => {
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let browser: TestBrowser | undefined;
    let page: Page;
    let account = '';
    let member: TestMember;
    /** Pre-match matches the board shows, picked by id, each with its first 1X2 price. */
    const prices: BoardPrice[] = [];

    const priceButton = (price: BoardPrice) =>
      page.locator(
        `[data-testid="match-row"][data-match-id="${price.event.fixture.eventId}"] [data-testid="odds-option"][data-oi="${price.oi}"]`,
      );
    const oddsOf = (order: OrderRecord) => order.legs.map((leg) => BigInt(leg.odds));

    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser('sb-web-open-bets');
      page = browser.page;
      const created = await registerMember(server.testApp);
      account = created.account;
      member = {
        session: created.session,
        password: created.password,
        userId: created.session.memberId,
        auth: authOf(created.session),
      };
      await fund(server.testApp, member.userId, cny.currencyId, 1_000_000);
      await server.testApp.database.db
        .update(users)
        .set({ oddsConfig: memberMargins })
        .where(eq(users.id, member.userId));
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.testApp.close();
    });

    it('shows the member’s own price on the slip once a visitor’s pick is signed in', async () => {
      if (!server) throw new Error('server did not start');
      await page.setViewportSize(viewports.desktop);
      await page.goto(server.url);
      const rows = page.locator('[data-testid="match-row"][data-live="false"]');
      await rows.first().waitFor({ timeout: 30_000 });
      const shownIds = (await rows.evaluateAll((items) =>
        items.map((item) => Number(item.dataset.matchId)),
      )) as number[];
      const world = server.feed.simulator.snapshot().events;
      for (const id of shownIds) {
        const event = world.find((entry) => entry.fixture.eventId === id);
        if (event?.fixture.kind !== 'match' || event.status.status !== 'not_started') continue;
        const option = page.locator(
          `[data-testid="match-row"][data-match-id="${id}"] [data-testid="odds-option"][data-play="3"]:not([disabled])`,
        );
        if ((await option.count()) === 0) continue;
        const oi = (await option.first().getAttribute('data-oi')) ?? '';
        if (decodeOptionId(oi)?.outcomeId !== 'home') continue;
        const decimal = Number(await option.first().getAttribute('data-decimal'));
        prices.push({ oi, decimal, event });
        if (prices.length === 3) break;
      }
      expect(prices).toHaveLength(3);
      const [picked] = prices as [BoardPrice];

      // A visitor picks a price: the slip shows it, and the login window opens.
      await priceButton(picked).click();
      const item = page.locator(`[data-testid="slip-item"][data-oi="${picked.oi}"]`);
      await item.waitFor();
      expect(await item.getByTestId('slip-odds').textContent()).toBe(picked.decimal.toFixed(2));
      await byTestId(page, 'login-account').fill(account);
      await byTestId(page, 'login-password').fill(member.password);
      await byTestId(page, 'login-submit').click();
      await byTestId(page, 'account-name').waitFor();

      // The board now prices for the member, and the slip says what the board says.
      await expect
        .poll(() => priceButton(picked).getAttribute('data-decimal'), { timeout: 15_000 })
        .not.toBe(String(picked.decimal));
      const memberDecimal = Number(await priceButton(picked).getAttribute('data-decimal'));
      expect(memberDecimal).toBeLessThan(picked.decimal);
      await expect
        .poll(() => item.getByTestId('slip-odds').textContent(), { timeout: 15_000 })
        .toBe(memberDecimal.toFixed(2));
    }, 120_000);

    it('shows the stake and what the bet returns on its receipt', async () => {
      await byTestId(page, 'stake-input').fill('10');
      const shownReturn = await byTestId(page, 'slip-return').textContent();
      await byTestId(page, 'place-bet').click();
      const receipt = byTestId(page, 'bet-status').first();
      await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
      expect(await receipt.getByTestId('bet-status-stake').textContent()).toBe('10.00 CNY');
      // What the slip said the bet would return is what its receipt says.
      expect(await receipt.getByTestId('bet-status-return').textContent()).toBe(
        `${shownReturn} CNY`,
      );
      expect(await receipt.textContent()).toContain('To return');
      await checkScreen(page, 'open-bets-receipt', {
        narrowest: true,
        within: '[data-testid="bet-slip"]',
        shown: receipt,
      });
    }, 60_000);

    it('words a return that includes the stake as such in Chinese', async () => {
      const [, second] = prices as [BoardPrice, BoardPrice];
      await page.setViewportSize(viewports.desktop);
      await byTestId(page, 'lang-select').selectOption('zh');
      await priceButton(second).click();
      await byTestId(page, 'stake-input').fill('10');
      await page.setViewportSize(viewports.phone);
      const returnLine = byTestId(page, 'slip-return').locator('xpath=..');
      if (!(await returnLine.isVisible())) await byTestId(page, 'slip-dock-open').click();
      await expect.poll(() => returnLine.locator('span').textContent()).toBe('可返还金额');
      expect(await byTestId(page, 'bet-status').first().textContent()).toContain('可返还');
      const slipText = (await byTestId(page, 'bet-slip').textContent()) ?? '';
      expect(slipText).not.toContain('可赢');
      await checkScreen(page, 'open-bets-slip-zh', {
        narrowest: true,
        within: '[data-testid="bet-slip"]',
        shown: returnLine,
      });

      await page.setViewportSize(viewports.desktop);
      await byTestId(page, 'lang-select').selectOption('zht');
      await page.setViewportSize(viewports.phone);
      if (!(await returnLine.isVisible())) await byTestId(page, 'slip-dock-open').click();
      await expect.poll(() => returnLine.locator('span').textContent()).toBe('可返還金額');
      expect(await byTestId(page, 'bet-slip').textContent()).not.toContain('可贏');
      await page.setViewportSize(viewports.desktop);
      await byTestId(page, 'lang-select').selectOption('en');
      await byTestId(page, 'slip-clear').click();
    }, 60_000);

    it('lowers what an open parlay can return once a leg loses half, without a reload', async () => {
      if (!server) throw new Error('server did not start');
      const legs = prices.slice(1).map((price) => ({ optId: price.oi, odds: 1.01 }));

      // Any price: the member's own is what the parlay is struck at.
      const bet = { betType: 1, stake: 1_000, scale: 2, acceptOdds: 0, selections: legs };
      const parlay = expectOk(await placeBet(server.testApp, member, bet));
      const [halfLostOdds, otherOdds] = oddsOf(parlay);
      if (!halfLostOdds || !otherOdds) throw new Error('two legs expected');

      await byTestId(page, 'my-bets-tab').click();
      await byTestId(page, 'my-bets-open').click();
      const row = page.locator(`[data-testid="my-bet"][data-order-no="${parlay.orderNo}"]`);
      const shownReturn = row.getByTestId('my-bet-return');
      await expect
        .poll(() => shownReturn.getAttribute('data-amount'))
        .toBe(String(parlay.maxPayout));

      // The first leg's match ends on a half loss; the parlay plays on.
      const event = prices[1]?.event as EventSnapshot;
      const market = event.markets.find((entry) => entry.playId === 3);
      if (!market) throw new Error('no 1X2 market');
      const halfLost: FeedMessage = {
        type: 'bet_settlement',
        eventId: event.fixture.eventId,
        sportId: event.fixture.sportId,
        timestamp: Date.now(),
        seq: event.seq + 1,
        result: { homeScore: 1, awayScore: 1, periodScores: [] },
        markets: [
          {
            playId: 3,
            specifiers: market.specifiers,
            outcomes: market.outcomes.map((outcome) => ({
              id: outcome.id,
              result: 0 as const,
              voidFactor: outcome.id === 'home' ? (0.5 as const) : (0 as const),
            })),
          },
        ],
      };
      const recorder = createCatalogue(server.testApp.database.db).startRecording(
        'manual:open-bets',
      );
      recorder.record([halfLost], { callerTime: Date.now(), feedTime: Date.now() });
      await recorder.flush();
      server.feed.push([halfLost]);

      // Half the stake is lost and half returned: the leg counts 1/2, the other leg its price.
      const expected = Number((1_000n * otherOdds) / (2n * 10_000n));
      await expect
        .poll(() => shownReturn.getAttribute('data-amount'), { timeout: 40_000, interval: 1_000 })
        .toBe(String(expected));
      expect(await shownReturn.textContent()).toBe(`${formatDisplayAmount(expected, 2)} CNY`);
      expect(await row.getAttribute('data-status')).toBe(String(orderStatus.accepted));
      const leg = row.locator(`[data-testid="bet-leg"][data-oi="${prices[1]?.oi}"]`);
      expect(await leg.getAttribute('data-result')).toBe('half_lost');
      await checkScreen(page, 'open-bets-parlay-half-lost', {
        narrowest: true,
        within: '[data-testid="bet-slip"]',
        shown: row,
      });
    }, 90_000);

    it('scrolls a long my bets within its column on a desktop, the page staying put', async () => {
      if (!server) throw new Error('server did not start');
      await page.setViewportSize(viewports.desktop);
      await byTestId(page, 'slip-tab').click();
      const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
      const heightWithSlip = await pageHeight();
      // Singles on the last match, enough to fill a page of my bets.
      for (let count = 0; count < 12; count += 1) {
        const bet = { betType: 0, stake: 100, scale: 2, acceptOdds: 0 };
        const selections = [{ optId: prices[2]?.oi, odds: 1.01 }];
        expectOk(await placeBet(server.testApp, member, { ...bet, selections }));
      }
      await byTestId(page, 'my-bets-tab').click();
      await expect.poll(() => byTestId(page, 'my-bet').count()).toBe(10);

      const slip = byTestId(page, 'bet-slip');
      const board = page.locator('.sports-board');
      const boardTop = await board.evaluate((element) => element.getBoundingClientRect().top);
      expect(await pageHeight()).toBe(heightWithSlip);
      const [scrollHeight, clientHeight] = await slip.evaluate((element) => [
        element.scrollHeight,
        element.clientHeight,
      ]);
      expect(scrollHeight).toBeGreaterThan(clientHeight);
      // Wheel over the column: it scrolls, the page does not.
      await slip.hover();
      await page.mouse.wheel(0, 600);
      await expect.poll(() => slip.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await board.evaluate((element) => element.getBoundingClientRect().top)).toBe(boardTop);
      const [slipBottom, boardBottom] = await page.evaluate(() => [
        document.querySelector('[data-testid="bet-slip"]')?.getBoundingClientRect().bottom ?? 0,
        document.querySelector('.sports-board')?.getBoundingClientRect().bottom ?? 0,
      ]);
      expect(slipBottom).toBeLessThanOrEqual(boardBottom + 1);
      await checkScreen(page, 'open-bets-my-bets-long', { within: '[data-testid="bet-slip"]' });
    }, 90_000);
  },
);
