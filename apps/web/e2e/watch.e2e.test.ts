import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import { createSeededPast } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualSportIdFloor } from '../../server/src/modules/match/match-wire';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, screenshotDir } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('web watch (video, broadcast, head-to-head)');

const seed = 'watch-e2e';
const virtualFootball = 10000001;
const virtualRacing = 10000005;

/**
 * The first instant from now, minute by minute, at which the still world has a virtual football
 * match under way and a real-sport match in play: the suite needs both.
 */
function instantWithEverything(): number {
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  for (let minute = 0; minute < 60; minute++) {
    const instant = start + minute * 60_000;
    const { events } = createStillFeed(seed, instant).simulator.snapshot();
    const live = events.filter((event) => event.status.status === 'live');
    const has = (sportId: number) => live.some((event) => event.fixture.sportId === sportId);
    const hasReal = live.some(
      (event) => event.fixture.sportId < virtualSportIdFloor && event.fixture.kind === 'match',
    );
    if (has(virtualFootball) && hasReal) return instant;
  }
  throw new Error('no instant within the hour has every kind of live event');
}

describe.skipIf(!hasChromium)('video, broadcast and head-to-head in Chromium', () => {
  let feed: ReturnType<typeof createStillFeed>;
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  const liveOf = (predicate: (event: EventSnapshot) => boolean) => {
    const event = feed.simulator
      .snapshot()
      .events.find((candidate) => candidate.status.status === 'live' && predicate(candidate));
    if (!event) throw new Error('no such live event');
    return event;
  };

  beforeAll(async () => {
    const instant = instantWithEverything();
    feed = createStillFeed(seed, instant);
    testApp = await createTestApp({
      feedProvider: feed.provider,
      teamRecords: createSeededPast(seed),
      webDistDir,
      now: () => new Date(instant),
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser('sb-web-watch');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  /** Opens the board on a sport and the detail of one of its matches, by id. */
  async function openDetail(sportId: number, matchId: number) {
    await page.goto(`${url}/#/index`);
    await page.locator(`[data-testid="sport-tab"][data-sport-id="${sportId}"]`).click();
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
    await row.getByTestId('match-detail-open').click();
    const detail = page.getByTestId('match-detail');
    await expect.poll(() => detail.getAttribute('data-match-id')).toBe(String(matchId));
    return detail;
  }

  it('offers no video for a match no stream covers: no control, no frame', async () => {
    const real = liveOf(
      (event) => event.fixture.sportId < virtualSportIdFloor && event.fixture.kind === 'match',
    );
    // The offers are read; a match without a stream gets nothing to press.
    const offersRead = page.waitForResponse((response) =>
      response.url().includes('/match/api/match/live'),
    );
    const detail = await openDetail(real.fixture.sportId, real.fixture.eventId);
    await offersRead;
    await page.waitForTimeout(500);
    expect(await detail.getByTestId('live-stream').count()).toBe(0);
    expect(await detail.locator('iframe').count()).toBe(0);
  });

  it("plays a virtual match's rendered broadcast, which calls the goal the feed just sent", {
    timeout: 90_000,
  }, async () => {
    const match = liveOf((event) => event.fixture.sportId === virtualFootball);
    const detail = await openDetail(virtualFootball, match.fixture.eventId);
    await detail.getByTestId('live-video').click();
    const frameElement = detail.getByTestId('live-stream-frame');
    await frameElement.waitFor();
    expect(await frameElement.getAttribute('src')).toBe(
      `#/broadcast/${virtualFootball}/${match.fixture.eventId}`,
    );
    const frame = page.frameLocator('[data-testid="live-stream-frame"]');
    const score = frame.getByTestId('broadcast-score');
    const shownScore = `${match.status.homeScore}-${match.status.awayScore}`;
    await expect.poll(() => score.textContent(), { timeout: 20_000 }).toBe(shownScore);
    expect(await frame.getByTestId('broadcast-phase').getAttribute('data-phase')).toBe('live');

    const goal: FeedMessage = {
      type: 'odds_change',
      eventId: match.fixture.eventId,
      sportId: match.fixture.sportId,
      timestamp: Date.now(),
      seq: match.seq + 1,
      status: { ...match.status, homeScore: match.status.homeScore + 1 },
      markets: [],
    };
    feed.push([goal]);
    await expect
      .poll(() => score.textContent(), { timeout: 15_000 })
      .toBe(`${match.status.homeScore + 1}-${match.status.awayScore}`);
    await expect.poll(() => frame.getByTestId('broadcast-callout').textContent()).toBe('Goal!');
    await frameElement.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/watch-virtual-video-desktop.png` });

    // The broadcast on its own, as the frame shows it, at every width.
    await page.goto(`${url}/${await frameElement.getAttribute('src')}`);
    await page.getByTestId('broadcast-board').waitFor();
    await checkScreen(page, 'watch-football-broadcast', { narrowest: true });
  });

  it('draws the next race with its runners and their prices, counting down to the off', async () => {
    const race = feed.simulator
      .snapshot()
      .events.find(
        (event) => event.fixture.sportId === virtualRacing && event.status.status === 'not_started',
      );
    if (!race) throw new Error('no race to come');
    await page.goto(`${url}/#/broadcast/${virtualRacing}/${race.fixture.eventId}`);
    const runners = page.getByTestId('broadcast-runner');
    const field = race.markets.find((market) => market.playId === 3)?.outcomes ?? [];
    expect(field.length).toBeGreaterThan(1);
    await expect.poll(() => runners.count()).toBe(field.length);
    expect(await page.getByTestId('broadcast-phase').getAttribute('data-phase')).toBe('before');
    await checkScreen(page, 'watch-race-broadcast', { narrowest: true });
  });

  it('runs a race in the running order the feed reads out, and shows the finishing order at the post', {
    timeout: 90_000,
  }, async () => {
    // The last race listed: one the countdown above does not draw, made to run by hand.
    const race = feed.simulator
      .snapshot()
      .events.filter(
        (event) => event.fixture.sportId === virtualRacing && event.status.status === 'not_started',
      )
      .sort((a, b) => a.fixture.startTime - b.fixture.startTime)
      .at(-1);
    if (!race) throw new Error('no race to come');
    const field = race.fixture.competitors;
    // Positions are drawn where each reading puts them, without the turn between two readings.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${url}/#/broadcast/${virtualRacing}/${race.fixture.eventId}`);
    const runners = page.getByTestId('broadcast-runner');
    await expect.poll(() => runners.count()).toBe(field.length);
    const shownOrder = () =>
      runners.evaluateAll((items) => items.map((item) => Number(item.dataset.runnerId)));
    const progressOf = (id: number) =>
      page
        .locator(`[data-testid="broadcast-runner-at"][data-runner-id="${id}"]`)
        .getAttribute('data-progress');

    // Under way: the field in reverse order of saddle numbers, a length or so apart.
    const running = [...field].reverse().map((runner, i) => ({
      id: runner.id,
      progress: 0.62 - 0.03 * i,
    }));
    const live = { ...race.status, status: 'live' as const, period: 1, periodCode: 1 };
    feed.push([
      {
        type: 'play',
        eventId: race.fixture.eventId,
        sportId: race.fixture.sportId,
        timestamp: Date.now(),
        seq: race.seq + 1,
        status: { ...live, description: 'Running', runningOrder: { n: 2, runners: running } },
      },
    ]);
    await expect.poll(shownOrder, { timeout: 15_000 }).toEqual(running.map((r) => r.id));
    expect(await page.getByTestId('broadcast-phase').getAttribute('data-phase')).toBe('live');
    expect(await page.getByTestId('broadcast-order').getAttribute('data-final')).toBe('false');
    expect(await progressOf(running[0]?.id ?? 0)).toBe('620');
    expect(await progressOf(running.at(-1)?.id ?? 0)).toBe(String(620 - 30 * (field.length - 1)));
    const leader = runners.first();
    expect(await leader.textContent()).toBe(`1${field.length}${field.at(-1)?.name}`);
    await checkScreen(page, 'watch-race-running', { narrowest: true });

    // At the post the last of them has come through to win: the result order, not the last reading.
    const finish = [running.at(-1), ...running.slice(0, -1)].map((runner, i) => ({
      id: runner?.id ?? 0,
      progress: i === 0 ? 1 : 1 - 0.01 * i,
    }));
    const ranking = finish.map((runner) => runner.id);
    feed.push([
      {
        type: 'odds_change',
        eventId: race.fixture.eventId,
        sportId: race.fixture.sportId,
        timestamp: Date.now(),
        seq: race.seq + 2,
        status: {
          ...live,
          status: 'ended',
          periodCode: 2,
          description: 'Finished',
          ranking,
          runningOrder: { n: 3, runners: finish },
        },
        markets: [],
      },
    ]);
    await expect
      .poll(() => page.getByTestId('broadcast-phase').getAttribute('data-phase'), {
        timeout: 15_000,
      })
      .toBe('finished');
    await expect.poll(shownOrder).toEqual(ranking);
    const order = page.getByTestId('broadcast-order');
    expect(await order.getAttribute('data-final')).toBe('true');
    expect(await order.getByRole('heading').textContent()).toBe('Finishing order');
    expect(await progressOf(ranking[0] ?? 0)).toBe('1000');
    await checkScreen(page, 'watch-race-finish', { narrowest: true });
    await page.emulateMedia({ reducedMotion: null });
  });

  it('opens head-to-head in its own window, styled, with the meetings and form of the seeded past', {
    timeout: 60_000,
  }, async () => {
    // The first football match the board draws, live or not (at some hours none is live).
    await page.goto(`${url}/#/index`);
    await page.locator('[data-testid="sport-tab"][data-sport-id="1"]').click();
    const firstRow = page.locator('[data-testid="match-row"][data-sport-id="1"]').first();
    const matchId = Number(await firstRow.getAttribute('data-match-id'));
    const real = feed.simulator
      .snapshot()
      .events.find((event) => event.fixture.eventId === matchId);
    if (!real) throw new Error(`match ${matchId} is not in the world`);
    const detail = await openDetail(1, matchId);
    const popupOpened = page.waitForEvent('popup');
    await detail.getByTestId('head-to-head').click();
    const popup = await popupOpened;
    const [home, away] = real.fixture.competitors;
    await expect
      .poll(() => popup.title(), { timeout: 10_000 })
      .toBe(`Head to head: ${home?.name} v ${away?.name}`);
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([800, 600]);
    const expected = createSeededPast(seed).headToHead(
      home?.id ?? 0,
      away?.id ?? 0,
      real.fixture.startTime,
    );
    const meetings = popup.getByTestId('past-match');
    await expect.poll(() => meetings.count()).toBe(expected?.meetings.length);
    const first = expected?.meetings[0];
    expect(await meetings.first().textContent()).toContain(
      `${first?.homeScore}-${first?.awayScore}`,
    );
    const letters = popup.getByTestId('team-form').first().locator('[data-result]');
    expect(await letters.count()).toBe(expected?.homeForm.length);
    await checkScreen(popup, 'watch-head-to-head');
    await popup.close();
  });

  it('offers no head-to-head for a race, whose runners have no shared past', async () => {
    const race = feed.simulator
      .snapshot()
      .events.find((event) => event.fixture.sportId === virtualRacing);
    if (!race) throw new Error('no race');
    const recordRead = page.waitForResponse((response) => response.url().includes('/head-to-head'));
    const detail = await openDetail(virtualRacing, race.fixture.eventId);
    await recordRead;
    await page.waitForTimeout(300);
    expect(await detail.getByTestId('head-to-head').count()).toBe(0);
  });
});
