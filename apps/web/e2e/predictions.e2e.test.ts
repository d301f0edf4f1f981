import { predictList } from '@sb/contract';
import { createSeededPast, type EventSnapshot } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, expectOk, registerMember } from '../../server/test/identity/helpers';
import type { TestApp } from '../../server/test/test-app';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, startStillServer } from './helpers';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('web predictions');

const seed = 'predictions-e2e';
/** A Saturday afternoon of the simulated world, held still; the server's clock runs from it. */
const worldStart = Date.UTC(2026, 0, 10, 15, 0, 0);

/**
 * Latin words in a Chinese page. Club and league abbreviations (FC, HC, SHL) stay in Latin in
 * the world's Chinese names, as they do in Chinese sports pages.
 */
function englishWordsIn(text: string): string[] {
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !/^[A-Z]{2,3}$/.test(word));
}

/** The first upcoming two-sided match of a real league with a 1X2 book, an hour or more away. */
function upcomingMatch(events: EventSnapshot[]): EventSnapshot {
  const found = events
    .filter(
      (event) =>
        event.fixture.kind === 'match' &&
        !event.fixture.virtual &&
        event.status.status === 'not_started' &&
        event.fixture.startTime > worldStart + 3_600_000 &&
        event.markets.some(
          (market) =>
            market.playId === 3 &&
            market.specifiers === '' &&
            market.outcomes.some((outcome) => outcome.id === 'draw'),
        ),
    )
    .sort((left, right) => left.fixture.startTime - right.fixture.startTime)[0];
  if (!found) throw new Error('no upcoming match in the world');
  return found;
}

describe.skipIf(!hasChromium)('previews and predictions in Chromium', () => {
  let testApp: TestApp | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let url = '';
  let match: EventSnapshot;
  let member: Awaited<ReturnType<typeof registerMember>>;

  beforeAll(async () => {
    const server = await startStillServer(seed, {
      instant: worldStart,
      teamRecords: createSeededPast(seed),
    });
    testApp = server.testApp;
    url = server.url;
    match = upcomingMatch(server.feed.simulator.snapshot().events);
    member = await registerMember(server.testApp);
    browser = await launchBrowser('sb-web-predictions', { locale: 'en-US' });
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('opens the previews and a preview with form, meetings and the table', async () => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/#/index`);
    await byTestId(page, 'nav-community').click();
    await page.locator('[data-testid="community-tab"][data-tab="previews"]').click();
    await byTestId(page, 'predictions-page').waitFor();
    const card = page.locator(
      `[data-testid="prospect-card"][data-match-id="${match.fixture.eventId}"]`,
    );
    await card.waitFor();
    expect(await byTestId(page, 'prospect-card').count()).toBeGreaterThan(1);
    expect(await card.textContent()).toContain(match.fixture.competitors[0]?.name);
    // The model's probabilities as percentages to five significant digits.
    expect(await card.getByTestId('prospect-probabilities').textContent()).toMatch(/\d%/);
    await checkScreen(page, 'predictions-previews', { narrowest: true });

    // Search by the home team's name.
    await byTestId(page, 'prospect-search').fill(match.fixture.competitors[0]?.name ?? '');
    await expect
      .poll(async () =>
        (await byTestId(page, 'prospect-card').allTextContents()).every(
          (text) =>
            text.includes(match.fixture.competitors[0]?.name ?? '') ||
            text.includes(match.fixture.league.name),
        ),
      )
      .toBe(true);
    await card.click();
    const detail = byTestId(page, 'prospect-detail');
    await detail.waitFor();
    await byTestId(page, 'prospect-standing').waitFor();
    expect(await byTestId(page, 'prospect-meetings').locator('li').count()).toBeGreaterThan(0);
    await checkScreen(page, 'predictions-preview', { narrowest: true });
    await byTestId(page, 'prospect-back').click();
    await byTestId(page, 'prospect-search').fill('');
  });

  it('logs in, predicts a score and sees it, the split and the leaderboard', async () => {
    await page.setViewportSize(viewports.desktop);
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(member.account);
    await byTestId(page, 'login-password').fill(member.password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-name').waitFor();
    await page.goto(`${url}/#/community?tab=previews`);
    await page.locator('[data-testid="community-tab"][data-tab="predict"]').click();
    const card = page.locator(
      `[data-testid="predict-card"][data-match-id="${match.fixture.eventId}"]`,
    );
    await card.waitFor();
    await card.getByTestId('predict-home').fill('2');
    await card.getByTestId('predict-away').fill('1');
    await card.getByTestId('predict-submit').click();
    await expect.poll(() => card.getByTestId('predict-mine').textContent()).toContain('2–1');
    await expect.poll(() => card.getByTestId('predict-picks').textContent()).toContain('Home 100%');
    const mine = page.locator(
      `[data-testid="predict-my-item"][data-match-id="${match.fixture.eventId}"]`,
    );
    await mine.waitFor();

    // The server holds it.
    if (!testApp) throw new Error('no server');
    const listed = expectOk(
      await testApp.call<{ records: { matchId: number; mine: unknown }[] }>(predictList.path, {
        ...authOf(member.session),
        size: 50,
      }),
    );
    expect(
      listed.records.find((record) => record.matchId === match.fixture.eventId)?.mine,
    ).toMatchObject({ homeScore: 2, awayScore: 1 });
    await checkScreen(page, 'predictions-predict', { narrowest: true });

    await page.locator('[data-testid="community-tab"][data-tab="rank"]').click();
    const line = byTestId(page, 'predict-rank-line');
    await line.first().waitFor();
    expect(await line.first().textContent()).toContain(member.account.slice(0, 2));
    await checkScreen(page, 'predictions-rank', { narrowest: true });
  });

  it('is reached from the phone’s account menu in #/mini through the community, with a way back to the matches', async () => {
    await page.setViewportSize(viewports.phone);
    await page.goto(`${url}/#/mini/index`);
    await byTestId(page, 'account-menu-open').click();
    await byTestId(page, 'account-menu-community').click();
    await page.locator('[data-testid="community-tab"][data-tab="previews"]').click();
    await byTestId(page, 'predictions-page').waitFor();
    expect(page.url()).toContain('#/mini/community');
    const back = byTestId(page, 'community-back');
    await back.waitFor();
    await checkScreen(page, 'predictions-mini', {
      narrowest: true,
      within: '[data-testid="community-page"]',
      shown: back,
    });
    await back.click();
    await expect.poll(() => page.url()).toContain('#/mini/index');
  });

  it('shows the pages in Chinese, with no English but club abbreviations', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(`${url}/#/community?tab=previews`);
    await page.reload();
    await byTestId(page, 'predictions-page').waitFor();
    const card = page.locator(
      `[data-testid="prospect-card"][data-match-id="${match.fixture.eventId}"]`,
    );
    await card.waitFor();
    expect(await byTestId(page, 'community-page').textContent()).toContain('前瞻');
    await checkScreen(page, 'predictions-zh-previews', { narrowest: true });
    await card.click();
    await byTestId(page, 'prospect-standing').waitFor();
    await checkScreen(page, 'predictions-zh-preview');
    await byTestId(page, 'prospect-back').click();
    await page.locator('[data-testid="community-tab"][data-tab="predict"]').click();
    await page
      .locator(`[data-testid="predict-card"][data-match-id="${match.fixture.eventId}"]`)
      .getByTestId('predict-mine')
      .waitFor();
    const shown = (await byTestId(page, 'predictions-page').textContent()) ?? '';
    expect(englishWordsIn(shown)).toEqual([]);
    await checkScreen(page, 'predictions-zh-predict');
  });
});
