import { encodeOptionId } from '@sb/domain';
import type { EventSnapshot, FeedMessage, Market } from '@sb/feed-sim';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../server/test/identity/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, narrowPhone, screenshotDir, viewports } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('web markets');

const sportIds = {
  football: 1,
  basketball: 2,
  tennis: 3,
  outrights: 1000,
  virtualRacing: 10000005,
} as const;

/** A bet stop on the event (every market suspended), then the odds change that lifts it. */
function betStopAndLift(event: EventSnapshot): [FeedMessage, FeedMessage] {
  const { fixture, status, markets, seq } = event;
  const common = { eventId: fixture.eventId, sportId: fixture.sportId, timestamp: Date.now() };
  return [
    { ...common, type: 'bet_stop', seq: seq + 1, reason: 'dangerous_attack', status },
    { ...common, type: 'odds_change', seq: seq + 2, status, markets },
  ];
}

/** Whether the event is a not-started one of the sport with every one of `playIds` active. */
function offers(event: EventSnapshot, sportId: number, playIds: number[]): boolean {
  return (
    event.fixture.sportId === sportId &&
    event.status.status === 'not_started' &&
    playIds.every((playId) =>
      event.markets.some((market) => market.playId === playId && market.status === 'active'),
    )
  );
}

/** A not-started event of the sport whose markets include every one of `playIds`, active. */
function eventWith(events: EventSnapshot[], sportId: number, playIds: number[]): EventSnapshot {
  const found = events.find((event) => offers(event, sportId, playIds));
  if (!found) throw new Error(`no open event of sport ${sportId} with plays ${playIds}`);
  return found;
}

/** Such an event where every market and every outcome is open, so no price shows a padlock. */
function openEvent(events: EventSnapshot[], sportId: number, playIds: number[]): EventSnapshot {
  const found = events.find(
    (event) =>
      offers(event, sportId, playIds) &&
      event.markets.every(
        (market) =>
          market.status === 'active' && market.outcomes.every((outcome) => outcome.active),
      ),
  );
  if (!found) throw new Error(`no event of sport ${sportId} open in every market`);
  return found;
}

/** The outcome names a play's options show in the detail, in order. */
function labelsOf(detail: Locator, playId: number): Promise<string[]> {
  return detail
    .locator(`[data-testid="detail-market"][data-play="${playId}"] .odds-cell__label`)
    .allTextContents();
}

function marketNames(detail: Locator): Promise<string[]> {
  return detail.getByTestId('detail-market-name').allTextContents();
}

describe.skipIf(!hasChromium)('match detail markets in Chromium', () => {
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  const feed = createStillFeed('markets-e2e');
  const events = feed.simulator.snapshot().events;

  /** Opens a match's detail from the board by its id, found through the search box. */
  async function openDetail(event: EventSnapshot): Promise<Locator> {
    const { fixture } = event;
    await page.goto(`${url}/#/index`);
    await page.locator(`[data-testid="sport-tab"][data-sport-id="${fixture.sportId}"]`).click();
    const keyword =
      fixture.kind === 'match' ? (fixture.competitors[0]?.name ?? fixture.name) : fixture.name;
    await page.getByTestId('match-search').fill(keyword);
    const row = page.locator(`[data-testid="match-row"][data-match-id="${fixture.eventId}"]`);
    // Search spans every sport: a player's outrights may come first and push the match's row
    // out of the windowed list's drawn rows, so the list is scrolled until it is drawn.
    const list = page.getByTestId('match-list');
    await expect
      .poll(() => page.getByTestId('board-body').getAttribute('aria-busy'), { timeout: 20_000 })
      .toBe('false');
    for (let step = 0; step < 40 && (await row.count()) === 0; step++) {
      await list.evaluate((element) => element.scrollBy(0, 400));
      await page.waitForTimeout(100);
    }
    await row.getByTestId('match-detail-open').click();
    const detail = page.getByTestId('match-detail');
    await expect.poll(() => detail.getAttribute('data-match-id')).toBe(String(fixture.eventId));
    // Every market of the match, not only the lines the board listed before its detail arrived.
    await expect.poll(() => detail.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
    await detail.getByTestId('detail-market').first().waitFor();
    return detail;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser('sb-web-markets');
    page = browser.page;
    // Search answers signed-in members: sign one in.
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

  it('groups a football match under a sticky bar and names every outcome as people say it', async () => {
    const event = eventWith(events, sportIds.football, [1, 2, 3, 8, 9, 10]);
    const detail = await openDetail(event);
    const bar = detail.getByTestId('market-group-bar');
    const chips = await bar
      .getByTestId('market-group-chip')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-group')));
    expect(chips).toEqual(
      expect.arrayContaining(['all', 'main', 'handicap', 'totals', 'specials']),
    );

    const scores = await labelsOf(detail, 8);
    expect(scores.length).toBeGreaterThan(10);
    for (const score of scores.filter((label) => label !== 'Any other score'))
      expect(score).toMatch(/^\d+-\d+$/);
    const margins = await labelsOf(detail, 10);
    expect(margins).toEqual(
      expect.arrayContaining(['Home by 1', 'Home by 2', 'Home by 3+', 'Draw']),
    );
    for (const margin of margins) expect(margin).not.toMatch(/_/);
    for (const count of await labelsOf(detail, 9)) expect(count).toMatch(/^\d+\+?$/);
    for (const line of await labelsOf(detail, 1)) expect(line).toMatch(/^(Home|Away) [+-]?\d/);
    for (const line of await labelsOf(detail, 2)) expect(line).toMatch(/^(Over|Under) \d/);
    expect(await marketNames(detail)).toEqual(
      expect.arrayContaining(['Full Time Result', 'Asian Handicap', 'Correct Score']),
    );

    // A chip shows its group alone; "all" brings every group back.
    await bar.locator('[data-group="totals"]').click();
    const groups = () =>
      detail
        .getByTestId('market-group')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-group')));
    await expect.poll(groups).toEqual(['totals']);
    await bar.locator('[data-group="all"]').click();
    await expect.poll(async () => (await groups()).length).toBeGreaterThan(2);

    // A group folds away and opens again.
    const specials = detail.locator('[data-testid="market-group"][data-group="specials"]');
    const toggle = specials.getByTestId('market-group-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await specials.getByTestId('detail-market').count()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await specials.locator('[data-testid="detail-market"][data-play="8"]').count()).toBe(1);

    // The bar stays on screen while the last market is scrolled into view.
    await detail.getByTestId('detail-market').last().scrollIntoViewIfNeeded();
    const [barTop, barBottom, windowHeight] = await bar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return [box.top, box.bottom, window.innerHeight];
    });
    expect(barTop).toBeGreaterThanOrEqual(0);
    expect(barBottom).toBeLessThanOrEqual(windowHeight ?? 0);
    await checkScreen(page, 'markets-football', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('lines up the winning-margin bands by side in columns at every width, nothing cut', async () => {
    const event = eventWith(events, sportIds.football, [10]);
    const detail = await openDetail(event);
    const cells = detail.locator('[data-testid="detail-market"][data-play="10"] .odds-cell');
    for (const width of [narrowPhone.width, 390, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await cells.first().scrollIntoViewIfNeeded();
      const boxes = await cells.evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          const label = item.querySelector('.odds-cell__label');
          const market = item.closest('[data-testid="detail-market"]')?.getBoundingClientRect();
          return {
            label: label?.textContent ?? '',
            left: box.left,
            right: box.right,
            top: box.top,
            isInside: market !== undefined && box.left >= market.left && box.right <= market.right,
            isLabelWhole: label !== null && label.scrollWidth <= label.clientWidth + 1,
          };
        }),
      );
      const side = (name: string) => boxes.filter((box) => box.label.startsWith(`${name} by`));
      const [home, away] = [side('Home'), side('Away')];
      expect(home.length, `${width}px`).toBeGreaterThan(1);
      expect(away.length, `${width}px`).toBe(home.length);
      // The home bands share their left edge, the away bands theirs to the right of them, and a
      // band of one side sits on the row of the same band of the other.
      expect(new Set(home.map((box) => Math.round(box.left))).size, `${width}px`).toBe(1);
      expect(new Set(away.map((box) => Math.round(box.left))).size, `${width}px`).toBe(1);
      expect(away[0]?.left ?? 0).toBeGreaterThan(home[0]?.right ?? 0);
      for (const [index, box] of home.entries())
        expect(Math.abs(box.top - (away[index]?.top ?? 0)), `${width}px row ${index}`).toBeLessThan(
          1,
        );
      for (const box of boxes) {
        expect(box.isInside, `${box.label} at ${width}px`).toBe(true);
        expect(box.isLabelWhole, `${box.label} at ${width}px`).toBe(true);
      }
    }
    await checkScreen(page, 'markets-margin-bands', {
      within: '[data-testid="match-detail"]',
      shown: detail.locator('[data-testid="detail-market"][data-play="10"]'),
      narrowest: true,
    });
  });

  it('shows that the chip bar scrolls at the narrowest width and brings its last chip into view', async () => {
    const event = eventWith(events, sportIds.football, [1, 2, 3, 8, 9, 10]);
    const detail = await openDetail(event);
    await page.setViewportSize(narrowPhone);
    const row = detail.getByTestId('market-group-chips');
    const [scrollWidth, clientWidth, mask] = await row.evaluate((element) => [
      element.scrollWidth,
      element.clientWidth,
      getComputedStyle(element).maskImage,
    ]);
    // More chips than fit, and the row fades out at the edge with more behind it.
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(mask).toMatch(/gradient/);
    await checkScreen(page, 'markets-chip-bar', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
    await page.setViewportSize(narrowPhone);
    await row.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const last = row.getByTestId('market-group-chip').last();
    await expect
      .poll(() =>
        last.evaluate((chip) => {
          const box = chip.getBoundingClientRect();
          const bar = chip.parentElement?.getBoundingClientRect();
          return bar !== undefined && box.left >= bar.left && box.right <= bar.right;
        }),
      )
      .toBe(true);
    // At the end the fade there is gone, so the last chip shows whole.
    await expect
      .poll(() =>
        row.evaluate((element) =>
          getComputedStyle(element).getPropertyValue('--scroll-fade-end').trim(),
        ),
      )
      .toBe('0px');
    await page.screenshot({ path: `${screenshotDir}/markets-chip-bar-scrolled-narrow.png` });
    await last.click();
    expect(await last.getAttribute('aria-pressed')).toBe('true');
    await page.setViewportSize(viewports.desktop);
    // Another match's detail starts on every group again.
    const other = events.find(
      (candidate) => candidate !== event && offers(candidate, sportIds.football, [1, 3]),
    );
    if (!other) throw new Error('no second football match');
    const otherDetail = await openDetail(other);
    const all = otherDetail.locator('[data-testid="market-group-chip"][data-group="all"]');
    expect(await all.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a padlock named "Suspended" for a suspended price, and the price once lifted', async () => {
    const event = openEvent(events, sportIds.football, [1, 3]);
    const detail = await openDetail(event);
    const [stop, lift] = betStopAndLift(event);
    const locks = detail.getByTestId('price-lock');
    expect(await locks.count()).toBe(0);
    feed.push([stop]);
    await expect.poll(() => locks.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await locks.first().getAttribute('aria-label')).toBe('Suspended');
    const price = detail.locator(
      '[data-testid="detail-market"][data-play="3"] [data-testid="odds-option"]',
    );
    expect(await price.first().getAttribute('data-locked')).toBe('true');
    expect(await price.first().getAttribute('aria-label')).toMatch(/^Home Suspended$/);
    await checkScreen(page, 'markets-suspended', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
    // The board's row beside the detail (desktop) shows the padlocks too.
    const rowLocks = page.locator(
      `[data-testid="match-row"][data-match-id="${event.fixture.eventId}"] [data-testid="price-lock"]`,
    );
    expect(await rowLocks.count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${screenshotDir}/markets-suspended-board-desktop.png` });
    feed.push([lift]);
    await expect.poll(() => locks.count(), { timeout: 10_000 }).toBe(0);
    expect(await price.first().textContent()).toMatch(/^\d+\.\d\d$/);
  });

  it('shows a padlock, never a price, on outcomes the score has decided, whatever the feed says', async () => {
    // Another match than the padlock test's: the feed here turns it live with the goals past
    // its total line, and keeps the line open at its pre-match prices, as a faulty feed might.
    const stopped = openEvent(events, sportIds.football, [1, 3]);
    const event = events.find(
      (candidate) =>
        candidate !== stopped &&
        offers(candidate, sportIds.football, [3, 18]) &&
        candidate.markets.every((market) => market.status === 'active'),
    );
    if (!event) throw new Error('no second open football match with totals');
    const detail = await openDetail(event);
    const market = event.markets.find((entry) => entry.playId === 18);
    if (!market) throw new Error('no total goals market');
    const line = Number(/total=([\d.]+)/.exec(market.specifiers)?.[1]);
    const goals = Math.floor(line) + 1;
    const status = {
      ...event.status,
      status: 'live' as const,
      period: 2,
      periodCode: 3,
      inBreak: false,
      description: '2nd half',
      homeScore: goals,
      awayScore: 0,
      periodScores: [
        { home: goals, away: 0 },
        { home: 0, away: 0 },
      ],
      clock: { elapsed: 70 * 60, running: false },
    };
    const { eventId, sportId } = event.fixture;
    feed.push([
      {
        type: 'odds_change',
        eventId,
        sportId,
        timestamp: Date.now(),
        seq: event.seq + 1,
        status,
        markets: [market],
      },
    ]);
    const option = (outcomeId: string) =>
      detail.locator(
        `[data-oi="${encodeOptionId({ eventId, playId: 18, specifiers: market.specifiers, outcomeId })}"]`,
      );
    for (const outcomeId of ['over', 'under']) {
      await expect.poll(() => option(outcomeId).getAttribute('data-locked')).toBe('true');
      await option(outcomeId).getByTestId('price-lock').waitFor();
      expect(await option(outcomeId).textContent()).toBe('');
    }
    // The result is still open: the home side's 1X2 price shows.
    const home = detail.locator(
      '[data-testid="detail-market"][data-play="3"] [data-testid="odds-option"]',
    );
    expect(await home.first().getAttribute('data-locked')).toBe('false');
    expect(await home.first().textContent()).toMatch(/^\d+\.\d\d$/);
    await checkScreen(page, 'markets-decided', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('names tennis markets as tennis: match winner, set betting, game handicap, next game, never 1X2', async () => {
    const event = eventWith(events, sportIds.tennis, [3, 16, 2, 8, 1]);
    // The next game is offered in play only: the match goes live with its first game priced.
    const { fixture, status, seq } = event;
    const nextGame: Market = {
      playId: 46,
      specifiers: 'setnr=1|gamenr=1',
      name: 'Next game winner',
      status: 'active',
      outcomes: [
        { id: 'home', name: 'Home', odds: 14_500, probability: 0.66, active: true },
        { id: 'away', name: 'Away', odds: 26_000, probability: 0.34, active: true },
      ],
    };
    feed.push([
      {
        type: 'odds_change',
        eventId: fixture.eventId,
        sportId: fixture.sportId,
        timestamp: Date.now(),
        seq: seq + 1,
        status: { ...status, status: 'live', period: 1, periodCode: 1, description: '1st set' },
        markets: [nextGame],
      },
    ]);
    const detail = await openDetail(event);
    const names = await marketNames(detail);
    expect(names).toEqual(
      expect.arrayContaining([
        'Match Winner',
        'Set Handicap',
        'Total Games',
        'Set Betting',
        'Game Handicap',
        'Next Game (1)',
      ]),
    );
    for (const name of names) expect(name).not.toMatch(/1X2|Half/);
    expect(await labelsOf(detail, 3)).toEqual(['Home', 'Away']);
    expect(await labelsOf(detail, 46)).toEqual(['Home', 'Away']);
    await checkScreen(page, 'markets-tennis', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('names basketball markets money line, spread, total points, each quarter, the second half and team totals', async () => {
    const event = eventWith(events, sportIds.basketball, [1, 2, 3, 40, 41, 42, 43, 44, 45]);
    const detail = await openDetail(event);
    const names = await marketNames(detail);
    expect(names).toEqual(
      expect.arrayContaining([
        'Money Line',
        'Spread',
        'Total Points',
        '1st Quarter Spread',
        '2nd Quarter Spread',
        '4th Quarter Total Points',
        '2nd Half Spread',
        '2nd Half Total Points',
        'Home Total Points',
        'Away Total Points',
      ]),
    );
    // One market per quarter, in order, each with its own line.
    const quarters = names.filter((name) => name.endsWith('Quarter Spread'));
    expect(quarters).toEqual(['1st', '2nd', '3rd', '4th'].map((nth) => `${nth} Quarter Spread`));
    expect(await labelsOf(detail, 44)).toEqual([
      expect.stringMatching(/^Over \d+\.5$/),
      expect.stringMatching(/^Under \d+\.5$/),
    ]);
    await detail.locator('[data-testid="market-group-chip"][data-group="periods"]').click();
    const secondQuarter = detail.locator('[data-testid="detail-market"][data-part="quarternr=2"]');
    await secondQuarter.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/markets-basketball-periods-desktop.png` });
    await detail.locator('[data-testid="market-group-chip"][data-group="all"]').click();
    for (const margin of await labelsOf(detail, 10)) expect(margin).toMatch(/^(Home|Away) by \d/);
    await checkScreen(page, 'markets-basketball', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('names esports maps by number: each map winner and rounds lines, and the map handicap', async () => {
    const event = eventWith(events, 31, [11, 16, 48, 49, 50]);
    const detail = await openDetail(event);
    expect(await marketNames(detail)).toEqual(
      expect.arrayContaining([
        'Map 1 Winner',
        'Map 2 Winner',
        'Map 3 Winner',
        'Map 2 Rounds Handicap',
        'Map 3 Total Rounds',
        'Map Handicap',
      ]),
    );
    await detail.locator('[data-testid="market-group-chip"][data-group="periods"]').click();
    const secondMap = detail.locator('[data-testid="detail-market"][data-part="mapnr=2"]');
    await secondMap.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/markets-esports-maps-desktop.png` });
    await detail.locator('[data-testid="market-group-chip"][data-group="all"]').click();
  });

  it('shows every runner of an outright by full name, shortest price first', async () => {
    const event = eventWith(events, sportIds.outrights, [21000]);
    const market = event.markets.find((entry) => entry.playId === 21000);
    const detail = await openDetail(event);
    const runners = await labelsOf(detail, 21000);
    expect([...runners].sort()).toEqual(market?.outcomes.map((outcome) => outcome.name).sort());
    const prices = await detail
      .locator('[data-testid="detail-market"][data-play="21000"] [data-testid="odds-option"]')
      .evaluateAll((buttons) =>
        buttons.map((button) => Number(button.getAttribute('data-decimal'))),
      );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const names = new Set(event.fixture.competitors.map((competitor) => competitor.name));
    for (const runner of runners) expect(names.has(runner)).toBe(true);
    const last = detail
      .locator('[data-testid="detail-market"][data-play="21000"] [data-testid="odds-option"]')
      .last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    await checkScreen(page, 'markets-outright', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('shows a virtual race with every runner by name on rows that never overlap', async () => {
    const event = eventWith(events, sportIds.virtualRacing, [3]);
    const market = event.markets.find((entry) => entry.playId === 3);
    const detail = await openDetail(event);
    expect(await labelsOf(detail, 3)).toEqual(market?.outcomes.map((outcome) => outcome.name));
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      const boxes = await detail
        .locator('[data-testid="detail-market"] .odds-cell')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().toJSON()));
      const overlaps = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter(
            (b) =>
              a.left < b.right - 0.5 &&
              b.left < a.right - 0.5 &&
              a.top < b.bottom - 0.5 &&
              b.top < a.bottom - 0.5,
          ),
      );
      expect(overlaps, `overlapping runners at ${size.width}px`).toEqual([]);
    }
    await checkScreen(page, 'markets-race', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });

    // On the board the race's row is tall enough for every runner: none spills onto the next.
    await page.getByTestId('match-detail-close').click();
    const row = page.locator(`[data-testid="match-row"][data-match-id="${event.fixture.eventId}"]`);
    const [rowBottom, lowestCell] = await row.evaluate((element) => [
      element.getBoundingClientRect().bottom,
      Math.max(
        ...[...element.querySelectorAll('.odds-cell')].map(
          (cell) => cell.getBoundingClientRect().bottom,
        ),
      ),
    ]);
    expect(lowestCell).toBeLessThanOrEqual((rowBottom ?? 0) + 0.5);
    expect(await row.locator('.odds-cell__label').allTextContents()).toEqual(
      market?.outcomes.map((outcome) => outcome.name),
    );
  });

  it.each([
    ['volleyball', 4],
    ['ice hockey', 5],
    ['table tennis', 20],
    ['badminton', 23],
    ['esports', 31],
    ['virtual football', 10000001],
    ['virtual basketball', 10000002],
  ])('names every %s market and outcome, none by its key', async (sport, sportId) => {
    const event = eventWith(events, sportId, [3]);
    const detail = await openDetail(event);
    for (const name of await marketNames(detail)) expect(name).not.toMatch(/^Market \d|1X2/);
    const labels = await detail.locator('.odds-cell__label').allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).not.toMatch(/_|:|^$/);
    await checkScreen(page, `markets-${sport.replace(' ', '-')}`, {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('names football’s newer markets as people say them, the next goal with its number', async () => {
    const newer = [20, 21, 22, 23, 24, 25, 27];
    // The last such match, so the market pushed below shows on no other test's match.
    const event = events.filter((entry) => offers(entry, sportIds.football, newer)).at(-1);
    if (!event) throw new Error('no football match with the newer markets');
    const { fixture, status, seq } = event;
    // The next goal is offered in play only; a match of a world held still may have none, so
    // the feed's message for a second goal's market is sent as a match in play would.
    const priced = (id: string, name: string, odds: number) => ({
      id,
      name,
      odds,
      probability: 10_000 / odds,
      active: true,
    });
    feed.push([
      {
        type: 'odds_change',
        eventId: fixture.eventId,
        sportId: fixture.sportId,
        timestamp: Date.now(),
        seq: seq + 1,
        status,
        markets: [
          {
            playId: 26,
            specifiers: 'goalnr=2',
            name: 'Next goal',
            status: 'active',
            outcomes: [
              priced('home', 'Home', 21_000),
              priced('none', 'No goal', 51_000),
              priced('away', 'Away', 26_000),
            ],
          },
        ],
      },
    ]);
    const detail = await openDetail(event);
    await detail.locator('[data-testid="detail-market"][data-play="26"]').waitFor();
    expect(await marketNames(detail)).toEqual(
      expect.arrayContaining([
        'Both Teams to Score',
        'Double Chance',
        'Draw No Bet',
        'Home Total Goals',
        'Away Total Goals',
        'Half Time / Full Time',
        'Next Goal (2)',
        'Total Cards',
      ]),
    );
    expect(await labelsOf(detail, 20)).toEqual(['Yes', 'No']);
    expect(await labelsOf(detail, 21)).toEqual(['Home or Draw', 'Home or Away', 'Draw or Away']);
    expect(await labelsOf(detail, 22)).toEqual(['Home', 'Away']);
    for (const playId of [23, 24, 27])
      for (const line of await labelsOf(detail, playId)) expect(line).toMatch(/^(Over|Under) \d/);
    const halfFull = await labelsOf(detail, 25);
    expect(halfFull).toHaveLength(9);
    expect(halfFull).toEqual(expect.arrayContaining(['Home / Draw', 'Draw / Away']));
    expect(await labelsOf(detail, 26)).toEqual(['Home', 'No Goal', 'Away']);
    const chips = await detail
      .getByTestId('market-group-chip')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-group')));
    expect(chips).toContain('cards');
    await checkScreen(page, 'markets-football-newer', {
      shown: detail.locator('[data-testid="detail-market"][data-play="25"]'),
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });

  it('names markets and outcomes in Chinese on the Chinese pages', async () => {
    const event = eventWith(events, sportIds.football, [1, 2, 3, 10]);
    await page.goto(`${url}/#/index`);
    await page.getByTestId('lang-select').selectOption('zh');
    const detail = await openDetail(event);
    const latin = /[A-Za-z]/;
    for (const name of await marketNames(detail)) expect(name).not.toMatch(latin);
    for (const playId of [1, 2, 3, 10])
      for (const label of await labelsOf(detail, playId)) expect(label).not.toMatch(latin);
    expect(await labelsOf(detail, 10)).toContain('主队净胜2');
    for (const playId of [20, 21, 25])
      for (const label of await labelsOf(detail, playId)) expect(label).not.toMatch(latin);
    expect(await marketNames(detail)).toEqual(
      expect.arrayContaining(['双方均进球', '双重机会', '平局退款', '半场/全场', '罚牌大小']),
    );
    expect(await labelsOf(detail, 21)).toEqual(['主队或和局', '主队或客队', '和局或客队']);
    const chips = await detail.getByTestId('market-group-chip').allTextContents();
    for (const chip of chips) expect(chip).not.toMatch(latin);
    // The teams and the league are named in Chinese too, on the board's row and in the detail.
    const [home, away] = event.fixture.competitors;
    const row = page.locator(`[data-testid="match-row"][data-match-id="${event.fixture.eventId}"]`);
    const teams = await row.getByTestId('match-teams').textContent();
    expect(teams).toContain(home?.names?.zh);
    expect(teams).toContain(away?.names?.zh);
    expect(teams).not.toContain(home?.name);
    expect(await detail.textContent()).toContain(home?.names?.zh);
    expect(await page.getByTestId('board-body').textContent()).toContain(
      event.fixture.league.names?.zh,
    );
    await checkScreen(page, 'markets-football-zh', {
      within: '[data-testid="match-detail"]',
      narrowest: true,
    });
  });
});
