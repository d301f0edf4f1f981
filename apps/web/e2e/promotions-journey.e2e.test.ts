import { formatDisplayAmount } from '@sb/domain';
import type { FeedMessage } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import { registerMember } from '../../server/test/identity/helpers';
import {
  createOperator,
  operatorToken,
  type TestOperator,
} from '../../server/test/operators/helpers';
import type { Pick } from '../../server/test/orders/helpers';
import { recordUndelivered } from '../../server/test/settlement/helpers';
import { createPost, postFields } from '../../server/test/site-content/helpers';
import { cny, fund } from '../../server/test/withdrawals/helpers';
import { localInputOf } from '../src/console/promotions/campaign-draft';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, preMatchPicks, startStillServer } from './helpers';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('promotions journey');

const dayMs = 86_400_000;

/**
 * The result of the pick's match as the feed sends it, the pick's outcome won: recorded in the
 * catalogue first, as the real server records the feed, so settlement finds it.
 */
async function settleWon(
  server: Awaited<ReturnType<typeof startStillServer>>,
  pick: Pick,
): Promise<void> {
  const settlement: FeedMessage = {
    type: 'bet_settlement',
    eventId: pick.event.fixture.eventId,
    sportId: pick.event.fixture.sportId,
    timestamp: Date.now(),
    seq: pick.event.seq + 1,
    result: { homeScore: 1, awayScore: 0, periodScores: [] },
    markets: [
      {
        playId: pick.market.playId,
        specifiers: pick.market.specifiers,
        outcomes: pick.market.outcomes.map((outcome) => ({
          id: outcome.id,
          result: outcome.id === pick.outcomeId ? (1 as const) : (0 as const),
          voidFactor: 0 as const,
        })),
      },
    ],
  };
  await recordUndelivered(server.testApp, 'promotions-journey', [settlement]);
  server.feed.push([settlement]);
}

/**
 * Funds campaign `id` from its card on the desk, with `reason` and the check the desk asks for,
 * and waits for it to run; answers the card.
 */
async function fundOnDesk(page: Page, id: number, reason: string) {
  await byTestId(page, `campaign-${id}-fund`).click();
  await byTestId(page, `campaign-${id}-fund-reason`).fill(reason);
  await byTestId(page, `campaign-${id}-fund-confirm`).click();
  await byTestId(page, `campaign-${id}-fund-check-dialog`).waitFor();
  await byTestId(page, `campaign-${id}-fund-check-confirm`).click();
  const card = byTestId(page, `campaign-${id}`);
  await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('running');
  return card;
}

/**
 * Promotions from the desk to the member, both in Chromium at once: a finance operator
 * creates a bonus red-envelope campaign in the console and funds it; the member, on the
 * promotions page all along, sees it start without reloading, grabs an envelope, watches the
 * amount count up, and finds the bonus and its rollover in the center wallet; the desk's figures
 * show the grab. Then an activity of qualifying bets, created and funded in the console: the
 * member's bet from the board on a match of the still world, settled by a result the test
 * sends, reaches its target, and the member sees it paid on the activity's post.
 */
describe.skipIf(!hasChromium)('a promotion from the console to the member site', () => {
  let server: Awaited<ReturnType<typeof startStillServer>>;
  let desk: TestBrowser;
  let site: TestBrowser;
  let finance: TestOperator;
  let campaignId = 0;

  beforeAll(async () => {
    // The real time of the run: the console's form reads the operator's clock.
    server = await startStillServer('promotions-journey');
    finance = await createOperator(server.testApp.database, ['finance']);
    const member = await registerMember(server.testApp);
    await fund(server.testApp, member.session.memberId, cny.currencyId, 10_000);
    desk = await launchBrowser('sb-journey-desk');
    site = await launchBrowser('sb-journey-site', { reducedMotion: 'no-preference' });
    await desk.page.setViewportSize(viewports.desktop);
    await site.page.setViewportSize(viewports.desktop);

    const { page } = site;
    await page.goto(`${server.url}/#/index`);
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(member.account);
    await byTestId(page, 'login-password').fill(member.password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-name').waitFor();
    // The member plays on a phone.
    await page.setViewportSize(viewports.phone);
  }, 180_000);

  afterAll(async () => {
    await desk?.close();
    await site?.close();
    await server?.testApp.close();
  });

  it('the operator creates and funds a bonus campaign; the member sees it start and grabs it', async () => {
    const member = site.page;
    await member.goto(`${server.url}/#/promotions`);
    await byTestId(member, 'promotions-empty').waitFor({ timeout: 30_000 });

    const page = desk.page;
    await page.goto(`${server.url}/console.html`);
    await byTestId(page, 'login-username').fill(finance.username);
    await byTestId(page, 'login-password').fill(finance.password);
    await byTestId(page, 'login-continue').click();
    await byTestId(page, 'login-totp').fill(totpCodeAt(finance.totpSecret, Date.now()));
    await byTestId(page, 'operator-name').waitFor();
    await byTestId(page, 'desk-promotions').click();
    await byTestId(page, 'campaign-new').click();
    await byTestId(page, 'campaign-titleEn').fill('Cup final bonus');
    await byTestId(page, 'campaign-titleZh').fill('决赛红利');
    await byTestId(page, 'campaign-titleZht').fill('決賽紅利');
    await byTestId(page, 'campaign-currency').selectOption(String(cny.currencyId));
    await byTestId(page, 'campaign-money').selectOption('bonus');
    await byTestId(page, 'campaign-rolloverMultiple').fill('3');
    await byTestId(page, 'campaign-bonusDays').fill('7');
    await byTestId(page, 'campaign-maxStake').fill('100');
    await byTestId(page, 'campaign-count').fill('2');
    await byTestId(page, 'campaign-minAmount').fill('5');
    await byTestId(page, 'campaign-maxAmount').fill('15');
    await byTestId(page, 'campaign-total').fill('20');
    // Its window has begun this minute: funded, it opens at the campaign clock's next turn.
    const now = Date.now();
    await byTestId(page, 'campaign-startsAt').fill(localInputOf(now));
    await byTestId(page, 'campaign-endsAt').fill(localInputOf(now + dayMs));
    await byTestId(page, 'campaign-submit').click();
    const result = byTestId(page, 'promotions-result');
    await result.waitFor();
    campaignId = Number(/#(\d+)/.exec((await result.textContent()) ?? '')?.[1]);
    expect(campaignId).toBeGreaterThan(0);

    const deskCard = await fundOnDesk(page, campaignId, 'Cup final budget');

    // The member's page was never reloaded: the campaign's start was pushed to it.
    const card = member.locator(`[data-testid="envelope-campaign"][data-id="${campaignId}"]`);
    await expect.poll(() => card.getAttribute('data-grab'), { timeout: 30_000 }).toBe('grabbable');
    expect(await card.textContent()).toContain('Cup final bonus');
    await card.getByTestId('envelope-open').click();
    await byTestId(member, 'envelope-grab').click();
    const amount = byTestId(member, 'envelope-amount');
    await amount.waitFor();
    const frames: string[] = [];
    while ((await amount.getAttribute('data-done')) !== 'true') {
      frames.push((await amount.textContent()) ?? '');
      await member.waitForTimeout(50);
    }
    const amountMinor = Number(await amount.getAttribute('data-amount'));
    expect(amountMinor).toBeGreaterThanOrEqual(500);
    expect(amountMinor).toBeLessThanOrEqual(1_500);
    const final = formatDisplayAmount(amountMinor, 2);
    expect(await amount.textContent()).toBe(final);
    // It counted up to the amount: lower values on the way, never falling.
    const values = frames.map((frame) => Number(frame.replaceAll(',', '')));
    expect(values.some((value) => value < amountMinor / 100)).toBe(true);
    for (let index = 1; index < values.length; index += 1)
      expect(values[index]).toBeGreaterThanOrEqual(values[index - 1] as number);
    await checkScreen(member, 'journey-grabbed', { shown: byTestId(member, 'envelope-dialog') });
    await byTestId(member, 'envelope-done').click();

    // The bonus and its rollover in the center wallet: three times the envelope to play through.
    await byTestId(member, 'wallet-open').click();
    await member.locator('[data-testid="wallet-tab"][data-index="5"]').click();
    const bonusBalance = byTestId(member, 'bonus-balance');
    await bonusBalance.waitFor({ timeout: 30_000 });
    expect(await bonusBalance.textContent()).toBe(final);
    const rollover = byTestId(member, 'rollover-progress');
    await rollover.waitFor({ timeout: 30_000 });
    expect(await rollover.getAttribute('data-required')).toBe(String(amountMinor * 3));
    expect(await rollover.getAttribute('data-counted')).toBe('0');
    expect(await byTestId(member, 'rollover-max-stake').textContent()).toBe('100.00 CNY');
    await checkScreen(member, 'journey-center-wallet', { shown: rollover });

    // The desk, left open, shows the grab in its figures within its refresh.
    const figure = (name: string) => byTestId(page, `campaign-${campaignId}-${name}`);
    await expect.poll(() => figure('claimed').textContent(), { timeout: 15_000 }).toBe('1 of 2');
    expect(await figure('granted').textContent()).toBe(`${final} CNY`);
    await checkScreen(page, 'journey-desk', { shown: deskCard });
  }, 180_000);

  it('the operator creates and funds a qualifying activity; the member’s settled bet is paid', async () => {
    // The post the activity presents itself by, published through the site desk.
    const editor = await operatorToken(server.testApp, ['support'], Date.now());
    const post = await createPost(
      server.testApp,
      editor,
      postFields(Date.now(), {
        kind: 'activity',
        title: 'One bet, one reward',
        body: 'One settled bet of 10 CNY or more pays 8 CNY.',
        rules: 'Settled bets in the window count.',
        startsAt: Date.now() - dayMs,
        endsAt: Date.now() + 8 * dayMs,
      }),
    );
    // The member's match: the first pre-match one the board shows, picked by id from the world
    // the feed holds still; it stays pre-match until the test sends its result.
    // The page is loaded afresh: the center wallet the first case opened closes.
    const memberPage = site.page;
    await memberPage.setViewportSize(viewports.desktop);
    await memberPage.goto(`${server.url}/#/index`);
    await memberPage.reload();
    const rows = memberPage.locator('[data-testid="match-row"][data-live="false"]');
    await rows.first().waitFor({ timeout: 30_000 });
    const shownIds = await rows.evaluateAll((items) =>
      items.map((item) => Number((item as HTMLElement).dataset.matchId)),
    );
    const [pick] = preMatchPicks(server.feed.simulator.snapshot().events, 1, {
      where: (event) => shownIds.includes(event.fixture.eventId),
    });
    if (!pick) throw new Error('no pre-match pick on the board');
    const { sportId, eventId } = pick.event.fixture;

    // The desk, still signed in: the activity form names the post by id (a finance operator
    // does not read the site's posts).
    const page = desk.page;
    await byTestId(page, 'activity-new').click();
    await byTestId(page, 'activity-field-titleEn').fill('One bet, one reward');
    await byTestId(page, 'activity-field-titleZh').fill('一注有奖');
    await byTestId(page, 'activity-field-titleZht').fill('一注有獎');
    await byTestId(page, 'activity-post-id').fill(String(post.id));
    await byTestId(page, 'activity-currency').selectOption(String(cny.currencyId));
    await byTestId(page, 'activity-field-total').fill('100');
    const now = Date.now();
    await byTestId(page, 'activity-field-startsAt').fill(localInputOf(now));
    await byTestId(page, 'activity-field-endsAt').fill(localInputOf(now + 7 * dayMs));
    await byTestId(page, `activity-sport-${sportId}`).check();
    await byTestId(page, 'activity-field-minStake').fill('10');
    await byTestId(page, 'activity-field-target').fill('1');
    await byTestId(page, 'activity-field-reward').fill('8');
    await byTestId(page, 'activity-submit').click();
    const result = byTestId(page, 'promotions-result');
    await expect
      .poll(() => result.textContent(), { timeout: 15_000 })
      .toMatch(/^Activity #\d+ created as a draft\.$/);
    const activityId = Number(/#(\d+)/.exec((await result.textContent()) ?? '')?.[1]);
    const deskCard = await fundOnDesk(page, activityId, 'One-bet activity budget');

    // The member reads the activity's post: nothing counted yet.
    await memberPage.goto(`${server.url}/#/community?tab=activities&activity=${post.id}`);
    const progress = byTestId(memberPage, 'activity-progress');
    await progress.waitFor({ timeout: 30_000 });
    expect(await progress.getAttribute('data-state')).toBe('running');
    expect(await progress.getAttribute('data-counted')).toBe('0');
    expect(await progress.getAttribute('data-target')).toBe('1');

    // The member bets 10 CNY on the match from the board's slip; its result comes while the
    // feed stands still, and the activities' pass counts the bet and pays the reward.
    await memberPage.goto(`${server.url}/#/index`);
    await memberPage
      .locator(
        `[data-testid="match-row"][data-match-id="${eventId}"] [data-testid="odds-option"][data-oi="${pick.optId}"]`,
      )
      .click();
    await memberPage.locator(`[data-testid="slip-item"][data-oi="${pick.optId}"]`).waitFor();
    // The envelope's bonus money is there to stake beside the cash.
    const bonusLine = byTestId(memberPage, 'slip-bonus-available');
    await bonusLine.waitFor();
    const bonusText = await bonusLine.textContent();
    expect(bonusText).toMatch(/^\d[\d,]*\.\d{2} CNY$/);
    expect(bonusText).not.toBe('0.00 CNY');
    await byTestId(memberPage, 'stake-input').fill('10');
    await checkScreen(memberPage, 'journey-slip-bonus', { shown: bonusLine });
    await byTestId(memberPage, 'place-bet').click();
    await expect
      .poll(() => byTestId(memberPage, 'bet-status').getAttribute('data-status'), {
        timeout: 20_000,
      })
      .toBe('1');
    await memberPage.goto(`${server.url}/#/community?tab=activities&activity=${post.id}`);
    await progress.waitFor({ timeout: 30_000 });
    expect(await progress.getAttribute('data-counted')).toBe('0');
    await settleWon(server, pick);
    // The post's standing is read afresh on each visit.
    await expect
      .poll(
        async () => {
          await memberPage.reload();
          await progress.waitFor({ timeout: 10_000 });
          return progress.getAttribute('data-state');
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe('rewarded');
    expect(await progress.getAttribute('data-counted')).toBe('1');
    expect(await byTestId(memberPage, 'activity-progress-note').textContent()).toContain('8.00');
    await checkScreen(memberPage, 'journey-activity', {
      shown: byTestId(memberPage, 'activity-progress-note'),
      narrowest: true,
    });

    // The desk's figures: one member rewarded, the reward paid from the budget.
    const figure = (name: string) => byTestId(page, `campaign-${activityId}-${name}`);
    await expect.poll(() => figure('membersRewarded').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await figure('claimed').textContent()).toBe('1');
    expect(await figure('granted').textContent()).toBe('8.00 CNY');
    await checkScreen(page, 'journey-activity-desk', { shown: deskCard });
  }, 180_000);
});
