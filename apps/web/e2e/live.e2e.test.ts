import type {
  EventSnapshot,
  FeedMessage,
  MatchStatus,
  OddsChangeMessage,
  PlayMessage,
} from '@sb/feed-sim';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('web live clock and tracker');

type StillFeed = ReturnType<typeof createStillFeed>;

/** A live match of the sport being played (not in a break) with live data, by id. */
function liveMatchOf(feed: StillFeed, sportId: number): EventSnapshot {
  const found = feed.simulator
    .snapshot()
    .events.filter(
      (event) =>
        event.fixture.sportId === sportId &&
        event.status.status === 'live' &&
        !event.status.inBreak &&
        (event.status.clock?.running ?? true) &&
        event.status.play,
    )
    .sort((a, b) => a.fixture.eventId - b.fixture.eventId)[0];
  if (!found) throw new Error(`the still world has no sport ${sportId} in play`);
  return found;
}

/**
 * What the test tells the page about the held match, as the feed would: each message takes the
 * match's next seq, so the server applies it and the page hears it.
 */
function messagesFor(feed: StillFeed, event: EventSnapshot) {
  let seq = event.seq;
  let status: MatchStatus = event.status;
  const head = () => ({
    eventId: event.fixture.eventId,
    sportId: event.fixture.sportId,
    timestamp: Date.now(),
    seq: ++seq,
  });
  return {
    get status() {
      return status;
    },
    /** The clock read at `elapsed` seconds (and `remaining` in the period), running or not. */
    clock(elapsed: number, running: boolean, remaining?: number): void {
      const clock =
        remaining === undefined ? { elapsed, running } : { elapsed, remaining, running };
      status = { ...status, clock };
      const message: OddsChangeMessage = { type: 'odds_change', ...head(), status, markets: [] };
      feed.push([message]);
    },
    play(change: Partial<MatchStatus>): void {
      status = { ...status, ...change };
      const message: PlayMessage = { type: 'play', ...head(), status };
      feed.push([message as FeedMessage]);
    },
  };
}

/** Shows the sport's tab and scrolls the windowed board until the match's row is drawn. */
async function rowOf(page: Page, matchId: number, sportId = 1): Promise<Locator> {
  const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
  await page.getByTestId('match-row').first().waitFor({ timeout: 30_000 });
  await page.locator(`[data-testid="sport-tab"][data-sport-id="${sportId}"]`).click();
  await page.locator(`[data-testid="match-row"][data-sport-id="${sportId}"]`).first().waitFor();
  for (let step = 0; step < 60 && (await row.count()) === 0; step++) {
    await page.mouse.move(400, 500);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await row.waitFor();
  return row;
}

describe.skipIf(!hasChromium)('the live clock and match tracker in Chromium', () => {
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let feed: StillFeed;
  let page: Page;
  let url = '';
  let match: EventSnapshot;
  let say: ReturnType<typeof messagesFor>;
  /** Minutes before the current half: its minutes are counted from there. */
  let halfStart = 0;

  beforeAll(async () => {
    // A Saturday evening of the seeded world: football, basketball, tennis, ice hockey and
    // table tennis are being played. Its clock readings are that old, so the test sends its own before it reads
    // a clock.
    feed = createStillFeed('live-e2e', Date.UTC(2026, 0, 10, 20, 30, 0));
    match = liveMatchOf(feed, 1);
    say = messagesFor(feed, match);
    halfStart = match.status.periodCode === 1 ? 0 : 45;
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser('sb-web-live');
    page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('shows the clock of a live match on its row, and moves it with the feed', async () => {
    await page.goto(`${url}/#/index?tab=inPlay`);
    const row = await rowOf(page, match.fixture.eventId);
    const clock = row.getByTestId('match-clock-time');
    await expect.poll(() => clock.textContent()).toMatch(/^\d+(\+\d+)?'$/);
    expect(await row.getByTestId('match-period').textContent()).toBe(
      match.status.periodCode === 1 ? '1st half' : '2nd half',
    );

    // The feed stops the clock at 20:05 into the half: the page shows the 21st minute.
    say.clock((halfStart + 20) * 60 + 5, false);
    await expect.poll(() => clock.textContent()).toBe(`${halfStart + 21}'`);
    // A reading two seconds before the 31st minute, running: the page ticks it over itself.
    say.clock((halfStart + 30) * 60 - 2, true);
    await expect.poll(() => clock.textContent()).toBe(`${halfStart + 30}'`);
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).toBe(`${halfStart + 31}'`);
  });

  it('draws the play the feed just sent on the tracker, with its statistics', async () => {
    await page.goto(`${url}/#/index?tab=inPlay`);
    const row = await rowOf(page, match.fixture.eventId);
    await row.getByTestId('match-detail-open').click();
    const detail = page.locator(
      `[data-testid="match-detail"][data-match-id="${match.fixture.eventId}"]`,
    );
    const tracker = detail.getByTestId('match-tracker');
    await tracker.waitFor();
    // No animation frame is offered: the tracker is drawn in the page.
    expect(await detail.getByTestId('live-animation').count()).toBe(0);
    const before = say.status.play?.n ?? 0;
    await expect
      .poll(() => tracker.getByTestId('tracker-play').getAttribute('data-play-n'))
      .toBe(String(before));

    const corners = { home: 3, away: 7 };
    const stats = (say.status.stats ?? []).map((stat) =>
      stat.key === 'corners' ? { ...stat, ...corners } : stat,
    );
    say.play({
      play: { n: before + 1, kind: 'corner', side: 'away', at: (halfStart + 31) * 60 },
      stats,
      corners,
    });
    const shown = tracker.getByTestId('tracker-play');
    await expect.poll(() => shown.getAttribute('data-play-n')).toBe(String(before + 1));
    expect(await shown.getAttribute('data-play-kind')).toBe('corner');
    expect(await shown.textContent()).toContain('Corner');
    expect(await shown.textContent()).toContain(match.fixture.competitors[1]?.name);
    // The ball sits at the corner flag of the goal the away side attacks (the left one).
    const ball = tracker.locator('.tracker__ball');
    expect(Number(await ball.getAttribute('cx'))).toBe(2);
    expect(await tracker.getByTestId('tracker-marks').getAttribute('data-play-n')).toBe(
      String(before + 1),
    );
    const cornerStat = tracker.locator('[data-testid="tracker-stat"][data-stat="corners"]');
    expect(await cornerStat.textContent()).toBe('3Corners7');
    const possession = tracker.locator('[data-testid="tracker-stat"][data-stat="possession"]');
    expect(await possession.textContent()).toMatch(/^\d+%Possession\d+%$/);

    await checkScreen(page, 'live-detail-tracker', {
      shown: tracker,
      within: '[data-testid="match-tracker"]',
    });
  });

  it('counts a basketball quarter down and draws each sport on its own surface', async () => {
    const basketball = liveMatchOf(feed, 2);
    await page.goto(`${url}/#/index?tab=inPlay`);
    const row = await rowOf(page, basketball.fixture.eventId, 2);
    // Five minutes left in the quarter, running: the page counts it down between readings.
    messagesFor(feed, basketball).clock(1500, true, 300);
    const clock = row.getByTestId('match-clock-time');
    await expect.poll(() => clock.textContent()).toMatch(/^0[45]:\d\d$/);
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).toMatch(/^04:5\d$/);
    expect(await row.getByTestId('match-period').textContent()).toMatch(/^(Q[1-4]|Overtime)$/);

    const surfaces = [
      { sportId: 2, surface: 'court', kinds: ['free_throw', 'two_pointer', 'three_pointer'] },
      { sportId: 3, surface: 'tennis', kinds: ['point', 'ace'] },
      {
        sportId: 5,
        surface: 'rink',
        kinds: ['attack', 'dangerous_attack', 'shot_on_target', 'shot_off_target', 'goal'],
      },
    ];
    for (const { sportId, surface, kinds } of surfaces) {
      const held = liveMatchOf(feed, sportId);
      const sportRow = await rowOf(page, held.fixture.eventId, sportId);
      await sportRow.getByTestId('match-detail-open').click();
      const tracker = page.locator(
        `[data-testid="match-detail"][data-match-id="${held.fixture.eventId}"] [data-testid="match-tracker"]`,
      );
      await tracker.waitFor();
      expect(await tracker.locator(`.tracker__surface--${surface}`).count()).toBe(1);
      const kind = await tracker.getByTestId('tracker-play').getAttribute('data-play-kind');
      expect(kinds).toContain(kind);
      expect(kind).toBe(held.status.play?.kind);
      if (sportId === 3) {
        const points = page.getByTestId('match-detail').getByTestId('game-points');
        expect(await points.textContent()).toMatch(/^(0|15|30|40|AD|\d+)-(0|15|30|40|AD|\d+)$/);
        expect(await tracker.getByTestId('tracker-serving').count()).toBe(1);
      }
      await checkScreen(page, `live-tracker-${surface}`, {
        shown: tracker,
        within: '[data-testid="match-tracker"]',
      });
      await page.getByTestId('match-detail-close').click();
    }
  });

  it('shows the points of a table tennis game and draws the point the feed just sent', async () => {
    const held = liveMatchOf(feed, 20);
    const id = held.fixture.eventId;
    const tell = messagesFor(feed, held);
    const set = held.status.periodScores.length;
    const points = held.status.gamePoints ?? { home: -1, away: -1 };
    await page.goto(`${url}/#/index?tab=inPlay`);
    const row = await rowOf(page, id, 20);
    // The row's clock: the game being played and its points.
    await expect
      .poll(() => row.getByTestId('game-points').textContent())
      .toBe(`${points.home}-${points.away}`);
    expect(await row.getByTestId('match-period').textContent()).toBe(`Set ${set}`);
    await row.getByTestId('match-detail-open').click();
    const detail = page.locator(`[data-testid="match-detail"][data-match-id="${id}"]`);
    const tracker = detail.getByTestId('match-tracker');
    await tracker.waitFor();
    expect(await tracker.locator('.tracker__surface--table').count()).toBe(1);

    // The away player wins the next point: the game's points, the serve and the statistics move.
    const before = tell.status.play?.n ?? 0;
    const periodScores = held.status.periodScores.map((score, i) =>
      i === set - 1 ? { ...score, away: score.away + 1 } : score,
    );
    const now = periodScores[set - 1] ?? { home: 0, away: 0 };
    const stats = (tell.status.stats ?? []).map((stat) =>
      stat.key === 'points_won' ? { ...stat, away: stat.away + 1 } : stat,
    );
    tell.play({
      play: { n: before + 1, kind: 'point', side: 'away', at: 0 },
      periodScores,
      gamePoints: now,
      server: 'away',
      stats,
    });
    const shown = tracker.getByTestId('tracker-play');
    await expect.poll(() => shown.getAttribute('data-play-n')).toBe(String(before + 1));
    expect(await shown.getAttribute('data-play-kind')).toBe('point');
    const away = held.fixture.competitors[1]?.name ?? '';
    expect(await shown.textContent()).toContain(away);
    // Home plays on the left: the away point lands on the home half of the table, and the away
    // player serves next from behind the right end.
    const ballX = Number(await tracker.locator('.tracker__ball').getAttribute('cx'));
    expect(ballX).toBeGreaterThan(12);
    expect(ballX).toBeLessThan(50);
    expect(Number(await tracker.getByTestId('tracker-server').getAttribute('cx'))).toBeGreaterThan(
      88,
    );
    expect(await tracker.getByTestId('tracker-serving').textContent()).toContain(away);
    await expect
      .poll(() => detail.getByTestId('game-points').textContent())
      .toBe(`${now.home}-${now.away}`);
    const won = stats.find((stat) => stat.key === 'points_won');
    expect(
      await tracker.locator('[data-testid="tracker-stat"][data-stat="points_won"]').textContent(),
    ).toBe(`${won?.home}Points won${won?.away}`);
    expect(await tracker.getByTestId('tracker-stat').count()).toBe(stats.length);
    await checkScreen(page, 'live-tracker-table', {
      shown: tracker,
      within: '[data-testid="match-tracker"]',
    });
    await page.getByTestId('match-detail-close').click();
  });

  it('names the period in Chinese on a Chinese page', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(`${url}/#/index?tab=inPlay`);
    // Only the hash changed: the page is read again to start in the stored language.
    await page.reload();
    const row = await rowOf(page, match.fixture.eventId);
    await expect
      .poll(() => row.getByTestId('match-period').textContent())
      .toBe(match.status.periodCode === 1 ? '上半场' : '下半场');
    await row.getByTestId('match-detail-open').click();
    const tracker = page.getByTestId('match-tracker');
    await tracker.waitFor();
    const text = (await tracker.textContent()) ?? '';
    expect(text).toContain('角球');
    expect(text).toContain('控球率');
    // Nothing in English but the team names.
    const names = match.fixture.competitors.map((team) => team.name);
    const rest = names.reduce((left, name) => left.split(name).join(''), text);
    expect(rest).not.toMatch(/[A-Za-z]{2,}/);
    await checkScreen(page, 'live-detail-tracker-zh', {
      shown: tracker,
      within: '[data-testid="match-tracker"]',
    });
  });
});
