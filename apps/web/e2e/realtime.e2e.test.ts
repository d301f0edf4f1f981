import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoomName } from '@sb/contract';
import { formatDisplayAmount, requireCurrency } from '@sb/domain';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/database';
import { registerMember } from '../../server/test/identity/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { createTestDatabase } from '../../server/test/test-database';
import { cny, fund, usdt } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { createStillFeed } from './still-feed';

warnWithoutChromium('web real-time');

const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));
const btc = requireCurrency('BTC');
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

type HeldFeed = ReturnType<typeof createStillFeed>;

/**
 * The real server on a database of its own, which can stop and start again on the same port
 * with everything it stored (tokens, balances): a server process going away and coming back.
 */
async function createRestartableServer() {
  const startTime = Date.now();
  const database: DatabaseHandle = await createTestDatabase();
  let port = 0;
  let testApp: TestApp | undefined;
  let feed: HeldFeed | undefined;
  const start = async () => {
    feed = createStillFeed('realtime-e2e', startTime);
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir, database });
    await testApp.app.listen({ host: '127.0.0.1', port });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    port = address.port;
  };
  await start();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get testApp(): TestApp {
      if (!testApp) throw new Error('the server is stopped');
      return testApp;
    },
    get feed(): HeldFeed {
      if (!feed) throw new Error('the server is stopped');
      return feed;
    },
    start,
    async stop() {
      await testApp?.close();
      testApp = undefined;
      feed = undefined;
    },
    async close() {
      await testApp?.close();
      await database.close();
    },
  };
}

/** A Socket.IO event frame (`42["event", payload]`) as event and payload; null for others. */
function eventOf(frame: string | Buffer): { event: string; payload: unknown } | null {
  const text = String(frame);
  const match = /^42(\[.*\])$/s.exec(text);
  if (!match?.[1]) return null;
  const [event, payload] = JSON.parse(match[1]) as [string, unknown];
  return { event, payload };
}

/** What the pages' game sockets sent and heard, in order. */
function recordMatchSocketFrames(page: Page) {
  const sent: { event: string; payload: unknown }[] = [];
  const heard: { event: string; payload: unknown }[] = [];
  page.on('websocket', (socket: WebSocket) => {
    if (!socket.url().includes('/match/socket')) return;
    socket.on('framesent', ({ payload }) => {
      const frame = eventOf(payload);
      if (frame) sent.push(frame);
    });
    socket.on('framereceived', ({ payload }) => {
      const frame = eventOf(payload);
      if (frame) heard.push(frame);
    });
  });
  return { sent, heard };
}

/** Waits for what crosses the network (a reload, a reconnection): more than poll's second. */
const network = { timeout: 15_000 };

const roomsOf = (payload: unknown) => (payload as { rooms?: string[] }).rooms ?? [];
const roomOfAppend = (payload: unknown) => (payload as { room?: string }).room;

async function screenshots(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of Object.entries(sizes)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(screenshotDir, `realtime-${name}-${label}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

describe.skipIf(!hasChromium)('the sockets of the member site in Chromium', () => {
  let server: Awaited<ReturnType<typeof createRestartableServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let frames: ReturnType<typeof recordMatchSocketFrames>;

  beforeAll(async () => {
    server = await createRestartableServer();
    // Motion allowed: the header's balance counts to a new amount (SPEC §9).
    browser = await launchBrowser('sb-web-realtime', { reducedMotion: 'no-preference' });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize(sizes.desktop);
    frames = recordMatchSocketFrames(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A pre-match row of the list with an open price, by match id. */
  async function preMatchRow(): Promise<{ matchId: number; sportId: number }> {
    const row = page
      .locator('[data-testid="match-row"][data-live="false"]')
      .filter({ has: page.locator('[data-testid="odds-option"]:not([disabled])') })
      .first();
    await row.waitFor({ timeout: 30_000 });
    return {
      matchId: Number(await row.getAttribute('data-match-id')),
      sportId: Number(await row.getAttribute('data-sport-id')),
    };
  }

  it('joins the rooms it followed again after a reload, the detail beside the list included', async () => {
    if (!server) throw new Error('no server');
    await page.goto(server.url);
    const { matchId, sportId } = await preMatchRow();
    const room = matchRoomName(sportId, matchId);
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);

    // The detail beside the list is appended to the list's rooms, followed in match view.
    await row.getByTestId('match-detail-open').click();
    await page.locator(`[data-testid="match-detail"][data-match-id="${matchId}"]`).waitFor();
    await expect
      .poll(
        () =>
          frames.sent.some(
            (frame) =>
              frame.event === 'append-join-room' &&
              roomOfAppend(frame.payload) === room &&
              (frame.payload as { view?: string }).view === 'match',
          ),
        network,
      )
      .toBe(true);
    // Scrolled out of the list, the match stays followed for its detail.
    await page.getByTestId('match-list').evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    // The list follows what it draws a moment after the scroll: read until it has let go.
    const storedRooms = () =>
      page.evaluate(
        () =>
          JSON.parse(sessionStorage.getItem('matchRooms') ?? 'null') as {
            list: string[];
            detail: string | null;
          } | null,
      );
    await expect
      .poll(async () => {
        const stored = await storedRooms();
        return stored !== null && stored.detail === room && !stored.list.includes(room);
      }, network)
      .toBe(true);
    const stored = await storedRooms();
    if (!stored) throw new Error('no rooms stored');

    // After a reload the socket joins them all again before the list has drawn a row: the
    // list's read is held until the server has answered the room with its snapshot.
    let releaseList: () => void = () => {};
    const listHeld = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    await page.route('**/match/api/match/list', async (route) => {
      await listHeld;
      await route.continue();
    });
    onTestFinished(async () => {
      releaseList();
      await page.unroute('**/match/api/match/list');
    });
    const sentBefore = frames.sent.length;
    const heardBefore = frames.heard.length;
    await page.reload();
    await expect
      .poll(
        () =>
          frames.heard
            .slice(heardBefore)
            .some(
              (frame) =>
                frame.event === 'snapshot' && (frame.payload as { room: string }).room === room,
            ),
        network,
      )
      .toBe(true);
    const joinsAfterReload = frames.sent.slice(sentBefore).filter((f) => f.event === 'join-room');
    expect(roomsOf(joinsAfterReload[0]?.payload)).toEqual(
      expect.arrayContaining([...stored.list, room]),
    );
    expect(await page.getByTestId('match-row').count()).toBe(0);
    releaseList();
    await page.getByTestId('match-row').first().waitFor();

    // Once the list shows its rows, its own join replaces the set with the rooms on screen:
    // the detail is not open any more.
    const drawnRooms = async () =>
      (
        await page
          .getByTestId('match-row')
          .evaluateAll((rows) =>
            rows.map((item) => `A-${item.dataset.sportId}-${item.dataset.matchId}`),
          )
      ).sort();
    await expect
      .poll(async () => {
        const joins = frames.sent.slice(sentBefore).filter((f) => f.event === 'join-room');
        if (joins.length < 2) return 'not joined yet';
        return [...roomsOf(joins.at(-1)?.payload)].sort().join() === (await drawnRooms()).join();
      }, network)
      .toBe(true);
  }, 120_000);

  it('says network error. while the game socket is down and recovers when the server is back', async () => {
    if (!server) throw new Error('no server');
    await page.goto(server.url);
    const { matchId } = await preMatchRow();
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
    const option = row.locator('[data-testid="odds-option"]:not([disabled])').first();
    const oi = await option.getAttribute('data-oi');
    const priceBefore = await option.getAttribute('data-decimal');
    expect(await page.getByTestId('network-error').count()).toBe(0);

    await server.stop();
    const notice = page.getByTestId('network-error');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toBe('network error.');
    expect(await notice.isVisible()).toBe(true);
    // It stays while the server is away: every reconnection attempt fails.
    await page.waitForTimeout(3_000);
    expect(await notice.isVisible()).toBe(true);
    await screenshots(page, 'network-error');

    const sentBefore = frames.sent.length;
    await server.start();
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(0);
    // The page resyncs as after any reconnection: join, then G.
    await expect
      .poll(() => frames.sent.slice(sentBefore).map((frame) => frame.event), network)
      .toEqual(expect.arrayContaining(['join-room', 'G']));
    const events = frames.sent.slice(sentBefore).map((frame) => frame.event);
    expect(events.indexOf('join-room')).toBeLessThan(events.indexOf('G'));

    // The odds move again: a price change of the feed reaches the row.
    const event = server.feed.simulator
      .snapshot()
      .events.find((e) => e.fixture.eventId === matchId);
    if (!event || !oi) throw new Error(`match ${matchId} is not in the world`);
    const markets = event.markets
      .filter((market) => market.status === 'active')
      .map((market) => ({
        ...market,
        outcomes: market.outcomes.map((outcome) =>
          outcome.active && outcome.odds > 0 ? { ...outcome, odds: outcome.odds + 2_500 } : outcome,
        ),
      }));
    server.feed.push([
      {
        type: 'odds_change',
        eventId: matchId,
        sportId: event.fixture.sportId,
        timestamp: Date.now(),
        seq: event.seq + 1,
        status: event.status,
        markets,
      },
    ]);
    const moved = page.locator(`[data-testid="odds-option"][data-oi="${oi}"]`).first();
    await expect
      .poll(() => moved.getAttribute('data-decimal'), { timeout: 15_000 })
      .not.toBe(priceBefore);
  }, 120_000);

  it('counts the header balance to a new amount and shows currency icons in the center wallet', async () => {
    if (!server) throw new Error('no server');
    const { testApp } = server;
    const { account, password, session } = await registerMember(testApp);
    await fund(testApp, session.memberId, cny.currencyId, 100_000);
    await fund(testApp, session.memberId, usdt.currencyId, 25_500_000);
    await fund(testApp, session.memberId, btc.currencyId, 1_250_000);

    await page.goto(server.url);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent(), network).toBe('1,000.00');
    // The header's own icon, not those of the play-currency menu beside it.
    const headerIcon = page.getByTestId('play-currency-switch').getByTestId('currency-icon');
    expect(await headerIcon.getAttribute('data-code')).toBe('CNY');
    expect(await headerIcon.getAttribute('data-default')).toBe('false');

    // 500.00 more, read again: the amount counts up for 2 s through values in between.
    await fund(testApp, session.memberId, cny.currencyId, 50_000);
    const seen = new Set<string>();
    await page.getByTestId('balance-refresh').click();
    const startedAt = Date.now();
    while (Date.now() - startedAt < 3_000) {
      seen.add((await balance.textContent()) ?? '');
      await page.waitForTimeout(50);
    }
    const final = formatDisplayAmount(150_000, 2);
    expect(await balance.textContent()).toBe(final);
    const between = [...seen].filter((text) => text !== '1,000.00' && text !== final);
    expect(between.length).toBeGreaterThan(2);
    for (const text of between) {
      const value = Number(text.replaceAll(',', ''));
      expect(value).toBeGreaterThan(1_000);
      expect(value).toBeLessThan(1_500);
    }

    await page.getByTestId('wallet-open').click();
    await page.locator('[data-testid="wallet-tab"][data-index="5"]').click();
    await page.getByTestId('center-wallet-item').first().waitFor();
    const icons = page.locator('[data-testid="center-wallet-item"] [data-testid="currency-icon"]');
    const byCode = Object.fromEntries(
      await icons.evaluateAll((items) =>
        items.map((item) => [item.getAttribute('data-code'), item.getAttribute('data-default')]),
      ),
    );
    expect(byCode).toMatchObject({ CNY: 'false', USDT: 'false', BTC: 'false' });
    // Every icon is a file the server serves, drawn at its size.
    const drawn = await icons
      .locator('img')
      .evaluateAll((images) =>
        images.map(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      );
    expect(drawn.every(Boolean)).toBe(true);
    expect(await page.getByTestId('center-wallet-amount').first().textContent()).toBe(final);
    await screenshots(page, 'center-wallet');

    // The deposit's address ways are coins on a network: the coin's icon with the network's badge.
    await page.locator('[data-testid="wallet-tab"][data-index="0"]').click();
    await page.locator('[data-testid="deposit-type"][data-merchant-code="5"]').click();
    const ways = page.locator('[data-testid="deposit-way"] [data-testid="currency-icon"]');
    await ways.first().waitFor();
    const wayIcons = await ways.evaluateAll((items) =>
      items.map((item) => [item.getAttribute('data-code'), item.querySelectorAll('img').length]),
    );
    expect(wayIcons).toEqual(
      expect.arrayContaining([
        ['USDT-TRC20', 2],
        ['USDT-ERC20', 2],
      ]),
    );
    await screenshots(page, 'deposit-ways');
  }, 120_000);
});
