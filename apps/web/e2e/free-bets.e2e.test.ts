import { randomUUID } from 'node:crypto';
import {
  activityCampaignCreate,
  campaignFund,
  type DeskCampaign,
  envelopeCampaignCreate,
  envelopeParticipate,
  memberFreeBetList,
} from '@sb/contract';
import { decodeOptionId, formatDisplayAmount } from '@sb/domain';
import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../server/src/modules/catalogue/catalogue.service';
import { adminCall, operatorToken } from '../../server/test/operators/helpers';
import { createPost, postFields } from '../../server/test/site-content/helpers';
import { cny, expectOk, type TestMember } from '../../server/test/withdrawals/helpers';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, fundedAccount, startStillServer } from './helpers';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('free bets');

/** 1,000.00 CNY in minor units: what the member holds of their own. */
const fundedMinor = 100_000;
/** Every envelope of the campaign holds a free bet of 10.00 CNY. */
const freeBetMinor = 1_000;
/** The free bet's least total odds: 1.20, ten-thousandths. */
const freeBetMinOdds = 12_000;
/** A second campaign's free bet asks for total odds of 50.00: no single on the board has them. */
const highMinOdds = 500_000;
const hourMs = 3_600_000;

function startServer() {
  return startStillServer('free-bets-e2e');
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A pre-match match the board shows, with the home price the member bets on. */
interface BoardPick {
  event: EventSnapshot;
  oi: string;
  decimal: number;
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
 * A pre-match match the board shows, picked by id from the world the feed holds still, with its
 * home win at 1.50 or more; `skip` leaves out matches already used.
 */
async function boardPick(page: Page, server: Server, skip: number[] = []): Promise<BoardPick> {
  const rows = page.locator('[data-testid="match-row"][data-live="false"]');
  await rows.first().waitFor({ timeout: 30_000 });
  const shownIds = (await rows.evaluateAll((items) =>
    items.map((item) => Number(item.dataset.matchId)),
  )) as number[];
  const world = server.feed.simulator.snapshot().events;
  for (const id of shownIds) {
    if (skip.includes(id)) continue;
    const event = world.find((entry) => entry.fixture.eventId === id);
    if (event?.fixture.kind !== 'match' || event.status.status !== 'not_started') continue;
    const options = page.locator(
      `[data-testid="match-row"][data-match-id="${id}"] [data-testid="odds-option"][data-play="3"]:not([disabled])`,
    );
    const read = await options.evaluateAll((items) =>
      items.map((item) => ({ oi: item.dataset.oi ?? '', decimal: Number(item.dataset.decimal) })),
    );
    const home = read.find((price) => decodeOptionId(price.oi)?.outcomeId === 'home');
    if (home && home.decimal >= 1.5) return { event, ...home };
  }
  throw new Error('no pre-match home price of 1.50 or more on the board');
}

/** Puts the pick on the slip from the board. */
async function addToSlip(page: Page, pick: BoardPick) {
  await page
    .locator(
      `[data-testid="match-row"][data-match-id="${pick.event.fixture.eventId}"] [data-testid="odds-option"][data-oi="${pick.oi}"]`,
    )
    .click();
  await expect.poll(() => page.getByTestId('slip-item').count()).toBe(1);
}

/** A finance operator's campaign of free-bet envelopes, funded, starting in two seconds. */
async function fundedFreeBetCampaign(
  server: Server,
  financeToken: string,
  fields: Record<string, unknown>,
): Promise<number> {
  const startsAt = Date.now() + 2_000;
  const created = expectOk(
    await adminCall<DeskCampaign>(server.testApp, envelopeCampaignCreate.path, {
      bearer: financeToken,
      fields: {
        currencyId: cny.currencyId,
        money: 'free_bet',
        bonusDays: 7,
        total: 2 * freeBetMinor,
        count: 2,
        minAmount: freeBetMinor,
        maxAmount: freeBetMinor,
        startsAt,
        endsAt: startsAt + 24 * hourMs,
        idempotencyKey: randomUUID(),
        ...fields,
      },
    }),
  );
  return expectOk(
    await adminCall<DeskCampaign>(server.testApp, campaignFund.path, {
      bearer: financeToken,
      fields: { id: created.id, reason: 'Free bets approved' },
    }),
  ).id;
}

/**
 * An activity post and its qualifying activity whose reward is a free bet of 10.00 CNY at 1.50
 * or more, funded through the desk's calls; answers the post's id.
 */
async function freeBetActivity(server: Server, financeToken: string): Promise<number> {
  const now = Date.now();
  const editor = await operatorToken(server.testApp, ['support'], now);
  const post = await createPost(
    server.testApp,
    editor,
    postFields(now, {
      kind: 'activity',
      title: 'Three bets, one free bet',
      body: 'Three settled bets earn a free bet.',
      rules: 'Settled bets in the window count.',
      startsAt: now - 24 * hourMs,
      endsAt: now + 8 * 24 * hourMs,
    }),
  );
  const created = expectOk(
    await adminCall<DeskCampaign>(server.testApp, activityCampaignCreate.path, {
      bearer: financeToken,
      fields: {
        titleEn: 'Three bets, one free bet',
        titleZh: '三注送免费投注',
        titleZht: '三注送免費投注',
        postId: post.id,
        currencyId: cny.currencyId,
        money: 'free_bet',
        bonusDays: 7,
        freeBetMinOdds: 15_000,
        total: 10_000,
        startsAt: now - hourMs,
        endsAt: now + 7 * 24 * hourMs,
        idempotencyKey: randomUUID(),
        rule: {
          type: 'qualify',
          sportIds: [],
          playIds: [],
          minOdds: 0,
          minStake: 0,
          measure: 'count',
          target: 3,
          reward: freeBetMinor,
        },
      },
    }),
  );
  expectOk(
    await adminCall<DeskCampaign>(server.testApp, campaignFund.path, {
      bearer: financeToken,
      fields: { id: created.id, reason: 'Activity approved' },
    }),
  );
  return post.id;
}

async function openCenterWallet(page: Page) {
  await byTestId(page, 'wallet-open').click();
  await page.locator('[data-testid="wallet-tab"][data-index="5"]').click();
  await byTestId(page, 'center-wallet').waitFor();
}

/** Shows the site in `language`, as the member's stored choice. */
async function showIn(page: Page, language: 'en' | 'zh') {
  await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
  await page.reload();
  await byTestId(page, 'account-name').waitFor();
}

/**
 * A free bet from the desk to the member's winnings: a finance operator funds a red-envelope
 * campaign paying free bets through the desk's calls; the member grabs one, finds it in the
 * center wallet, stakes a single with it from the bet slip, sees the order marked a free bet in
 * my bets without a cash out, and once the match is settled (the feed held still, the settlement
 * pushed) has the winnings without the stake in the balance.
 */
describe.skipIf(!hasChromium)('free bets on the member site, in Chromium', () => {
  let server: Server | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let hasFreeBets = false;
  let account = '';
  let password = '';
  let campaignId = 0;
  let longShotId = 0;
  let activityPostId = 0;
  let member: TestMember | undefined;
  let freeBetId = 0;
  let pick: BoardPick | undefined;
  let orderNo = '';
  let winningsMinor = 0;

  beforeAll(async () => {
    server = await startServer();
    hasFreeBets = server.testApp.app.hasRoute({ method: 'POST', url: memberFreeBetList.path });
    if (!hasFreeBets) return;
    const financeToken = await operatorToken(server.testApp, ['finance'], Date.now());
    campaignId = await fundedFreeBetCampaign(server, financeToken, {
      titleEn: 'Cup free bets',
      titleZh: '杯赛免费投注',
      titleZht: '盃賽免費投注',
      freeBetMinOdds,
    });
    longShotId = await fundedFreeBetCampaign(server, financeToken, {
      titleEn: 'Long shot free bet',
      titleZh: '冷门免费投注',
      titleZht: '冷門免費投注',
      freeBetMinOdds: highMinOdds,
    });
    activityPostId = await freeBetActivity(server, financeToken);
    const funded = await fundedAccount(server.testApp, fundedMinor);
    account = funded.account;
    password = funded.member.password;
    member = funded.member;
    browser = await launchBrowser('sb-web-free-bets');
    page = browser.page;
    await page.setViewportSize(viewports.desktop);
    await logIn(page, server.url, account, password);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  it('grabs a red envelope that holds a free bet, and is told what it is', async (context) => {
    if (!hasFreeBets || !server) return context.skip();
    await page.goto(`${server.url}/#/promotions`);
    const card = page.locator(`[data-testid="envelope-campaign"][data-id="${campaignId}"]`);
    await expect.poll(() => card.getAttribute('data-grab'), { timeout: 30_000 }).toBe('grabbable');
    expect(await card.getByTestId('envelope-money').textContent()).toContain(
      'A free bet of the amount grabbed, to use on one bet within 7 days',
    );
    expect(await card.getByTestId('envelope-free-bet-odds').textContent()).toBe(
      'On total odds of 1.20 or more',
    );
    await card.getByTestId('envelope-open').click();
    await byTestId(page, 'envelope-grab').click();
    const amount = byTestId(page, 'envelope-amount');
    await expect.poll(() => amount.getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
    expect(await amount.getAttribute('data-amount')).toBe(String(freeBetMinor));
    const dialog = byTestId(page, 'envelope-dialog');
    expect(await dialog.textContent()).toContain('You got a free bet of');
    expect(await byTestId(page, 'envelope-free-bet-note').textContent()).toContain('within 7 days');
    await checkScreen(page, 'free-bets-grabbed', { shown: dialog, narrowest: true });
    await byTestId(page, 'envelope-done').click();
    await expect
      .poll(() => card.getByTestId('envelope-claim').textContent(), { timeout: 15_000 })
      .toContain('You got a free bet of 10.00 CNY');
  }, 90_000);

  it('lists the free bet in the center wallet', async (context) => {
    if (!hasFreeBets || !server) return context.skip();
    await openCenterWallet(page);
    const list = byTestId(page, 'free-bet-list');
    await list.waitFor({ timeout: 15_000 });
    const item = list.getByTestId('free-bet-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('data-status')).toBe('available');
    expect(await item.getAttribute('data-amount')).toBe(String(freeBetMinor));
    expect(await item.textContent()).toContain('Free bet 10.00 CNY');
    expect(await item.getByTestId('free-bet-min-odds').textContent()).toBe('Odds 1.20 or more');
    freeBetId = Number(await item.getAttribute('data-free-bet-id'));
    expect(freeBetId).toBeGreaterThan(0);
    await checkScreen(page, 'free-bets-wallet', { shown: list, narrowest: true });
    await page.keyboard.press('Escape');
  }, 60_000);

  it('stakes a single with the free bet from the bet slip', async (context) => {
    if (!hasFreeBets || !server) return context.skip();
    await page.goto(`${server.url}/#/index`);
    pick = await boardPick(page, server);
    await addToSlip(page, pick);

    const choice = byTestId(page, 'free-bet-choice');
    await choice.waitFor({ timeout: 15_000 });
    await choice.selectOption(String(freeBetId));
    const stake = byTestId(page, 'stake-input');
    await expect.poll(() => stake.inputValue()).toBe('10.00');
    expect(await stake.getAttribute('readonly')).not.toBeNull();
    await byTestId(page, 'free-bet-pays').waitFor();
    expect(await byTestId(page, 'free-bet-terms').textContent()).toContain(
      'total odds 1.20 or more',
    );
    const slipReturn = byTestId(page, 'slip-return');
    expect(await slipReturn.getAttribute('data-free-bet')).toBe('true');
    const returnText = (await slipReturn.textContent()) ?? '';
    // The return without the stake: less than the stake times the odds by the stake.
    expect(Number(returnText.replaceAll(',', ''))).toBeLessThan(pick.decimal * 10 - 9.99 + 0.01);
    await checkScreen(page, 'free-bets-slip', {
      within: '[data-testid="bet-slip"]',
      shown: choice,
      narrowest: true,
    });

    await byTestId(page, 'place-bet').click();
    const receipt = byTestId(page, 'bet-status').first();
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 15_000 }).toBe('1');
    orderNo = (await receipt.getAttribute('data-order-no')) ?? '';
    expect(orderNo).not.toBe('');
    await receipt.getByTestId('free-bet-badge').waitFor();
    expect(await receipt.getByTestId('bet-status-stake').textContent()).toBe('10.00 CNY');
    // The free bet paid the stake: the member's own money is untouched.
    await expect
      .poll(() => byTestId(page, 'balance').textContent(), { timeout: 15_000 })
      .toBe(formatDisplayAmount(fundedMinor, 2));
    await checkScreen(page, 'free-bets-receipt', {
      within: '[data-testid="bet-slip"]',
      shown: receipt,
    });
  }, 90_000);

  it('marks the order a free bet in my bets, without a cash out', async (context) => {
    if (!hasFreeBets || !server || !pick) return context.skip();
    await byTestId(page, 'my-bets-tab').click();
    const row = page.locator(`[data-testid="my-bet"][data-order-no="${orderNo}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('free-bet-badge').waitFor();
    expect(await row.getByTestId('free-bet-badge').textContent()).toBe('Free bet');
    expect(await row.textContent()).toContain('Free-bet stake');
    const shownReturn = row.getByTestId('my-bet-return');
    winningsMinor = Number(await shownReturn.getAttribute('data-amount'));
    expect(winningsMinor).toBeGreaterThan(0);
    expect(winningsMinor).toBeLessThan(Math.ceil(pick.decimal * freeBetMinor) - freeBetMinor + 1);
    // Let the cash out quote have its time: a free-bet order never gets one.
    await page.waitForTimeout(1_500);
    expect(await row.getByTestId('cash-out').count()).toBe(0);
    expect(await row.getByTestId('cash-out-unavailable').count()).toBe(0);
    await checkScreen(page, 'free-bets-my-bets', {
      within: '[data-testid="bet-slip"]',
      shown: row,
      narrowest: true,
    });

    // The wallet recalls the free bet as used on the order.
    await openCenterWallet(page);
    const used = page.locator(`[data-testid="free-bet-item"][data-free-bet-id="${freeBetId}"]`);
    await expect.poll(() => used.getAttribute('data-status'), { timeout: 15_000 }).toBe('used');
    expect(await used.textContent()).toContain(`Used on order ${orderNo}`);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('pays the winnings without the stake once the match is settled', async (context) => {
    if (!hasFreeBets || !server || !pick) return context.skip();
    const market = pick.event.markets.find((entry) => entry.playId === 3);
    if (!market) throw new Error('no 1X2 market');
    const settlement: FeedMessage = {
      type: 'bet_settlement',
      eventId: pick.event.fixture.eventId,
      sportId: pick.event.fixture.sportId,
      timestamp: Date.now(),
      seq: pick.event.seq + 1,
      result: { homeScore: 2, awayScore: 0, periodScores: [] },
      markets: [
        {
          playId: market.playId,
          specifiers: market.specifiers,
          outcomes: market.outcomes.map((outcome) => ({
            id: outcome.id,
            result: outcome.id === 'home' ? (1 as const) : (0 as const),
            voidFactor: 0 as const,
          })),
        },
      ],
    };
    const recorder = createCatalogue(server.testApp.database.db).startRecording(
      'manual:free-bets-e2e',
    );
    recorder.record([settlement], { callerTime: Date.now(), feedTime: Date.now() });
    await recorder.flush();
    server.feed.push([settlement]);

    await page.goto(`${server.url}/#/index`);
    await byTestId(page, 'my-bets-tab').click();
    await byTestId(page, 'my-bets-settled').click();
    const row = page.locator(`[data-testid="my-bet"][data-order-no="${orderNo}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('free-bet-badge').waitFor();
    expect(await row.getByTestId('my-bet-return').getAttribute('data-amount')).toBe(
      String(winningsMinor),
    );
    expect(await row.textContent()).toContain('Returned (no stake)');
    await expect
      .poll(() => byTestId(page, 'balance').textContent(), { timeout: 30_000 })
      .toBe(formatDisplayAmount(fundedMinor + winningsMinor, 2));
    await checkScreen(page, 'free-bets-settled', {
      within: '[data-testid="bet-slip"]',
      shown: row,
    });
  }, 90_000);

  it('marks the settled free bet in the records, with its winnings without the stake', async (context) => {
    if (!hasFreeBets || !server || !pick) return context.skip();
    await page.goto(`${server.url}/#/records`);
    const row = page.locator(`[data-testid="records-row"][data-order-no="${orderNo}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('free-bet-badge').textContent()).toBe('Free bet');
    expect(await row.getByTestId('records-row-stake').textContent()).toBe(
      '10.00 CNYFree-bet stake',
    );
    // The member's part: what the win paid, the return without the stake, is its payout and its
    // win (the stake was the free bet's, never the member's money).
    const payout = row.getByTestId('records-row-payout');
    expect(await payout.getAttribute('data-amount')).toBe(String(winningsMinor));
    expect(await payout.textContent()).toBe(`${formatDisplayAmount(winningsMinor, 2)}(no stake)`);
    expect(await row.getByTestId('records-row-result').textContent()).toBe(
      `+${formatDisplayAmount(winningsMinor, 2)}`,
    );
    await checkScreen(page, 'free-bets-records', {
      within: '[data-testid="records-page"]',
      shown: row,
      narrowest: true,
    });

    await showIn(page, 'zh');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('free-bet-badge').textContent()).toBe('免费投注');
    expect(await row.getByTestId('records-row-stake').textContent()).toBe('10.00 CNY免费投注额');
    expect(await row.getByTestId('records-row-payout').textContent()).toBe(
      `${formatDisplayAmount(winningsMinor, 2)}（不含本金）`,
    );
    await checkScreen(page, 'free-bets-records-zh', {
      within: '[data-testid="records-page"]',
      shown: row,
      narrowest: true,
    });
    await showIn(page, 'en');
  }, 90_000);

  it('words an activity whose reward is a free bet', async (context) => {
    if (!hasFreeBets || !server) return context.skip();
    await page.goto(`${server.url}/#/community?tab=activities&activity=${activityPostId}`);
    const reward = byTestId(page, 'activity-reward');
    await reward.waitFor({ timeout: 30_000 });
    expect(await reward.getAttribute('data-money')).toBe('free_bet');
    expect(await reward.textContent()).toContain(
      '10.00 CNY as a free bet, to use within 7 days on one bet at total odds of 1.50 or more',
    );
    await checkScreen(page, 'free-bets-activity', {
      shown: byTestId(page, 'activity-standing'),
      narrowest: true,
    });
  }, 60_000);

  it('says all of it in Chinese', async (context) => {
    if (!hasFreeBets || !server) return context.skip();
    await page.goto(`${server.url}/#/index`);
    await showIn(page, 'zh');
    await byTestId(page, 'my-bets-tab').click();
    await byTestId(page, 'my-bets-settled').click();
    const row = page.locator(`[data-testid="my-bet"][data-order-no="${orderNo}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('free-bet-badge').textContent()).toBe('免费投注');
    expect(await row.textContent()).toContain('派彩（不含本金）');
    await checkScreen(page, 'free-bets-settled-zh', {
      within: '[data-testid="bet-slip"]',
      shown: row,
      narrowest: true,
    });
    await openCenterWallet(page);
    const list = byTestId(page, 'free-bet-list');
    await list.waitFor({ timeout: 15_000 });
    expect(await list.textContent()).toContain('免费投注');
    expect(await list.textContent()).toContain(`已用于注单 ${orderNo}`);
    await checkScreen(page, 'free-bets-wallet-zh', { shown: list, narrowest: true });
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/#/promotions`);
    const card = page.locator(`[data-testid="envelope-campaign"][data-id="${campaignId}"]`);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('envelope-claim').textContent()).toContain(
      '您抢到了免费投注 10.00 CNY',
    );
    await checkScreen(page, 'free-bets-promotions-zh', { shown: card, narrowest: true });

    // A second free bet asks for odds no single on the board has: the slip warns and holds the
    // bet back.
    if (!member) throw new Error('no member');
    expectOk(
      await server.testApp.call(envelopeParticipate.path, { ...member.auth, id: longShotId }),
    );
    await page.goto(`${server.url}/#/index`);
    await showIn(page, 'zh');
    const longShot = await boardPick(page, server, pick ? [pick.event.fixture.eventId] : []);
    await addToSlip(page, longShot);
    const choice = byTestId(page, 'free-bet-choice');
    await choice.waitFor({ timeout: 15_000 });
    const offered = await choice
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const longShotFreeBet = offered.find((value) => value !== '');
    if (!longShotFreeBet) throw new Error('the long-shot free bet is not offered');
    await choice.selectOption(longShotFreeBet);
    const warning = byTestId(page, 'free-bet-odds-low');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('50.00');
    expect(await byTestId(page, 'place-bet').isDisabled()).toBe(true);
    expect(await byTestId(page, 'free-bet-terms').textContent()).toContain('总赔率须 50.00 或以上');
    await checkScreen(page, 'free-bets-slip-zh', {
      within: '[data-testid="bet-slip"]',
      shown: choice,
      narrowest: true,
    });
    await byTestId(page, 'slip-clear').click();

    await page.goto(`${server.url}/#/community?tab=activities&activity=${activityPostId}`);
    const reward = byTestId(page, 'activity-reward');
    await reward.waitFor({ timeout: 30_000 });
    expect(await reward.textContent()).toContain(
      '免费投注 10.00 CNY：需在 7 天内用于一笔总赔率不低于 1.50 的投注',
    );
    await checkScreen(page, 'free-bets-activity-zh', {
      shown: byTestId(page, 'activity-standing'),
      narrowest: true,
    });
    await showIn(page, 'en');
  }, 120_000);
});
