import { randomUUID } from 'node:crypto';
import {
  activityCampaignCreate,
  activityLimit,
  campaignFund,
  type DeskCampaign,
} from '@sb/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import {
  adminCall,
  createOperator,
  operatorToken,
  type TestOperator,
} from '../../server/test/operators/helpers';
import { createPost, postFields } from '../../server/test/site-content/helpers';
import { cny, expectOk } from '../../server/test/withdrawals/helpers';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, fundedAccount, preMatchPicks, startStillServer } from './helpers';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('activities');

/**
 * When the suite starts: the server keeps the real clock, which the console's own session check
 * reads too (a held clock would end the operator's session on the browser's).
 */
const instant = Date.now();
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

function startServer() {
  return startStillServer('activities-e2e');
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Publishes an activity post for every language through the site desk. */
async function publishActivityPost(server: Server, title: string): Promise<number> {
  const editor = await operatorToken(server.testApp, ['support'], instant);
  const post = await createPost(
    server.testApp,
    editor,
    postFields(instant, {
      kind: 'activity',
      title,
      body: `${title}: the terms follow.`,
      rules: 'Settled bets in the window count.',
      startsAt: instant - dayMs,
      endsAt: instant + 8 * dayMs,
    }),
  );
  return post.id;
}

/** Creates an activity campaign through the desk's call and funds it, running from now. */
async function createFundedActivity(
  server: Server,
  financeToken: string,
  fields: Record<string, unknown>,
): Promise<DeskCampaign> {
  const created = expectOk(
    await adminCall<DeskCampaign>(server.testApp, activityCampaignCreate.path, {
      bearer: financeToken,
      fields: {
        currencyId: cny.currencyId,
        startsAt: instant - hourMs,
        endsAt: instant + 7 * dayMs,
        idempotencyKey: randomUUID(),
        ...fields,
      },
    }),
  );
  return expectOk(
    await adminCall<DeskCampaign>(server.testApp, campaignFund.path, {
      bearer: financeToken,
      fields: { id: created.id, reason: 'Activity approved' },
    }),
  );
}

async function logIn(page: Page, url: string, account: string, password: string) {
  await page.goto(`${url}/#/index`);
  await byTestId(page, 'login-open').click();
  await byTestId(page, 'login-account').fill(account);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await byTestId(page, 'account-name').waitFor();
}

/**
 * Runs against a server that answers the activity calls (the activities' server side); on a
 * server without them the suite has nothing to drive and each case says so by skipping.
 */
describe.skipIf(!hasChromium)(
  'activities that pay, on the member site and the desk, in Chromium',
  () => {
    let server: Server | undefined;
    let browser: TestBrowser | undefined;
    let page: Page;
    let hasActivities = false;
    let financeToken = '';
    let finance: TestOperator;
    let account = '';
    let password = '';
    let qualifyPostId = 0;
    let specialPostId = 0;
    let qualifyId = 0;
    let specialId = 0;

    beforeAll(async () => {
      server = await startServer();
      hasActivities = server.testApp.app.hasRoute({ method: 'POST', url: activityLimit.path });
      if (!hasActivities) return;
      financeToken = await operatorToken(server.testApp, ['finance'], instant);
      finance = await createOperator(server.testApp.database, ['finance', 'support']);
      qualifyPostId = await publishActivityPost(server, 'Five bets, one reward');
      specialPostId = await publishActivityPost(server, 'Boosted home win');
      qualifyId = (
        await createFundedActivity(server, financeToken, {
          titleEn: 'Five bets, one reward',
          titleZh: '五注有奖',
          titleZht: '五注有獎',
          postId: qualifyPostId,
          money: 'cash',
          total: 100_000,
          rule: {
            type: 'qualify',
            sportIds: [1],
            playIds: [],
            minOdds: 15_000,
            minStake: 1_000,
            measure: 'count',
            target: 5,
            reward: 1_800,
          },
        })
      ).id;
      const [pick] = preMatchPicks(server.feed.simulator.snapshot().events, 1);
      if (!pick) throw new Error('no pick in the world');
      specialId = (
        await createFundedActivity(server, financeToken, {
          titleEn: 'Boosted home win',
          titleZh: '主胜加赔',
          titleZht: '主勝加賠',
          postId: specialPostId,
          money: 'cash',
          total: 500_000,
          rule: {
            type: 'special',
            optId: pick.optId,
            gameId: pick.event.fixture.eventId,
            boostedOdds: Math.round(pick.odds * 10_000) + 10_000,
            stakeCap: 10_000,
          },
        })
      ).id;
      const funded = await fundedAccount(server.testApp, 100_000);
      account = funded.account;
      password = funded.member.password;
      browser = await launchBrowser('sb-web-activities');
      page = browser.page;
      await page.setViewportSize(viewports.desktop);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.testApp.close();
    });

    it('asks a visitor to sign in on an activity post', async (context) => {
      if (!hasActivities || !server) return context.skip();
      await page.goto(`${server.url}/#/community?tab=activities&activity=${qualifyPostId}`);
      await byTestId(page, 'activity-detail').waitFor();
      await byTestId(page, 'activity-sign-in').waitFor();
    });

    it('shows a member the rule and their progress, at every width', async (context) => {
      if (!hasActivities || !server) return context.skip();
      await logIn(page, server.url, account, password);
      await page.goto(`${server.url}/#/community?tab=activities&activity=${qualifyPostId}`);
      const standing = byTestId(page, 'activity-standing');
      await standing.waitFor({ timeout: 30_000 });
      expect(await standing.getAttribute('data-type')).toBe('qualify');
      const progress = byTestId(page, 'activity-progress');
      expect(await progress.getAttribute('data-counted')).toBe('0');
      expect(await progress.getAttribute('data-target')).toBe('5');
      expect(await progress.getAttribute('data-state')).toBe('running');
      expect(await byTestId(page, 'activity-progress-text').textContent()).toBe(
        'Settled bets: 0 of 5',
      );
      expect(await byTestId(page, 'activity-rule').textContent()).toContain('Football');
      expect(await byTestId(page, 'activity-reward').textContent()).toContain('18.00 CNY in cash');
      await checkScreen(page, 'activities-qualify', { shown: standing, narrowest: true });
    });

    it('places a special bet at boosted odds, within what is left of its caps', async (context) => {
      if (!hasActivities || !server) return context.skip();
      await page.goto(`${server.url}/#/community?tab=activities&activity=${specialPostId}`);
      const special = byTestId(page, 'activity-special');
      await special.waitFor({ timeout: 30_000 });
      expect(await byTestId(page, 'activity-stake-left').textContent()).toBe('100.00 CNY');
      expect(await byTestId(page, 'activity-liability-left').textContent()).toBe('5,000.00 CNY');
      await checkScreen(page, 'activities-special', { shown: special, narrowest: true });
      // Above what is left of the member's cap: said beside the stake, the button held back.
      await byTestId(page, 'activity-stake').fill('150');
      await byTestId(page, 'activity-stake-problem').waitFor();
      expect(await byTestId(page, 'activity-place').isDisabled()).toBe(true);
      await byTestId(page, 'activity-stake').fill('40');
      await byTestId(page, 'activity-place').click();
      const placed = byTestId(page, 'activity-placed');
      await placed.waitFor({ timeout: 30_000 });
      expect(await byTestId(page, 'activity-placed-stake').textContent()).toBe('40.00 CNY');
      expect(await byTestId(page, 'activity-placed-order').textContent()).not.toBe('');
      await expect
        .poll(() => byTestId(page, 'activity-stake-left').textContent(), { timeout: 10_000 })
        .toBe('60.00 CNY');
    });

    it('shows the desk both activities by kind, and creates one from its form', async (context) => {
      if (!hasActivities || !server) return context.skip();
      await page.goto(`${server.url}/console.html`);
      await byTestId(page, 'login-username').fill(finance.username);
      await byTestId(page, 'login-password').fill(finance.password);
      await byTestId(page, 'login-continue').click();
      await byTestId(page, 'login-totp').fill(totpCodeAt(finance.totpSecret, Date.now()));
      await byTestId(page, 'operator-name').waitFor();
      await page.goto(`${server.url}/console.html#/promotions`);
      await byTestId(page, 'promotions-desk').waitFor();
      await byTestId(page, 'campaign-kind-filter').selectOption('activity');
      const qualifyCard = byTestId(page, `campaign-${qualifyId}`);
      await qualifyCard.waitFor({ timeout: 15_000 });
      expect(await qualifyCard.getAttribute('data-kind')).toBe('activity');
      expect(await byTestId(page, `campaign-${qualifyId}-post`).textContent()).toContain(
        'Five bets, one reward',
      );
      expect(await byTestId(page, `campaign-${specialId}-rule`).textContent()).toContain(
        'Special bet',
      );
      await byTestId(page, 'activity-new').click();
      await byTestId(page, 'activity-field-titleEn').fill('Ten bets');
      await byTestId(page, 'activity-field-titleZh').fill('十注有奖');
      await byTestId(page, 'activity-field-titleZht').fill('十注有獎');
      await byTestId(page, 'activity-post').selectOption(String(qualifyPostId));
      await byTestId(page, 'activity-field-total').fill('500');
      await byTestId(page, 'activity-field-target').fill('10');
      await byTestId(page, 'activity-field-reward').fill('600');
      await byTestId(page, 'activity-submit').click();
      // The form's own check: the reward is more than the budget.
      await byTestId(page, 'activity-problem').waitFor();
      await byTestId(page, 'activity-field-reward').fill('50');
      await byTestId(page, 'activity-submit').click();
      const result = byTestId(page, 'promotions-result');
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toMatch(/^Activity #\d+ created as a draft\.$/);
      await checkScreen(page, 'activities-desk', { narrowest: true });
    });
  },
);
