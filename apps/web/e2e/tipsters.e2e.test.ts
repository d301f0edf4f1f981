import { readFileSync } from 'node:fs';
import { type RankedTipster, shareCreate } from '@sb/contract';
import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../server/src/modules/catalogue/catalogue.service';
import { expectOk, type Pick, placeBet, single } from '../../server/test/orders/helpers';
import type { TestMember } from '../../server/test/withdrawals/helpers';
import { percentOfUnits } from '../src/features/shares/model/figures';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, fundedAccount, preMatchPicks, startStillServer } from './helpers';
import { checkScreen, screenshotDir, viewports } from './screens';

warnWithoutChromium('tipsters');

/** The instant the feed is held at and the server's clock starts from. */
const instant = Date.UTC(2026, 0, 10, 15, 0, 0);
/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;
const stakeMinor = 1_000;
/** Shares a tipster needs to be ranked (docs/community.md, Ranking). */
const rankedAt = 20;
/** Of the 20 bets, the first 15 win and the rest lose. */
const winning = 15;
const hour = 3_600_000;

type Ranking = { window: number; minOrders: number; records: RankedTipster[]; total: number };

/**
 * Matches of the still world that start in an hour or more, taken by id so every run picks the
 * same ones, with an open 1X2 outcome priced at 1.50 or more (well above the ranking's 1.30).
 */
function rankablePicks(events: EventSnapshot[], count: number): Pick[] {
  const byId = [...events].sort((one, other) => one.fixture.eventId - other.fixture.eventId);
  return preMatchPicks(byId, count, {
    where: (event) => event.fixture.startTime > instant + hour,
    minOdds: 1.5,
  });
}

/**
 * The picks' results, as settlement gets them in production: recorded in the catalogue, then
 * delivered by the feed; answers once the settlement worker has settled them.
 */
async function settle(server: Awaited<ReturnType<typeof startStillServer>>, picks: Pick[]) {
  const { testApp, feed } = server;
  const worker = testApp.modules.settlement.worker;
  if (!worker) throw new Error('no settlement worker');
  const recorder = createCatalogue(testApp.database.db).startRecording('manual:tipsters-e2e');
  const messages: FeedMessage[] = picks.map((pick, index) => ({
    type: 'bet_settlement',
    eventId: pick.event.fixture.eventId,
    sportId: pick.event.fixture.sportId,
    timestamp: feed.simulator.now(),
    seq: 100_000 + index,
    result: { homeScore: 1, awayScore: 0, periodScores: [] },
    markets: [
      {
        playId: pick.market.playId,
        specifiers: pick.market.specifiers,
        outcomes: pick.market.outcomes.map((entry) => ({
          id: entry.id,
          result: entry.id === pick.outcomeId && index < winning ? 1 : 0,
          voidFactor: 0,
        })),
      },
    ],
  }));
  const at = Date.now();
  recorder.record(messages, { callerTime: at, feedTime: at });
  await recorder.flush();
  feed.push(messages);
  await worker.idle();
}

describe.skipIf(!hasChromium)('the top tipsters on the member site, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startStillServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let tipster: TestMember | undefined;
  let picks: Pick[] = [];
  const codes: string[] = [];

  beforeAll(async () => {
    server = await startStillServer('tipsters-e2e', { instant });
    picks = rankablePicks(server.feed.simulator.snapshot().events, rankedAt);
    browser = await launchBrowser('sb-web-tipsters');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  it('says that nobody is ranked yet, and the rule', async () => {
    if (!server) throw new Error('server did not start');
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${server.url}/#/community?tab=tipsters`);
    await byTestId(page, 'tipsters-empty').waitFor({ timeout: 30_000 });
    expect(await byTestId(page, 'tipsters-empty').textContent()).toBe(
      'No tipster is ranked over the last 30 days yet.',
    );
    expect(await byTestId(page, 'tipsters-rule').textContent()).toContain(
      'at least 20 settled shares',
    );
    await checkScreen(page, 'tipsters-empty-en', { within: '[data-testid="tipsters-tab"]' });
  }, 120_000);

  it('ranks a tipster after 20 settled shares placed before kick-off, and opens their profile', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, url } = server;
    const { member } = await fundedAccount(testApp, fundedMinor);
    tipster = member;
    for (const pick of picks) {
      const order = expectOk(await placeBet(testApp, member, single(pick, stakeMinor)));
      const shared = expectOk(
        await testApp.call<{ code: string }>(shareCreate.path, {
          ...member.auth,
          orderNo: order.orderNo,
          privacy: codes.length === 0 ? 'no_amounts' : 'all',
        }),
      );
      codes.push(shared.code);
    }
    await settle(server, picks);
    await testApp.modules.community.freezeSettled();
    const ranking = expectOk(
      await testApp.call<Ranking>('/trade/order/master/rank', { window: 30 }),
    );
    const expected = ranking.records.find((record) => record.tipsterId === member.userId);
    expect(expected).toMatchObject({ orders: rankedAt, wins: winning, winRate: 7_500 });
    if (!expected) throw new Error('the tipster is not ranked');

    await page.setViewportSize(viewports.desktop);
    // The page is still open on the empty ranking: loaded again, it asks again.
    await page.goto(`${url}/#/community?tab=tipsters`);
    await page.reload();
    const row = page.locator(`[data-testid="tipster-rank"][data-tipster-id="${member.userId}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('data-rank')).toBe(String(expected.rank));
    expect(await row.getByTestId('tipster-rank-name').textContent()).toBe(expected.name);
    expect(expected.name).toContain('***');
    expect(await row.getByTestId('tipster-rank-orders').textContent()).toBe('20');
    expect(await row.getByTestId('tipster-rank-win-rate').textContent()).toBe('75%');
    expect(await row.getByTestId('tipster-rank-yield').textContent()).toBe(
      percentOfUnits(expected.yield),
    );
    expect(await row.getByTestId('tipster-rank-score').textContent()).toBe(
      percentOfUnits(expected.score),
    );
    expect(await row.getByTestId('tipster-rank-streak').textContent()).toBe(
      String(expected.longestWinStreak),
    );
    await checkScreen(page, 'tipsters-tab-en', {
      within: '[data-testid="tipsters-tab"]',
      narrowest: true,
    });

    // Every window holds today: the 7-day one ranks the tipster too.
    await byTestId(page, 'tipsters-window-7').click();
    await expect
      .poll(() => byTestId(page, 'tipsters-window-7').getAttribute('aria-pressed'))
      .toBe('true');
    await row.waitFor();
    // A sport none of the bets is of ranks nobody.
    const sportIds = new Set<number>(picks.map((pick) => pick.event.fixture.sportId));
    const otherSport = [31, 23, 20, 5, 4].find((sportId) => !sportIds.has(sportId));
    await byTestId(page, 'tipsters-sport').selectOption(String(otherSport));
    await byTestId(page, 'tipsters-empty').waitFor();
    expect(await byTestId(page, 'tipsters-empty').textContent()).toBe(
      'No tipster is ranked over the last 7 days yet.',
    );
    await byTestId(page, 'tipsters-sport').selectOption('0');

    // The row opens the tipster's profile, with Follow for a visitor.
    await row.click();
    const panel = byTestId(page, 'tipster-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-tipster-id')).toBe(String(member.userId));
    await expect.poll(() => byTestId(page, 'tipster-settled').textContent()).toBe('20');
    expect(await byTestId(page, 'tipster-win-rate').textContent()).toBe('75%');
    expect(await byTestId(page, 'tipster-follow').count()).toBe(1);
    await checkScreen(page, 'tipsters-profile-en', { within: '[data-testid="tipsters-tab"]' });
  }, 300_000);

  it('saves a share’s card as a JPEG, with only what its privacy shows', async () => {
    if (!server) throw new Error('server did not start');
    const [code] = codes;
    if (!code) throw new Error('no share');
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${server.url}/#/share/${code}`);
    await byTestId(page, 'share-verify').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'share-save-image').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`share-${code}.jpg`);
    const saved = `${screenshotDir}/tipsters-share-card.jpg`;
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    // A JPEG starts with its SOI marker and ends with its EOI marker.
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(bytes.length).toBeGreaterThan(5_000);
    await checkScreen(page, 'tipsters-share-page-en', { within: '[data-testid="share-page"]' });
  }, 120_000);

  it('shows the ranking in Chinese', async () => {
    if (!server || !tipster) throw new Error('no tipster');
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(`${server.url}/#/community?tab=tipsters`);
    await page.reload();
    const row = page.locator(`[data-testid="tipster-rank"][data-tipster-id="${tipster.userId}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(
      await page.locator('[data-testid="community-tab"][data-tab="tipsters"]').textContent(),
    ).toBe('达人榜');
    expect(await byTestId(page, 'tipsters-window-7').textContent()).toBe('近7天');
    expect(await byTestId(page, 'tipsters-rule').textContent()).toContain('至少 20 条');
    await checkScreen(page, 'tipsters-tab-zh', {
      within: '[data-testid="tipsters-tab"]',
      narrowest: true,
    });
    await page.goto(`${server.url}/#/share/${codes[1]}`);
    await byTestId(page, 'share-verify').waitFor();
    expect(await byTestId(page, 'share-save-image').textContent()).toBe('保存为图片');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'share-save-image').click(),
    ]);
    await download.saveAs(`${screenshotDir}/tipsters-share-card-zh.jpg`);
    await checkScreen(page, 'tipsters-share-page-zh', { within: '[data-testid="share-page"]' });
  }, 120_000);
});
