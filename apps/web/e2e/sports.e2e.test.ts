import { formatOdds, type OddsStyle } from '@sb/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/database';
import { createCatalogue } from '../../server/src/modules/catalogue/catalogue.service';
import { startRecordedSimulator } from '../../server/src/modules/catalogue/recorded-simulator';
import { createManualFeed, liveEvents } from '../../server/test/realtime/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { createTestDatabase } from '../../server/test/test-database';
import { miniSlipBarSpacePx } from '../src/features/betslip/mini-slip-layout';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { worldClock } from './world-clock';

warnWithoutChromium('web match-list');

const account = `spt${Date.now().toString(36)}`.slice(0, 16);
const password = 'Secret123';

interface ShownOption {
  oi: string;
  text: string;
  decimal: number;
  playId: number;
  tone: string;
}

/** Every price on screen, read in one go so text and decimal belong to the same render. */
function shownOptions(page: Page): Promise<ShownOption[]> {
  return page.$$eval('[data-testid="odds-option"]', (buttons) =>
    buttons.map((button) => {
      const element = button as HTMLButtonElement;
      return {
        oi: element.dataset.oi ?? '',
        text: element.textContent ?? '',
        decimal: Number(element.dataset.decimal),
        playId: Number(element.dataset.play),
        tone: element.dataset.tone ?? '',
      };
    }),
  );
}

/**
 * Opens a board path and waits for its own list: a same-page tab switch keeps the previous tab's
 * rows on screen (busy) until the new list is read, so a row picked before then may not be there.
 */
async function openBoard(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect
    .poll(() => page.getByTestId('board-body').getAttribute('aria-busy'), { timeout: 20_000 })
    .toBe('false');
}

async function sportCount(page: Page, sportId: number): Promise<number> {
  const tab = page.locator(`[data-testid="sport-tab"][data-sport-id="${sportId}"]`);
  return Number(await tab.getByTestId('sport-count').textContent());
}

describe.skipIf(!hasChromium)('match lists in Chromium against the real server and feed', () => {
  let testApp: TestApp | undefined;
  let database: DatabaseHandle | undefined;
  let context: BrowserContext | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  /** Snapshots the game socket delivered to the page. */
  let snapshotFrames = 0;
  /** What the page sent on the game socket, by event name, in order. */
  const sentEvents: string[] = [];

  beforeAll(async () => {
    // At 60 times the wall clock the seeded world has live matches from the first second and
    // their prices move every few seconds. The feed is recorded in the catalogue as the real
    // server records it, so settlement finds the results it waits for.
    database = await createTestDatabase();
    // Live football whatever the hour: the world's calendar starts on a Saturday afternoon.
    const worldNowMs = worldClock();
    const feedProvider = await startRecordedSimulator({
      catalogue: createCatalogue(database.db),
      seed: 'web-sports-e2e',
      speed: 60,
      calendar: 2,
      now: worldNowMs,
    });
    testApp = await createTestApp({
      webDistDir,
      feedProvider,
      database,
      now: () => new Date(worldNowMs()),
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser('sb-web-sports');
    ({ context, page } = browser);
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/match/socket')) return;
      socket.on('framesent', ({ payload }) => {
        const event = /^42\["([^"]+)"/.exec(String(payload));
        if (event?.[1]) sentEvents.push(event[1]);
      });
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('42["snapshot"')) snapshotFrames++;
      });
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
    await database?.close();
  });

  it('shows sport tabs with counts and live rows with their scores', async () => {
    await page.goto(`${url}/#/index?tab=inPlay`);
    await expect.poll(() => sportCount(page, 1), { timeout: 20_000 }).toBeGreaterThan(0);
    const footballLive = await sportCount(page, 1);
    const rows = page.locator('[data-testid="match-row"][data-live="true"]');
    await rows.first().waitFor();
    // The list is windowed: far fewer rows are drawn than the tab counts once it is long.
    expect(await page.getByTestId('match-row').count()).toBeLessThanOrEqual(footballLive);
    const score = rows.first().getByTestId('score-total');
    expect(await score.textContent()).toMatch(/^\d+-\d+$/);
    const periods = rows.first().getByTestId('period-score');
    if ((await periods.count()) > 0) {
      const states = await periods.evaluateAll((items) =>
        items.map((item) => (item as HTMLElement).dataset.state),
      );
      expect(states.at(-1)).toBe('current');
      expect(states.slice(0, -1).every((state) => state === 'previous')).toBe(true);
    }
    expect(await page.getByTestId('league-group').count()).toBeGreaterThan(0);
    // Large variant: at most 5 markets per row.
    const lines = await rows.first().getByTestId('market-line').count();
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(5);
  });

  it('moves prices on screen as the feed changes them, through the game socket', async () => {
    // With the list call held back, every change on screen can only have come over the socket.
    await page.route('**/match/api/match/list', (route) => route.abort());
    const before = new Map((await shownOptions(page)).map((option) => [option.oi, option.decimal]));
    expect(before.size).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await shownOptions(page)).some((option) => {
            const old = before.get(option.oi);
            return old !== undefined && old !== option.decimal;
          }),
        { timeout: 25_000, interval: 250 },
      )
      .toBe(true);
    expect(snapshotFrames).toBeGreaterThan(0);
    await page.unroute('**/match/api/match/list');
  });

  it('joins its rooms again and asks for fresh snapshots after the connection drops', async () => {
    sentEvents.length = 0;
    const snapshotsBefore = snapshotFrames;
    await context?.setOffline(true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await context?.setOffline(false);
    await expect.poll(() => sentEvents, { timeout: 25_000 }).toContain('G');
    expect(sentEvents.slice(0, sentEvents.indexOf('G'))).toContain('join-room');
    await expect.poll(() => snapshotFrames).toBeGreaterThan(snapshotsBefore);
  });

  it('shows every price in the chosen odds style', async () => {
    // A suspended option shows no price: only priced ones are read.
    const priced = async () => (await shownOptions(page)).filter((option) => option.text !== '');
    for (const style of [1, 2, 3, 4, 0] as OddsStyle[]) {
      await page.getByTestId('odds-style').selectOption(String(style));
      // The list may still be settling after the previous test dropped the connection (one CI
      // run read no priced option here): wait until prices are on screen before reading them.
      await expect
        .poll(async () => (await priced()).length, { timeout: 20_000 })
        .toBeGreaterThan(3);
      const options = await priced();
      for (const option of options)
        expect(option.text).toBe(formatOdds(option.decimal, style, option.playId));
    }
    // Back from decimal, what is on screen turns American again. Read as a whole: a single
    // option may be suspended meanwhile (one CI run read one blank just after the switch).
    await page.getByTestId('odds-style').selectOption('4');
    await expect
      .poll(async () => {
        const shown = await priced();
        return shown.length > 3 && shown.every((option) => /^[+-]\d+$/.test(option.text));
      })
      .toBe(true);
    await page.getByTestId('odds-style').selectOption('0');
  });

  it('lets a member favour a match and drops it from the favourites view once removed', {
    timeout: 90_000,
  }, async () => {
    await page.getByTestId('register-open').click();
    await page.getByTestId('register-account').fill(account);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('account-name').waitFor();

    // The last match of the day, furthest from its start: at the feed's speed the next one to
    // start can go live and leave this list within the test (one CI run lost its row so), and the
    // list reorders as matches come and go, so the row is pinned by its id once read.
    await openBoard(page, `${url}/#/index?tab=today`);
    const matchId = await page
      .locator('[data-testid="match-row"][data-live="false"]')
      .last()
      .getAttribute('data-match-id');
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
    const star = row.locator('[data-testid="favourite-toggle"][data-kind="match"]');
    await star.click();
    await page.getByText('Added to favourites').waitFor();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    const view = page.getByTestId('favourites-view');
    await view.click();
    try {
      await row.waitFor();
      await star.click();
      await expect.poll(() => row.count()).toBe(0);
    } finally {
      // The view is the board's state, which a same-page navigation keeps: later tests need it off.
      if ((await view.getAttribute('aria-pressed')) === 'true') await view.click();
    }
  });

  it('marks a clicked option checked and clears it on a second click', async () => {
    // A member's slip (a visitor's click opens the login window instead: SPEC §4, tested with
    // the slip). Pre-match prices: live ones may be suspended (blank, not clickable) at any moment.
    await openBoard(page, `${url}/#/index?tab=today`);
    const option = page
      .locator(
        '[data-testid="match-row"][data-live="false"] [data-testid="odds-option"]:not([disabled])',
      )
      .first();
    await option.waitFor();
    const oi = await option.getAttribute('data-oi');
    const same = page.locator(`[data-testid="odds-option"][data-oi="${oi}"]`);
    await same.click();
    await expect.poll(() => same.getAttribute('data-tone')).toBe('checked');
    expect(await same.getAttribute('aria-pressed')).toBe('true');
    await same.click();
    await expect.poll(() => same.getAttribute('data-tone')).not.toBe('checked');
  });

  it('keeps the odds style with the member profile', async () => {
    const saved = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/member/profile/edit'),
    );
    await page.getByTestId('odds-style').selectOption('2');
    const answer = (await (await saved).json()) as { code: number; data: { hdpStyle: number } };
    expect(answer).toMatchObject({ code: 0, data: { hdpStyle: 2 } });
    await page.reload();
    await expect.poll(() => page.getByTestId('odds-style').inputValue()).toBe('2');
    await page.getByTestId('odds-style').selectOption('0');
  });

  it('shows three markets per row in mini mode and opens the detail on a click', async () => {
    await page.goto(`${url}/#/mini/index`);
    const row = page.getByTestId('match-row').first();
    await row.waitFor();
    await expect.poll(() => row.getByTestId('market-line').count()).toBeGreaterThan(0);
    const counts = await page
      .getByTestId('match-row')
      .evaluateAll((rows) =>
        rows.map((item) => item.querySelectorAll('[data-testid="market-line"]').length),
      );
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    expect(Math.max(...counts)).toBe(3);
    // Mini mode has its own list height, and members (memberId > 0) another one; the slip's bar
    // takes its space under the list.
    const [listHeight, windowHeight, memberId] = await page
      .getByTestId('match-list')
      .evaluate((list) => [
        list.getBoundingClientRect().height,
        window.innerHeight,
        Number(list.closest<HTMLElement>('[data-member-id]')?.dataset.memberId),
      ]);
    expect(listHeight).toBe(
      (windowHeight ?? 0) - ((memberId ?? 0) > 0 ? 176 : 150) - miniSlipBarSpacePx,
    );
    const box = await row.getByTestId('match-teams').boundingBox();
    if (!box) throw new Error('the row has no teams on screen');
    await page.mouse.click(box.x + 5, box.y + box.height / 2);
    await page.getByTestId('match-detail').waitFor();
    expect(await page.getByTestId('match-detail').getAttribute('data-match-id')).toBe(
      await row.getAttribute('data-match-id'),
    );
  });

  it('finds matches by team name', async () => {
    await page.goto(`${url}/#/index`);
    const teams = await page.getByTestId('match-teams').first().textContent();
    const home = (teams ?? '').split(' v ')[0] ?? '';
    expect(home.length).toBeGreaterThan(0);
    await page.getByTestId('match-search').fill(home);
    // Every sport is searched: the team's matches, and the outrights it runs in (titled after
    // their competition, the team among their runners).
    await expect
      .poll(async () => {
        const shown = await page
          .locator(
            '[data-testid="match-row"]:not([data-sport-id="1000"]) [data-testid="match-teams"]',
          )
          .allTextContents();
        return shown.length > 0 && shown.every((text) => text.includes(home));
      })
      .toBe(true);
    await page.getByTestId('match-search').fill('');
  });

  it('raises a sport tab count over the game socket when a match new to the book arrives', {
    timeout: 90_000,
  }, async () => {
    // A feed the test moves itself: nothing arrives, starts or ends unless the test says so,
    // so the count can only have risen for the match pushed below.
    const feed = createManualFeed('web-counts-e2e');
    const model = liveEvents(feed.simulator.snapshot()).find(
      (event) => event.fixture.sportId === 1,
    );
    if (!model) throw new Error('the seeded world has no live football at the start');
    const counted = await createTestApp({ webDistDir, feedProvider: feed.provider });
    const other = await context?.newPage();
    if (!other) throw new Error('no browser context');
    try {
      await counted.app.listen({ host: '127.0.0.1', port: 0 });
      const address = counted.app.server.address();
      if (!address || typeof address === 'string') throw new Error('test server has no port');
      let countFrames = 0;
      other.on('websocket', (socket) => {
        if (!socket.url().includes('/match/socket')) return;
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).startsWith('42["counts"')) countFrames++;
        });
      });
      await other.goto(`http://127.0.0.1:${address.port}/#/index`);
      await expect.poll(() => sportCount(other, 1), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => countFrames, { timeout: 20_000 }).toBeGreaterThan(0);
      const before = await sportCount(other, 1);

      // With the list call held back, only the socket can raise the count; the rise then asks
      // for the list again, so the new row can follow.
      let listReads = 0;
      await other.route('**/match/api/match/list', (route) => {
        listReads++;
        return route.abort();
      });
      const eventId = 990_000_001;
      feed.push([
        {
          type: 'fixture_change',
          changeType: 'new',
          eventId,
          sportId: 1,
          timestamp: feed.simulator.now(),
          seq: 1,
          fixture: {
            ...model.fixture,
            eventId,
            name: 'Arrival FC v Newcomers',
            startTime: Date.now() + 86_400_000,
          },
        },
      ]);
      await expect.poll(() => sportCount(other, 1), { timeout: 10_000 }).toBe(before + 1);
      await expect.poll(() => listReads, { timeout: 10_000 }).toBeGreaterThan(0);
      await other.unroute('**/match/api/match/list');
    } finally {
      await other.close();
      await counted.close();
    }
  });

  it('lists finished matches on the results tab', { timeout: 120_000 }, async () => {
    // The world's first results come as its quickest matches end (virtual sports, a minute or
    // so at this speed); on a busy machine that can be after the tests above are done.
    await page.goto(`${url}/#/index?tab=results`);
    const row = page.getByTestId('result-row').first();
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await page.reload();
          return false;
        },
        { timeout: 100_000, interval: 5_000 },
      )
      .toBe(true);
    expect(await row.locator('.result-row__score').textContent()).toMatch(/^\d+-\d+$/);
  });
});
