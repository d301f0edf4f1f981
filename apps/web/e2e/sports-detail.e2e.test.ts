import type { EventSnapshot } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../server/test/identity/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { formatDisplayTime } from '../src/lib/display-time';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, layoutFaults, viewports } from './screens';
import {
  boardSettled,
  instantWithSecondHalfBasketball,
  isSecondHalfBasketball,
  openDetailFrom,
  rowOf,
  saysOf,
  searchRow,
  unreadableCells,
} from './sports-screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('web sports detail');

const seed = 'sports-detail-e2e';

describe.skipIf(!hasChromium)('the board and the match detail, as members reported them', () => {
  const instant = instantWithSecondHalfBasketball(seed);
  const feed = createStillFeed(seed, instant);
  const events = feed.simulator.snapshot().events;
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';

  const find = (what: string, predicate: (event: EventSnapshot) => boolean) => {
    const found = events.filter(predicate).sort((a, b) => a.fixture.eventId - b.fixture.eventId)[0];
    if (!found) throw new Error(`the still world has no ${what}`);
    return found;
  };
  const preMatch = (sportId: number, playId: number) => (event: EventSnapshot) =>
    event.fixture.sportId === sportId &&
    event.status.status === 'not_started' &&
    event.markets.some((market) => market.playId === playId && market.status === 'active');

  /** Opens the board afresh, so nothing the last test left open is carried over. */
  async function open(path: string): Promise<void> {
    await page.goto('about:blank');
    await page.goto(`${url}/${path}`);
    await boardSettled(page);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser('sb-web-sports-detail');
    page = browser.page;
    // Search answers signed-in members.
    const { account, password } = await registerMember(testApp);
    await page.goto(url);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-name').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it("shows a basketball winning margin's bands whole on the board, phone and desktop", async () => {
    const match = find('basketball in its second half', isSecondHalfBasketball);
    await open('#/index?tab=inPlay');
    await page.locator('[data-testid="sport-tab"][data-sport-id="2"]').click();
    await boardSettled(page);
    const row = await rowOf(page, match.fixture.eventId);
    const margin = row.locator('[data-testid="market-line"][data-play="10"]');
    await page.setViewportSize(viewports.phone);
    await margin.scrollIntoViewIfNeeded();
    expect(await margin.locator('.odds-cell').count()).toBeGreaterThan(6);
    expect(await unreadableCells(margin), 'phone').toEqual([]);
    await checkScreen(page, 'sports-margin-board', { shown: margin, narrowest: true });
    // Beside an open detail the list is narrowest on a desktop.
    await page.setViewportSize(viewports.desktop);
    await openDetailFrom(row, page, match.fixture.eventId);
    expect(await unreadableCells(margin), 'desktop beside the detail').toEqual([]);
    const detailMargin = page.locator('[data-testid="detail-market"][data-play="10"]');
    for (const width of [360, 390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await detailMargin.scrollIntoViewIfNeeded();
      expect(await unreadableCells(detailMargin), `detail at ${width}px`).toEqual([]);
    }
  });

  it('keeps whole team names on the desktop board beside an open detail', async () => {
    const match = find('football match', preMatch(1, 3));
    await open('#/index?tab=today');
    const row = await rowOf(page, match.fixture.eventId);
    await openDetailFrom(row, page, match.fixture.eventId);
    for (const width of [1100, viewports.desktop.width]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      // The teams are one element whose names may not be cut short (an ellipsis is a cut).
      const cut = await page
        .getByTestId('match-teams')
        .evaluateAll((teams) =>
          teams
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map((element) => element.textContent),
        );
      expect(cut, `${width}px`).toEqual([]);
      expect((await layoutFaults(page, '[data-testid="match-list"]')).cut, `${width}px`).toEqual(
        [],
      );
    }
    await checkScreen(page, 'sports-detail-beside-list', { within: '[data-testid="match-list"]' });
  });

  it('lists handicap lines by number, drops ruled-out set scores, and outright runners by price', async () => {
    const football = find('football match with handicap lines', preMatch(1, 16));
    await open('#/index');
    let detail = await openDetailFrom(
      await searchRow(page, football),
      page,
      football.fixture.eventId,
    );
    const lineValues = await detail
      .locator('[data-testid="detail-market"][data-play="16"] .odds-cell__label')
      .evaluateAll((labels) =>
        labels
          .filter((_, index) => index % 2 === 0)
          .map((label) => Number(label.textContent?.split(' ')[1])),
      );
    expect(lineValues.length).toBeGreaterThan(1);
    expect(lineValues).toEqual([...lineValues].sort((a, b) => a - b));

    // Set two of a best-of-three with the away side a set up: 2-0 can no longer happen.
    const tennis = find('tennis match with set betting', preMatch(3, 8));
    saysOf(
      feed,
      tennis,
    )({
      status: 'live',
      period: 2,
      periodCode: 3,
      description: '2nd set',
      homeScore: 0,
      awayScore: 1,
      periodScores: [
        { home: 3, away: 6 },
        { home: 1, away: 1 },
      ],
    });
    await open('#/index');
    detail = await openDetailFrom(await searchRow(page, tennis), page, tennis.fixture.eventId);
    const setBetting = detail.locator('[data-testid="detail-market"][data-play="8"]');
    await expect
      .poll(() => setBetting.locator('.odds-cell__label').allTextContents())
      .toEqual(['2-1', '1-2', '0-2']);
    expect(await setBetting.getByTestId('price-lock').count()).toBe(0);
    await checkScreen(page, 'sports-set-betting', {
      shown: setBetting,
      within: '[data-testid="match-detail"]',
    });

    const outright = find('outright', preMatch(1000, 21000));
    await open('#/index');
    await page.locator('[data-testid="sport-tab"][data-sport-id="1000"]').click();
    detail = await openDetailFrom(await searchRow(page, outright), page, outright.fixture.eventId);
    const prices = await detail
      .locator('[data-testid="detail-market"][data-play="21000"] [data-testid="odds-option"]')
      .evaluateAll((buttons) =>
        buttons.map((button) => Number(button.getAttribute('data-decimal'))),
      );
    expect(prices.length).toBeGreaterThan(5);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('shows a pre-match kick-off in the display zone in every language, and a race as a race', async () => {
    const match = find('football match', preMatch(1, 3));
    const shown = formatDisplayTime(match.fixture.startTime);
    for (const [language, text] of [
      ['en', `Kick-off ${shown}`],
      ['zh', `开赛时间 ${shown}`],
      ['zht', `開賽時間 ${shown}`],
    ] as const) {
      await open('#/index');
      await page.getByTestId('lang-select').selectOption(language);
      const detail = await openDetailFrom(
        await searchRow(page, match),
        page,
        match.fixture.eventId,
      );
      await expect.poll(() => detail.getByTestId('match-start').textContent()).toBe(text);
      if (language === 'zh')
        await checkScreen(page, 'sports-kick-off-zh', { within: '[data-testid="match-detail"]' });
    }
    await page.getByTestId('lang-select').selectOption('en');

    const race = find('virtual race before the off', preMatch(10000005, 3));
    saysOf(feed, race)({ status: 'live', period: 1, periodCode: 1, description: 'Running' });
    await open('#/index');
    await page.locator('[data-testid="sport-tab"][data-sport-id="10000005"]').click();
    await boardSettled(page);
    const row = await rowOf(page, race.fixture.eventId);
    await expect.poll(() => row.getByTestId('race-under-way').textContent()).toBe('Race under way');
    expect(await row.getByTestId('live-score').count()).toBe(0);
    const detail = await openDetailFrom(row, page, race.fixture.eventId);
    expect(await detail.getByTestId('race-under-way').textContent()).toBe('Race under way');
    // Betting closed at the off, but the field stays in sight, every runner behind a padlock.
    const runners = detail.locator('[data-testid="detail-market"][data-play="3"] .odds-cell');
    const field = race.markets.find((market) => market.playId === 3)?.outcomes.length ?? 0;
    await expect.poll(() => runners.count()).toBe(field);
    expect(await detail.getByTestId('match-detail-head').textContent()).not.toMatch(/Set|0-0/);
    await checkScreen(page, 'sports-race-detail', { within: '[data-testid="match-detail"]' });
  });

  it('on a phone: Back closes the detail, its head stays on top, the odds picker sits beside the search', async () => {
    const match = find('football match', preMatch(1, 3));
    await page.setViewportSize(viewports.phone);
    await open('#/index');
    const tools = await page
      .locator('.sports-board__tools > *')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tools).size, 'the search, favourites and odds on one row').toBe(1);
    const detail = await openDetailFrom(await searchRow(page, match), page, match.fixture.eventId);
    const head = detail.getByTestId('match-detail-head');
    await detail.locator('[data-testid="detail-market"]').last().scrollIntoViewIfNeeded();
    const headTop = await head.evaluate((element) => element.getBoundingClientRect().top);
    expect(headTop).toBeGreaterThanOrEqual(0);
    expect(headTop).toBeLessThan(5);
    expect(await head.getByRole('heading').isVisible()).toBe(true);
    await page.goBack();
    await page.getByTestId('match-detail').waitFor({ state: 'detached' });
    expect(page.url()).toContain('#/index');
    await page.getByTestId('match-list').waitFor();
  });
});
