import { randomUUID } from 'node:crypto';
import {
  campaignClose,
  campaignFund,
  type DeskCampaign,
  envelopeCampaignCreate,
  type MemberEnvelope,
  memberEnvelopeActivity,
} from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { adminCall, operatorToken } from '../../server/test/operators/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, expectOk, fund, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, screenshotDir, viewports } from './screens';
import { createStillFeed } from './still-feed';
import { worldClock } from './world-clock';

warnWithoutChromium('promotions');

/** The instant the feed is held at and the server's clock starts from. */
const instant = Date.UTC(2026, 0, 10, 15, 0, 0);
const hourMs = 60 * 60 * 1_000;
/** A campaign starts this long after it is funded: the member is on the page to see it. */
const startDelayMs = 4_000;

async function startServer() {
  const feed = createStillFeed('promotions-e2e', instant);
  const clock = worldClock(instant);
  const testApp = await createTestApp({
    feedProvider: feed.provider,
    webDistDir,
    now: () => new Date(clock()),
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, clock, url: `http://127.0.0.1:${address.port}` };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * An operator of the finance desk creates a campaign through the desk's calls and funds it; it
 * starts `startDelayMs` from now, so the member's page sees it start.
 */
async function createFundedCampaign(
  server: Server,
  financeToken: string,
  fields: Record<string, unknown>,
): Promise<DeskCampaign> {
  const startsAt = server.clock() + startDelayMs;
  const created = expectOk(
    await adminCall<DeskCampaign>(server.testApp, envelopeCampaignCreate.path, {
      bearer: financeToken,
      fields: {
        currencyId: cny.currencyId,
        startsAt,
        endsAt: startsAt + hourMs,
        idempotencyKey: randomUUID(),
        ...fields,
      },
    }),
  );
  return expectOk(
    await adminCall<DeskCampaign>(server.testApp, campaignFund.path, {
      bearer: financeToken,
      fields: { id: created.id, reason: 'Weekend promotion approved' },
    }),
  );
}

const cashCampaign = {
  titleEn: 'Weekend cash envelopes',
  titleZh: '周末现金红包',
  titleZht: '週末現金紅包',
  money: 'cash',
  total: 10_000,
  count: 10,
  minAmount: 500,
  maxAmount: 1_500,
};

const bonusCampaign = {
  titleEn: 'Derby bonus envelopes',
  titleZh: '德比红利红包',
  titleZht: '德比紅利紅包',
  money: 'bonus',
  rolloverMultiple: 5,
  bonusDays: 7,
  maxStake: 20_000,
  total: 20_000,
  count: 5,
  minAmount: 2_000,
  maxAmount: 6_000,
};

/** A campaign for members who deposited 100.00 in the last 7 days: the suite's member has not. */
const depositorsCampaign = {
  titleEn: 'Depositors only',
  titleZh: '存款会员专享',
  titleZht: '存款會員專享',
  money: 'cash',
  total: 5_000,
  count: 5,
  minAmount: 1_000,
  maxAmount: 1_000,
  minDeposit: 10_000,
  eligibilityDays: 7,
};

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

function campaignCard(page: Page, id: number) {
  return page.locator(`[data-testid="envelope-campaign"][data-id="${id}"]`);
}

async function logIn(page: Page, url: string, account: string, password: string) {
  await page.goto(`${url}/#/index`);
  await byTestId(page, 'login-open').click();
  await byTestId(page, 'login-account').fill(account);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await byTestId(page, 'account-name').waitFor();
}

/** The member's campaigns as the server answers them, to hold the page to. */
async function memberCampaigns(testApp: TestApp, member: TestMember, mine = false) {
  const answer = await testApp.call<{ records: MemberEnvelope[] }>(memberEnvelopeActivity.path, {
    ...member.auth,
    mine,
  });
  return expectOk(answer).records;
}

/**
 * Opens the envelope, grabs it and reads the amount while it counts: every frame in the money
 * format, rising, the last the exact amount. Answers the final text.
 */
async function grabAndWatch(page: Page, id: number): Promise<string> {
  await campaignCard(page, id).getByTestId('envelope-open').click();
  const dialog = byTestId(page, 'envelope-dialog');
  await dialog.waitFor();
  await checkScreen(page, `promotions-envelope-${id}`, { shown: dialog });
  await byTestId(page, 'envelope-grab').click();
  const amount = byTestId(page, 'envelope-amount');
  await amount.waitFor();
  const frames: string[] = [];
  const startedAt = Date.now();
  while (Date.now() - startedAt < 3_000) {
    frames.push((await amount.textContent()) ?? '');
    await page.waitForTimeout(40);
  }
  const amountMinor = Number(await amount.getAttribute('data-amount'));
  const final = formatDisplayAmount(amountMinor, 2);
  expect(frames.at(-1)).toBe(final);
  expect(await amount.getAttribute('data-done')).toBe('true');
  for (const frame of frames) expect(frame).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  const values = frames.map((frame) => Number(frame.replaceAll(',', '')));
  for (let index = 1; index < values.length; index += 1)
    expect(values[index]).toBeGreaterThanOrEqual(values[index - 1] as number);
  // It counted: values below the amount were shown on the way there.
  expect(new Set(frames.filter((frame) => frame !== final)).size).toBeGreaterThan(2);
  return final;
}

describe.skipIf(!hasChromium)(
  'red envelopes and bonus money on the member site, in Chromium',
  () => {
    let server: Server | undefined;
    let browser: TestBrowser | undefined;
    let page: Page;
    let member: TestMember | undefined;
    let financeToken = '';
    let cashId = 0;
    let bonusId = 0;

    beforeAll(async () => {
      server = await startServer();
      financeToken = await operatorToken(server.testApp, ['finance'], server.clock());
      const { account, password, session } = await registerMember(server.testApp);
      member = { session, password, userId: session.memberId, auth: authOf(session) };
      // Money put in by the test's own funding, which no deposit condition counts.
      await fund(server.testApp, session.memberId, cny.currencyId, 20_000);
      // Amounts count as members see them: the suite reads the frames of the count-up.
      browser = await launchBrowser('sb-web-promotions', { reducedMotion: 'no-preference' });
      page = browser.page;
      await page.setViewportSize(viewports.desktop);
      await logIn(page, server.url, account, password);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.testApp.close();
    });

    it('sees a cash campaign start on the page, grabs it and sees the amount counted up', async () => {
      if (!server || !member) throw new Error('server did not start');
      await byTestId(page, 'nav-promotions').click();
      await byTestId(page, 'promotions-empty').waitFor({ timeout: 30_000 });
      await checkScreen(page, 'promotions-empty');

      const campaign = await createFundedCampaign(server, financeToken, cashCampaign);
      cashId = campaign.id;
      // Nothing reloads the page: the `envelope` push at the start brings the campaign in.
      const card = campaignCard(page, cashId);
      await card.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => card.getAttribute('data-status'), { timeout: 30_000 })
        .toBe('running');
      expect(await card.getAttribute('data-grab')).toBe('grabbable');
      expect(await card.getByTestId('envelope-range').textContent()).toBe('5.00 – 15.00 CNY');
      expect(await card.getByTestId('envelope-claimed-count').textContent()).toBe('0 / 10');
      expect(await card.getByTestId('envelope-commitment').getAttribute('data-commitment')).toBe(
        campaign.envelope?.commitment,
      );
      await checkScreen(page, 'promotions-running', { shown: card, narrowest: true });

      const final = await grabAndWatch(page, cashId);
      const [mine] = await memberCampaigns(server.testApp, member, true);
      expect(mine?.id).toBe(cashId);
      expect(final).toBe(formatDisplayAmount(mine?.claim?.amount ?? -1, 2));
      await checkScreen(page, 'promotions-grabbed', { shown: byTestId(page, 'envelope-dialog') });

      await byTestId(page, 'envelope-done').click();
      await expect.poll(() => card.getAttribute('data-grab')).toBe('claimed');
      expect(await card.getByTestId('envelope-claim').textContent()).toContain(`${final} CNY`);
      expect(await card.getByTestId('envelope-claimed-count').textContent()).toBe('1 / 10');

      // The history tab holds the envelope grabbed.
      await page.locator('[data-testid="promotions-tab"][data-tab="mine"]').click();
      await page.locator('[data-testid="promotions-list"][data-tab="mine"]').waitFor();
      expect(await page.getByTestId('envelope-campaign').count()).toBe(1);
      await checkScreen(page, 'promotions-mine');
      await page.locator('[data-testid="promotions-tab"][data-tab="all"]').click();
    }, 180_000);

    it('tells a member elsewhere on the site that a campaign started; one they may not grab says why', async () => {
      if (!server) throw new Error('server did not start');
      await page.goto(`${server.url}/#/index`);
      await byTestId(page, 'account-name').waitFor();
      const campaign = await createFundedCampaign(server, financeToken, depositorsCampaign);
      const notice = byTestId(page, 'envelope-start-notice');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.getAttribute('data-id')).toBe(String(campaign.id));
      await checkScreen(page, 'promotions-notice', {
        shown: notice,
        within: '.envelope-start-notice',
        narrowest: true,
      });
      await byTestId(page, 'envelope-start-go').click();
      await byTestId(page, 'promotions-page').waitFor();
      expect(await notice.count()).toBe(0);

      const card = campaignCard(page, campaign.id);
      await expect
        .poll(() => card.getAttribute('data-grab'), { timeout: 30_000 })
        .toBe('ineligible');
      expect(await card.getByTestId('envelope-open').count()).toBe(0);
      // Every envelope of it holds the same: one amount, not a range.
      expect(await card.getByTestId('envelope-range').textContent()).toBe('10.00 CNY');
      expect(await card.getByTestId('envelope-state').textContent()).toBe(
        'You do not meet the conditions of this promotion',
      );
      expect(await card.locator('[data-condition="minDeposit"]').textContent()).toBe(
        'Deposits of 100.00 CNY or more in the last 7 days',
      );
      await checkScreen(page, 'promotions-ineligible', { shown: card });
    }, 120_000);

    it('sees a bonus campaign start, grabs it, and finds the bonus and its rollover in the center wallet', async () => {
      if (!server || !member) throw new Error('server did not start');
      await byTestId(page, 'promotions-page').waitFor();
      const campaign = await createFundedCampaign(server, financeToken, bonusCampaign);
      bonusId = campaign.id;
      const card = campaignCard(page, bonusId);
      await expect
        .poll(() => card.getAttribute('data-grab'), { timeout: 30_000 })
        .toBe('grabbable');
      expect(await card.getByTestId('envelope-money').textContent()).toContain(
        'Bonus money: play through ×5 within 7 days',
      );
      expect(await card.getByTestId('envelope-max-stake').textContent()).toBe(
        'Stakes up to 200.00 CNY count',
      );
      const final = await grabAndWatch(page, bonusId);
      expect(await byTestId(page, 'envelope-dialog').textContent()).toContain('×5');
      await byTestId(page, 'envelope-done').click();

      // The center wallet: the cash, the bonus beside it, and the bonus's rollover.
      await byTestId(page, 'wallet-open').click();
      await page.locator('[data-testid="wallet-tab"][data-index="5"]').click();
      const bonusBalance = byTestId(page, 'bonus-balance');
      await bonusBalance.waitFor({ timeout: 30_000 });
      expect(await bonusBalance.textContent()).toBe(final);
      const rollover = byTestId(page, 'rollover-progress');
      await rollover.waitFor({ timeout: 30_000 });
      const bonusMinor = Math.round(Number(final.replaceAll(',', '')) * 100);
      expect(await rollover.getAttribute('data-required')).toBe(String(bonusMinor * 5));
      expect(await rollover.getAttribute('data-counted')).toBe('0');
      expect(await byTestId(page, 'rollover-percent').textContent()).toBe('0%');
      expect(await byTestId(page, 'rollover-counted').textContent()).toBe(
        `0.00 CNY of ${formatDisplayAmount(bonusMinor * 5, 2)} CNY staked`,
      );
      expect(await byTestId(page, 'rollover-max-stake').textContent()).toBe('200.00 CNY');
      await checkScreen(page, 'promotions-center-wallet', { shown: rollover });
      await page.keyboard.press('Escape');
    }, 180_000);

    it("checks a closed campaign's published draw in the browser", async () => {
      if (!server || !cashId) throw new Error('no campaign to close');
      expectOk(
        await adminCall(server.testApp, campaignClose.path, {
          bearer: financeToken,
          fields: { id: cashId, reason: 'Promotion over' },
        }),
      );
      await page.goto(`${server.url}/#/promotions`);
      const card = campaignCard(page, cashId);
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('closed');
      const check = card.getByTestId('envelope-draw-check');
      await expect.poll(() => check.getAttribute('data-check')).toBe('verified');
      expect(await check.textContent()).toContain('Verified');
      await checkScreen(page, 'promotions-closed', { shown: card });
    }, 120_000);

    it('shows the page and the center wallet in Chinese, without English', async () => {
      if (!server) throw new Error('server did not start');
      await page.setViewportSize(viewports.desktop);
      await page.goto(`${server.url}/#/promotions`);
      // The member picks Chinese in the header: the campaigns are read again in it.
      await byTestId(page, 'lang-select').selectOption('zh');
      await campaignCard(page, bonusId).waitFor({ timeout: 30_000 });
      await expect.poll(() => byTestId(page, 'promotions-page').textContent()).toContain('红包');
      const english = () =>
        byTestId(page, 'promotions-page').evaluate((root) => {
          const copy = root.cloneNode(true) as HTMLElement;
          // Codes are the same in every language: the commitment, the seed and the currency.
          for (const code of copy.querySelectorAll('code')) code.remove();
          return (copy.textContent ?? '').replaceAll('CNY', '').match(/[A-Za-z]{2,}/g) ?? [];
        });
      expect(await english()).toEqual([]);
      expect(await campaignCard(page, bonusId).textContent()).toContain('德比红利红包');
      await checkScreen(page, 'promotions-zh', { narrowest: true });

      await byTestId(page, 'wallet-open').click();
      await page.locator('[data-testid="wallet-tab"][data-index="5"]').click();
      const rollover = byTestId(page, 'rollover-progress');
      await rollover.waitFor({ timeout: 30_000 });
      expect(await byTestId(page, 'bonus-rollover').textContent()).toContain('红利流水');
      await checkScreen(page, 'promotions-center-wallet-zh', { shown: rollover });
      await page.setViewportSize(viewports.phone);
      await page.screenshot({ path: `${screenshotDir}/promotions-center-wallet-zh-sheet.png` });
    }, 120_000);

    it('tells a demo player the campaigns are for real-money members, without asking them to sign in', async () => {
      if (!server) throw new Error('server did not start');
      await page.setViewportSize(viewports.desktop);
      // A fresh load: the center wallet the test before left open is gone.
      await page.goto(`${server.url}/#/`);
      await page.reload();
      await byTestId(page, 'lang-select').selectOption('en');
      await byTestId(page, 'logout').click();
      await byTestId(page, 'try-play').click();
      await byTestId(page, 'account-name').waitFor();
      await page.goto(`${server.url}/#/promotions`);
      const note = byTestId(page, 'promotions-demo');
      await note.waitFor();
      expect(await note.textContent()).toContain('real account');
      expect(await byTestId(page, 'promotions-sign-in').count()).toBe(0);
      expect(await byTestId(page, 'promotions-tab').count()).toBe(0);
      expect(await page.getByTestId('envelope-open').count()).toBe(0);
      await checkScreen(page, 'promotions-demo', { shown: note });
    }, 120_000);
  },
);
