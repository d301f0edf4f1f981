import { combinedOddsUnits, decodeOptionId, fromOddsUnits, toOddsUnits } from '@sb/domain';
import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../server/src/modules/catalogue/catalogue.service';
import { registerMember } from '../../server/test/identity/helpers';
import { createTestApp } from '../../server/test/test-app';
import { cny, fund } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('bets you can read');

/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;

/** One price on the board, read from the page, with the match it belongs to in the world. */
interface BoardPrice {
  oi: string;
  decimal: number;
  event: EventSnapshot;
  outcomeId: string;
}

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/** The real server on a still feed, serving the built web app. */
async function startServer() {
  const feed = createStillFeed('bets-e2e');
  const testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, url: `http://127.0.0.1:${address.port}` };
}

describe.skipIf(!hasChromium)('bets you can read, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let account = '';
  let password = '';
  /** Pre-match matches on the board, by id, with their 1X2 prices as the board shows them. */
  const matches: { event: EventSnapshot; prices: BoardPrice[] }[] = [];
  let singleOrderNo = '';
  let parlayOrderNo = '';

  /** The board's price of `oi`, to click. */
  const priceButton = (price: BoardPrice) =>
    page.locator(
      `[data-testid="match-row"][data-match-id="${price.event.fixture.eventId}"] [data-testid="odds-option"][data-oi="${price.oi}"]`,
    );

  /** What the slip, my bets and the records say of a leg on this price. */
  function legTexts(price: BoardPrice) {
    const [home, away] = price.event.fixture.competitors;
    const selection =
      price.outcomeId === 'home' ? home?.name : price.outcomeId === 'away' ? away?.name : 'Draw';
    return {
      selection,
      match: `${home?.name} v ${away?.name} · ${price.event.fixture.league.name}`,
    };
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser('sb-web-bets');
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const created = await registerMember(server.testApp);
    await fund(server.testApp, created.session.memberId, cny.currencyId, fundedMinor);
    ({ account, password } = created);
  }, 180_000);

  afterAll(async () => {
    await browser?.context.close();
    await server?.testApp.close();
  });

  it('keeps a visitor’s selection through login, named by match and selection', async () => {
    if (!server) throw new Error('server did not start');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(server.url);
    const rows = page.locator('[data-testid="match-row"][data-live="false"]');
    await rows.first().waitFor({ timeout: 30_000 });
    // The matches the board shows, picked by id from the world the feed holds still.
    const shownIds = (await rows.evaluateAll((items) =>
      items.map((item) => Number(item.dataset.matchId)),
    )) as number[];
    const world = server.feed.simulator.snapshot().events;
    for (const id of shownIds) {
      const event = world.find((entry) => entry.fixture.eventId === id);
      if (event?.fixture.kind !== 'match' || event.status.status !== 'not_started') continue;
      const options = page.locator(
        `[data-testid="match-row"][data-match-id="${id}"] [data-testid="odds-option"][data-play="3"]:not([disabled])`,
      );
      const read = await options.evaluateAll((items) =>
        items.map((item) => ({ oi: item.dataset.oi ?? '', decimal: Number(item.dataset.decimal) })),
      );
      if (read.length < 2) continue;
      const prices = read.map((price) => ({
        ...price,
        event,
        outcomeId: decodeOptionId(price.oi)?.outcomeId ?? '',
      }));
      matches.push({ event, prices });
      if (matches.length === 3) break;
    }
    expect(matches).toHaveLength(3);
    const [first] = matches;
    const home = first?.prices.find((price) => price.outcomeId === 'home');
    if (!home) throw new Error('no home price on the first match');

    // A visitor's click: the login window opens and the pick waits on the slip.
    await priceButton(home).click();
    await byTestId(page, 'login-account').waitFor();
    const item = page.locator(`[data-testid="slip-item"][data-oi="${home.oi}"]`);
    expect(await item.count()).toBe(1);
    expect(await byTestId(page, 'slip-visitor-kept').count()).toBe(1);
    await byTestId(page, 'login-account').fill(account);
    await byTestId(page, 'login-password').fill(password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-name').waitFor();

    // Logged in, the pick is still there, named by its team and match.
    await item.waitFor();
    const expected = legTexts(home);
    expect(await item.getByTestId('slip-selection').textContent()).toBe(expected.selection);
    expect(await item.getByTestId('slip-match').textContent()).toBe(expected.match);
    expect(await byTestId(page, 'slip-visitor-kept').count()).toBe(0);
  }, 120_000);

  it('says what a second price of the same match replaced', async () => {
    const [first] = matches;
    const home = first?.prices.find((price) => price.outcomeId === 'home');
    const other = first?.prices.find((price) => price.outcomeId !== 'home');
    if (!home || !other) throw new Error('no second price on the first match');
    await priceButton(other).click();
    const note = byTestId(page, 'slip-replaced');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      `Replaced ${legTexts(home).selection} with ${legTexts(other).selection}`,
    );
    await expect.poll(() => byTestId(page, 'slip-item').count()).toBe(1);
    expect(await byTestId(page, 'slip-item').getAttribute('data-oi')).toBe(other.oi);
  });

  it('says a stake over the balance beside the stake and keeps Place bet disabled', async () => {
    const stake = byTestId(page, 'stake-input');
    const place = byTestId(page, 'place-bet');
    const problem = byTestId(page, 'stake-problem');
    await stake.fill('1000.01');
    await problem.waitFor();
    expect(await problem.getAttribute('data-kind')).toBe('overBalance');
    expect(await problem.textContent()).toBe('The stake is more than your available balance');
    expect(await place.isDisabled()).toBe(true);
    await stake.fill('1.234');
    expect(await problem.getAttribute('data-kind')).toBe('invalid');
    expect(await place.isDisabled()).toBe(true);
    await stake.fill('10');
    await expect.poll(() => problem.count()).toBe(0);
    expect(await place.isDisabled()).toBe(false);
    await checkScreen(page, 'bets-slip-single', {
      within: '[data-testid="bet-slip"]',
      shown: byTestId(page, 'slip-item'),
    });

    await place.click();
    const receipt = byTestId(page, 'bet-status').first();
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    singleOrderNo = (await receipt.getAttribute('data-order-no')) ?? '';
    const [first] = matches;
    const placed = first?.prices.find((price) => price.outcomeId !== 'home');
    if (!placed) throw new Error('no placed price');
    expect(await receipt.getByTestId('bet-leg-selection').textContent()).toBe(
      legTexts(placed).selection,
    );
    expect(await receipt.getByTestId('bet-leg-match').textContent()).toBe(legTexts(placed).match);
    await checkScreen(page, 'bets-receipt', { within: '[data-testid="bet-slip"]', shown: receipt });
  }, 60_000);

  it('shows a parlay’s combined odds, the product of its legs, in the slip and the receipt', async () => {
    const [, second, third] = matches;
    const legs = [second?.prices[0], third?.prices[1]];
    if (!legs[0] || !legs[1]) throw new Error('no parlay legs');
    await byTestId(page, 'slip-mode-parlay').click();
    for (const leg of legs) if (leg) await priceButton(leg).click();
    await expect.poll(() => byTestId(page, 'slip-item').count()).toBe(2);
    const product = combinedOddsUnits(legs.map((leg) => toOddsUnits(leg?.decimal ?? 0)));
    const combined = byTestId(page, 'slip-combined-odds');
    await combined.waitFor();
    expect(await combined.getAttribute('data-odds')).toBe(String(fromOddsUnits(product)));
    expect(await combined.locator('strong').textContent()).toBe(fromOddsUnits(product).toFixed(2));
    await byTestId(page, 'stake-input').fill('10');
    await checkScreen(page, 'bets-slip-parlay', {
      within: '[data-testid="bet-slip"]',
      shown: combined,
    });

    await byTestId(page, 'place-bet').click();
    const receipt = byTestId(page, 'bet-status').first();
    await expect.poll(() => receipt.getAttribute('data-order-no')).not.toBe(singleOrderNo);
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    parlayOrderNo = (await receipt.getAttribute('data-order-no')) ?? '';
    expect(await receipt.getByTestId('bet-combined-odds').getAttribute('data-odds')).toBe(
      String(product),
    );
    expect(await receipt.getByTestId('bet-leg').count()).toBe(2);
  }, 60_000);

  it('names each leg’s match and selection in my bets, and its result once settled', async () => {
    if (!server) throw new Error('server did not start');
    await byTestId(page, 'my-bets-tab').click();
    const parlayRow = page.locator(`[data-testid="my-bet"][data-order-no="${parlayOrderNo}"]`);
    await parlayRow.waitFor();
    const [first, second, third] = matches;
    // In slip order: the newest pick on top.
    const parlayLegs = [third?.prices[1], second?.prices[0]];
    const legs = parlayRow.getByTestId('bet-leg');
    await expect.poll(() => legs.count()).toBe(2);
    for (const [index, price] of parlayLegs.entries()) {
      if (!price) throw new Error('no parlay leg');
      const leg = legs.nth(index);
      expect(await leg.getByTestId('bet-leg-selection').textContent()).toBe(
        legTexts(price).selection,
      );
      expect(await leg.getByTestId('bet-leg-match').textContent()).toBe(legTexts(price).match);
      expect(await leg.getByTestId('bet-leg-odds').textContent()).toBe(price.decimal.toFixed(2));
    }
    await checkScreen(page, 'bets-my-bets', {
      within: '[data-testid="bet-slip"]',
      shown: parlayRow,
    });

    // The single's market settles, its outcome winning: my bets and records say "Won".
    const placed = first?.prices.find((price) => price.outcomeId !== 'home');
    if (!placed) throw new Error('no placed price');
    const market = placed.event.markets.find((entry) => entry.playId === 3);
    if (!market) throw new Error('no 1X2 market');
    const settlement: FeedMessage = {
      type: 'bet_settlement',
      eventId: placed.event.fixture.eventId,
      sportId: placed.event.fixture.sportId,
      timestamp: Date.now(),
      seq: placed.event.seq + 1,
      result: { homeScore: 1, awayScore: 1, periodScores: [] },
      markets: [
        {
          playId: market.playId,
          specifiers: market.specifiers,
          outcomes: market.outcomes.map((outcome) =>
            outcome.id === placed.outcomeId
              ? { id: outcome.id, result: 1 as const, voidFactor: 0 as const }
              : { id: outcome.id, result: 0 as const, voidFactor: 0 as const },
          ),
        },
      ],
    };
    const recorder = createCatalogue(server.testApp.database.db).startRecording('manual:bets-e2e');
    recorder.record([settlement], { callerTime: Date.now(), feedTime: Date.now() });
    await recorder.flush();
    server.feed.push([settlement]);

    await byTestId(page, 'my-bets-settled').click();
    const singleRow = page.locator(`[data-testid="my-bet"][data-order-no="${singleOrderNo}"]`);
    await singleRow.waitFor({ timeout: 15_000 });
    const result = singleRow.getByTestId('bet-leg-result');
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toBe('Won');
    expect(await singleRow.getByTestId('bet-leg').getAttribute('data-result')).toBe('won');
    await checkScreen(page, 'bets-my-bets-settled', {
      within: '[data-testid="bet-slip"]',
      shown: singleRow,
    });
  }, 60_000);

  it('names the legs in the records table', async () => {
    await byTestId(page, 'nav-records').click();
    await byTestId(page, 'records-page').waitFor();
    const settledRow = page.locator(
      `[data-testid="records-row"][data-order-no="${singleOrderNo}"]`,
    );
    await settledRow.waitFor({ timeout: 15_000 });
    expect(await settledRow.getByTestId('bet-leg-result').textContent()).toBe('Won');
    await checkScreen(page, 'bets-records-settled', {
      within: '[data-testid="records-page"]',
      shown: settledRow,
    });

    await page.locator('[data-testid="records-tab"][data-tab="open"]').click();
    const parlayRow = page.locator(`[data-testid="records-row"][data-order-no="${parlayOrderNo}"]`);
    await parlayRow.waitFor();
    const [, second, third] = matches;
    const matchTexts = await parlayRow.getByTestId('bet-leg-match').allTextContents();
    expect(matchTexts).toEqual(
      [third?.prices[1], second?.prices[0]].map((price) =>
        price ? legTexts(price).match : 'missing',
      ),
    );
    await checkScreen(page, 'bets-records-open', {
      within: '[data-testid="records-page"]',
      shown: parlayRow,
    });
  }, 60_000);

  it('shows a parlay leg’s result as soon as its match is settled, the parlay still open', async () => {
    if (!server) throw new Error('server did not start');
    const finished = matches[2]?.prices[1];
    if (!finished) throw new Error('no parlay leg on the third match');
    const market = finished.event.markets.find((entry) => entry.playId === 3);
    if (!market) throw new Error('no 1X2 market');
    const settlement: FeedMessage = {
      type: 'bet_settlement',
      eventId: finished.event.fixture.eventId,
      sportId: finished.event.fixture.sportId,
      timestamp: Date.now(),
      seq: finished.event.seq + 1,
      result: { homeScore: 0, awayScore: 0, periodScores: [] },
      markets: [
        {
          playId: market.playId,
          specifiers: market.specifiers,
          outcomes: market.outcomes.map((outcome) => ({
            id: outcome.id,
            result: outcome.id === finished.outcomeId ? (1 as const) : (0 as const),
            voidFactor: 0 as const,
          })),
        },
      ],
    };
    const recorder = createCatalogue(server.testApp.database.db).startRecording(
      'manual:bets-e2e-parlay',
    );
    recorder.record([settlement], { callerTime: Date.now(), feedTime: Date.now() });
    await recorder.flush();
    server.feed.push([settlement]);

    await page.goto(server.url);
    await byTestId(page, 'my-bets-tab').click();
    await byTestId(page, 'my-bets-open').click();
    const parlayRow = page.locator(`[data-testid="my-bet"][data-order-no="${parlayOrderNo}"]`);
    await parlayRow.waitFor({ timeout: 15_000 });
    expect(await parlayRow.getAttribute('data-status')).toBe('1');
    const settledLeg = parlayRow.locator(`[data-testid="bet-leg"][data-oi="${finished.oi}"]`);
    await expect.poll(() => settledLeg.getAttribute('data-result')).toBe('won');
    expect(await settledLeg.getByTestId('bet-leg-result').textContent()).toBe('Won');
    // The other leg's match is still to play.
    const results = await parlayRow
      .getByTestId('bet-leg')
      .evaluateAll((legs) => legs.map((leg) => leg.getAttribute('data-result')));
    expect(results).toEqual(['won', '']);
    await checkScreen(page, 'bets-my-bets-parlay-leg-settled', {
      within: '[data-testid="bet-slip"]',
      shown: parlayRow,
    });
  }, 60_000);

  it('words the legs in the page’s language', async () => {
    if (!server) throw new Error('server did not start');
    await page.goto(server.url);
    await byTestId(page, 'lang-select').selectOption('zh');
    await byTestId(page, 'my-bets-tab').click();
    await byTestId(page, 'my-bets-settled').click();
    const singleRow = page.locator(`[data-testid="my-bet"][data-order-no="${singleOrderNo}"]`);
    await singleRow.waitFor({ timeout: 15_000 });
    expect(await singleRow.getByTestId('bet-leg-result').textContent()).toBe('赢');
    // The single was on the draw.
    expect(await singleRow.getByTestId('bet-leg-selection').textContent()).toBe('和局');
    await byTestId(page, 'my-bets-open').click();
    const parlayRow = page.locator(`[data-testid="my-bet"][data-order-no="${parlayOrderNo}"]`);
    await parlayRow.waitFor();
    expect(await parlayRow.textContent()).toContain('串关赔率');
    await checkScreen(page, 'bets-my-bets-zh', {
      within: '[data-testid="bet-slip"]',
      shown: parlayRow,
    });
    await byTestId(page, 'lang-select').selectOption('en');
  }, 60_000);

  it('keeps a visitor’s pick through registration too', async () => {
    // A market still open: the first match's 1X2 was settled above.
    const picked = matches[1]?.prices[1];
    if (!picked) throw new Error('no second price on the second match');
    if (!server) throw new Error('server did not start');
    await byTestId(page, 'logout').click();
    await byTestId(page, 'login-open').waitFor();
    // The board from its top, where the matches were picked.
    await page.goto(server.url);
    await priceButton(picked).click({ timeout: 30_000 });
    await byTestId(page, 'login-account').waitFor();
    await page.keyboard.press('Escape');
    await byTestId(page, 'register-open').click();
    await byTestId(page, 'register-account').fill(`${account.slice(0, 12)}r2`);
    await byTestId(page, 'register-password').fill(password);
    await byTestId(page, 'register-confirm').fill(password);
    await byTestId(page, 'register-submit').click();
    await byTestId(page, 'account-name').waitFor();
    const item = page.locator(`[data-testid="slip-item"][data-oi="${picked.oi}"]`);
    await item.waitFor();
    expect(await item.getByTestId('slip-selection').textContent()).toBe(legTexts(picked).selection);
  }, 60_000);
});
