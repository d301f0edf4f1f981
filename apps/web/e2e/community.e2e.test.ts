import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken } from '../../server/test/operators/helpers';
import { createPost, postFields } from '../../server/test/site-content/helpers';
import type { TestApp } from '../../server/test/test-app';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { startStillServer } from './helpers';
import { checkScreen, screenshotDir, viewports } from './screens';

warnWithoutChromium('community');

/** The instant the server's clock and the feed stand at, so every date on screen is the same. */
const instant = Date.UTC(2026, 0, 10, 16, 0, 0);
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** What an editor publishes in each language, and what the page must then say. */
const posts = {
  en: {
    notice: 'Site maintenance on Tuesday from 02:00 to 04:00.',
    news: 'Cup quarter-final draw announced',
    newsBody:
      'The draw for the quarter-finals took place this morning.\nFixtures follow below.\n\nKick-off times are in the match list.',
    activity: 'Weekend accumulator boost',
    activityBody: 'Place an accumulator of four legs or more and get a 10% boost on winnings.',
    rules: '1. Minimum odds 1.50 per leg.\n2. One boost per member per weekend.',
    terms: 'Terms and conditions',
    back: 'Back to news',
    period: '2026-01-09 12:00 – 2026-01-18 12:00',
  },
  zh: {
    notice: '周二 02:00 至 04:00 系统维护。',
    news: '杯赛八强抽签结果出炉',
    newsBody: '八强抽签已于今晨完成。\n对阵如下。\n\n开球时间请见赛事列表。',
    activity: '周末串关加奖',
    activityBody: '投注四串一及以上串关，赢得奖金可获10%加奖。',
    rules: '1. 每场赔率不低于1.50。\n2. 每位会员每个周末限一次。',
    terms: '活动规则',
    back: '返回新闻',
    period: '2026-01-09 12:00 至 2026-01-18 12:00',
  },
} as const;
type Language = keyof typeof posts;

function startServer() {
  return startStillServer('community-e2e', { instant, now: () => new Date(instant) });
}

/** Publishes each language's notice, article and activity through the site desk's calls. */
async function publishPosts(testApp: TestApp) {
  const editor = await operatorToken(testApp, ['support'], instant);
  for (const language of ['en', 'zh'] as const) {
    const text = posts[language];
    await createPost(
      testApp,
      editor,
      postFields(instant, { language, title: text.notice, startsAt: instant - 2 * hourMs }),
    );
    await createPost(
      testApp,
      editor,
      postFields(instant, { kind: 'news', language, title: text.news, body: text.newsBody }),
    );
    await createPost(
      testApp,
      editor,
      postFields(instant, {
        kind: 'activity',
        language,
        title: text.activity,
        body: text.activityBody,
        rules: text.rules,
        linkUrl: '#/index?tab=today',
        startsAt: instant - dayMs,
        endsAt: instant + 8 * dayMs,
      }),
    );
  }
}

describe.skipIf(!hasChromium)('the community page, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    await publishPosts(server.testApp);
    browser = await launchBrowser('sb-web-community');
    page = browser.page;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  /** Opens the site in `language`, then the community page from the header's link. */
  async function openCommunity(language: Language) {
    if (!server) throw new Error('server did not start');
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${server.url}/#/index`);
    await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
    await page.reload();
    await page.getByTestId('nav-community').click();
    await page.getByTestId('community-page').waitFor();
  }

  for (const language of ['en', 'zh'] as const) {
    const text = posts[language];

    it(`lists news and notices, opens an article and comes back (${language})`, async () => {
      await openCommunity(language);
      const items = page.getByTestId('news-item');
      await items.first().waitFor({ timeout: 30_000 });
      // Newest first: the article (an hour old) before the notice (two hours old).
      expect(await items.evaluateAll((all) => all.map((item) => item.dataset.kind))).toEqual([
        'news',
        'notice',
      ]);
      await expect.poll(() => items.nth(1).textContent()).toContain(text.notice);
      expect(await items.first().textContent()).toContain(text.news);
      expect(await items.first().textContent()).toContain('2026-01-10 11:00');
      await checkScreen(page, `community-news-${language}`, { narrowest: language === 'en' });
      // The header's row of links holds one more: every link fits on a narrow desktop too.
      for (const width of [1100, viewports.desktop.width]) {
        await page.setViewportSize({ width, height: viewports.desktop.height });
        const nav = page.locator('.header-nav');
        const overflow = await nav.evaluate((row) => row.scrollWidth - row.clientWidth);
        expect(overflow, `header links at ${width} px`).toBeLessThanOrEqual(0);
        expect(await page.getByTestId('nav-community').isVisible()).toBe(true);
      }
      await page.setViewportSize({ width: 1100, height: viewports.desktop.height });
      await page.screenshot({ path: `${screenshotDir}/community-news-${language}-1100.png` });

      // On a phone: the article opens over the list, and the phone's Back closes it.
      await page.setViewportSize(viewports.phone);
      await items.first().getByTestId('news-open').click();
      const article = page.getByTestId('news-article');
      await article.getByRole('heading', { name: text.news }).waitFor();
      expect(await article.getByTestId('news-article-body').locator('p').count()).toBe(2);
      expect(await page.getByTestId('news-list').count()).toBe(0);
      await checkScreen(page, `community-article-${language}`);
      await page.goBack();
      await page.getByTestId('news-list').waitFor();
      expect(await page.getByTestId('news-article').count()).toBe(0);

      // The view's own way back does the same, and the article has an address of its own.
      await items.first().getByTestId('news-open').click();
      await article.waitFor();
      const articleUrl = page.url();
      expect(articleUrl).toMatch(/[?&]news=\d+/);
      await page.getByTestId('news-back').click();
      await page.getByTestId('news-list').waitFor();
      expect(await page.getByTestId('news-back').count()).toBe(0);
      await page.goto(articleUrl);
      await article.getByRole('heading', { name: text.news }).waitFor();
      await page.getByRole('button', { name: text.back }).click();
      await page.getByTestId('news-list').waitFor();
    }, 120_000);

    it(`shows an activity, its period and its terms (${language})`, async () => {
      await openCommunity(language);
      await page.locator('[data-testid="community-tab"][data-tab="activities"]').click();
      const item = page.getByTestId('activity-item');
      await item.first().waitFor({ timeout: 30_000 });
      expect(await item.count()).toBe(1);
      expect(await item.first().textContent()).toContain(text.activity);
      expect(await item.first().getByTestId('activity-period').textContent()).toBe(text.period);
      await checkScreen(page, `community-activities-${language}`);

      await page.setViewportSize(viewports.phone);
      await item.first().getByTestId('activity-open').click();
      const detail = page.getByTestId('activity-detail');
      await detail.getByRole('heading', { name: text.activity }).waitFor();
      expect(await detail.getByTestId('activity-body').textContent()).toBe(text.activityBody);
      const terms = detail.getByTestId('activity-terms');
      expect(await terms.getByRole('heading').textContent()).toBe(text.terms);
      expect(await terms.textContent()).toContain(text.rules.split('\n')[1]);
      await checkScreen(page, `community-activity-${language}`, { shown: terms });
      await page.setViewportSize(viewports.phone);
      await page.goBack();
      await page.getByTestId('activity-list').waitFor();
    }, 120_000);
  }

  it('leads back from #/mini/community to the matches', async () => {
    if (!server) throw new Error('server did not start');
    await page.goto(`${server.url}/#/mini/index`);
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(`${server.url}/#/mini/community`);
    await page.reload();
    await page.getByTestId('news-item').first().waitFor({ timeout: 30_000 });
    await checkScreen(page, 'community-mini-zh');
    await page.getByTestId('community-back').click();
    await page.waitForURL(/#\/mini\/index/);
  }, 60_000);

  it('says so in the member’s language when there is nothing to show', async () => {
    if (!server) throw new Error('server did not start');
    await page.setViewportSize(viewports.phone);
    await page.evaluate(() => localStorage.setItem('lang', 'zht'));
    await page.goto(`${server.url}/#/community?tab=activities&activity=999999`);
    await page.reload();
    expect(await page.getByTestId('news-not-found').textContent()).toBe('該活動已結束或已下線。');
    await page.getByTestId('news-back').click();
    // zht has no posts of its own: both lists say they are empty. Each read names the panel
    // of its tab, so it waits for that tab's list rather than reading the one before the click.
    const emptyOf = (tab: string) =>
      page.locator(
        `#community-panel[aria-labelledby="community-tab-${tab}"] [data-testid="news-empty"]`,
      );
    expect(await emptyOf('activities').textContent()).toBe('暫無進行中的活動。');
    await page.locator('[data-testid="community-tab"][data-tab="news"]').click();
    expect(await emptyOf('news').textContent()).toBe('暫無新聞或公告。');
  }, 60_000);
});
