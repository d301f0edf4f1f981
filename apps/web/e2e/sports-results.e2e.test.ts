import type { PastMatchWire } from '@sb/contract';
import { createSeededPast, type EventSnapshot } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { meetingTally } from '../src/features/sports/model/head-to-head';
import { shiftDisplayDate, startOfDisplayDate } from '../src/lib/display-time';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, narrowPhone, viewports } from './screens';
import { boardSettled, openDetailFrom, saysOf, searchRow } from './sports-screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('web sports results and head to head');

const seed = 'sports-results-e2e';
/** A Saturday afternoon of the still world: football in play, so some of it can finish. */
const instant = Date.UTC(2026, 0, 10, 16, 0, 0);

describe.skipIf(!hasChromium)('results and head to head in Chromium', () => {
  const feed = createStillFeed(seed, instant);
  const events = feed.simulator.snapshot().events;
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  let auth: ReturnType<typeof authOf> | undefined;

  const byId = (a: EventSnapshot, b: EventSnapshot) => a.fixture.eventId - b.fixture.eventId;
  /** A match the seeded past has a record of: its sides have met before. */
  const firstFootballBeforeKickOff = () => {
    const match = events
      .filter((event) => event.fixture.sportId === 1 && event.status.status === 'not_started')
      .sort(byId)[0];
    if (!match) throw new Error('no football match before kick-off');
    return match;
  };

  async function open(path: string): Promise<void> {
    await page.goto('about:blank');
    await page.goto(`${url}/${path}`);
    await boardSettled(page);
  }

  /** The server's count of a sport's results on a display day, as the list would show them. */
  async function resultsOn(sportId: number, date: string): Promise<number> {
    const answer = await testApp?.call<{ total: number }>('/match/api/match/result/list', {
      ...auth,
      sportId,
      startTime: startOfDisplayDate(date),
      endTime: startOfDisplayDate(shiftDisplayDate(date, 1)),
      size: 1,
    });
    return answer?.data.total ?? -1;
  }

  /**
   * Of the first football matches before kick-off, the one whose tally gave its away side the
   * least room for the longest word of its name: the fewest wins (the old boxes grew with them).
   */
  async function narrowestAwayTally(): Promise<EventSnapshot> {
    const candidates = events
      .filter((event) => event.fixture.sportId === 1 && event.status.status === 'not_started')
      .sort(byId)
      .slice(0, 30);
    let chosen: { event: EventSnapshot; squeeze: number } | undefined;
    for (const event of candidates) {
      const answer = await testApp?.call<{ meetings: PastMatchWire[] }>(
        '/match/api/match/head-to-head',
        { ...auth, matchId: event.fixture.eventId, sportId: 1 },
      );
      const meetings = answer?.data.meetings ?? [];
      const [home, away] = event.fixture.competitors;
      if (meetings.length === 0 || !home || !away) continue;
      const tally = meetingTally(home.id, meetings);
      const longestWord = Math.max(...away.name.split(' ').map((word) => word.length));
      const squeeze = longestWord / (Math.max(tally.away, 0.35) / meetings.length);
      if (!chosen || squeeze > chosen.squeeze) chosen = { event, squeeze };
    }
    if (!chosen) throw new Error('no football match with past meetings');
    return chosen.event;
  }

  beforeAll(async () => {
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
    // Two football matches in play finish, by id, so the results have rows whatever the hour.
    const live = events
      .filter((event) => event.fixture.sportId === 1 && event.status.status === 'live')
      .sort(byId);
    if (live.length < 2) throw new Error('the still world has under two football matches in play');
    for (const event of live.slice(0, 2))
      saysOf(feed, event)({ status: 'ended', description: 'Ended' });
    browser = await launchBrowser('sb-web-sports-results');
    page = browser.page;
    const member = await registerMember(testApp);
    auth = authOf(member.session);
    await page.goto(url);
    await page.getByTestId('login-open').click();
    await page.getByTestId('login-account').fill(member.account);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-name').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('counts results on the results tab, shows no odds picker there, and drops a search on the way in', async () => {
    await open('#/index');
    const football = page.locator(
      '[data-testid="sport-tab"][data-sport-id="1"] [data-testid="sport-count"]',
    );
    const openFootball = Number(await football.textContent());
    await page.getByTestId('match-search').fill('Real');
    await boardSettled(page);
    await page.locator('[data-testid="nav-tab"][data-tab="results"]').click();
    await page.getByTestId('results-list').waitFor();
    expect(await page.getByTestId('match-search').inputValue()).toBe('');
    expect(await page.getByTestId('odds-style').count()).toBe(0);
    const date = await page.getByTestId('results-date').inputValue();
    const expected = await resultsOn(1, date);
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(expected).not.toBe(openFootball);
    await expect.poll(() => football.textContent()).toBe(String(expected));
    expect(await page.getByTestId('result-row').count()).toBe(expected);
    const basketball = page.locator(
      '[data-testid="sport-tab"][data-sport-id="2"] [data-testid="sport-count"]',
    );
    await expect.poll(() => basketball.textContent()).toBe(String(await resultsOn(2, date)));
    await checkScreen(page, 'sports-results', { narrowest: true });
  });

  it('says that a search found nothing, naming the keyword, in English and Chinese', async () => {
    await open('#/index');
    await page.getByTestId('match-search').fill('qqzzxx');
    await boardSettled(page);
    await expect
      .poll(() => page.getByTestId('match-list-empty').textContent())
      .toBe('No results for “qqzzxx”');
    await page.getByTestId('lang-select').selectOption('zh');
    await expect
      .poll(() => page.getByTestId('match-list-empty').textContent())
      .toBe('没有找到与“qqzzxx”相关的赛事');
    await checkScreen(page, 'sports-search-empty-zh');
    await page.getByTestId('lang-select').selectOption('en');
  });

  it("keeps every tally box's team name whole in the head-to-head window", async () => {
    const match = await narrowestAwayTally();
    await page.goto(`${url}/#/h2h/1/${match.fixture.eventId}`);
    const tally = page.getByTestId('head-to-head-tally');
    await tally.waitFor();
    expect(await tally.locator('.h2h__tally-part').count()).toBe(3);
    for (const size of [{ width: 800, height: 600 }, narrowPhone, viewports.phone]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      // The widest word of each box's label fits the box: no name is broken inside a word.
      const broken = await tally.locator('.h2h__tally-part').evaluateAll((parts) =>
        parts.flatMap((part) => {
          const label = part.querySelector('span');
          if (!label) return [];
          const probe = document.createElement('span');
          probe.style.whiteSpace = 'nowrap';
          label.append(probe);
          const words = (label.firstChild?.textContent ?? '').split(/\s+/);
          const widest = Math.max(
            ...words.map((word) => {
              probe.textContent = word;
              return probe.getBoundingClientRect().width;
            }),
          );
          probe.remove();
          return widest > label.clientWidth + 0.5 ? [label.textContent ?? ''] : [];
        }),
      );
      expect(broken, `${size.width}px`).toEqual([]);
    }
    await checkScreen(page, 'sports-head-to-head', { narrowest: true });
  });

  it('draws head to head in the detail as an outlined button of a thumb’s height', async () => {
    const match = firstFootballBeforeKickOff();
    await open('#/index');
    const detail = await openDetailFrom(await searchRow(page, match), page, match.fixture.eventId);
    // Head to head is a control a member presses: outlined in the accent, a thumb's height.
    const button = detail.getByTestId('head-to-head');
    const look = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        border: style.borderTopColor,
        color: style.color,
        height: element.getBoundingClientRect().height,
      };
    });
    expect(look.border).toBe(look.color);
    expect(look.height).toBeGreaterThanOrEqual(40);
  });
});
