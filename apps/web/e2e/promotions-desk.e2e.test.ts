import {
  type AuditEntry,
  campaignFund,
  type DeskCampaign,
  type EnvelopeClaim,
  envelopeCampaignCreate,
  envelopeParticipate,
} from '@sb/contract';
import { envelopeCommitment, splitEnvelopes } from '@sb/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import {
  adminCall,
  createOperator,
  signIn,
  type TestOperator,
} from '../../server/test/operators/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, newMember, type TestMember } from '../../server/test/withdrawals/helpers';
import { localInputOf } from '../src/console/promotions/campaign-draft';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('console promotions desk');

const dayMs = 86_400_000;

describe.skipIf(!hasChromium)('the console’s promotions desk in Chromium', () => {
  let testApp: TestApp;
  let url = '';
  let browser: TestBrowser;
  let page: Page;
  let finance: TestOperator;
  let financeToken = '';
  let adminToken = '';
  let member: TestMember;
  let campaignId = 0;

  const byTestId = (testId: string) => page.getByTestId(testId);
  const card = () => byTestId(`campaign-${campaignId}`);
  const figure = (name: string) => byTestId(`campaign-${campaignId}-${name}`).textContent();

  async function signInAs(who: TestOperator) {
    await page.goto(`${url}/console.html`);
    await byTestId('login-username').fill(who.username);
    await byTestId('login-password').fill(who.password);
    await byTestId('login-continue').click();
    await byTestId('login-totp').fill(totpCodeAt(who.totpSecret, Date.now()));
    await byTestId('operator-name').waitFor();
  }

  /** Takes a desk action on the campaign with a reason, through its dialog when it asks one. */
  async function act(action: 'fund' | 'pause' | 'resume' | 'close', reason: string) {
    const testId = `campaign-${campaignId}-${action}`;
    await byTestId(testId).click();
    await byTestId(`${testId}-reason`).fill(reason);
    await byTestId(`${testId}-confirm`).click();
    if (action === 'fund' || action === 'close') {
      await byTestId(`${testId}-check-dialog`).waitFor();
      await byTestId(`${testId}-check-confirm`).click();
    }
  }

  beforeAll(async () => {
    testApp = await createTestApp({ webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    finance = await createOperator(testApp.database, ['finance']);
    financeToken = (
      await signIn(testApp, await createOperator(testApp.database, ['finance']), Date.now())
    ).token;
    adminToken = (
      await signIn(testApp, await createOperator(testApp.database, ['admin']), Date.now())
    ).token;
    member = await newMember(testApp);
    browser = await launchBrowser('sb-promotions-desk');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('an operator creates and funds a campaign, and sees its figures live as a member grabs', async () => {
    await page.setViewportSize(viewports.desktop);
    await signInAs(finance);
    await byTestId('desk-promotions').click();
    await byTestId('campaigns-empty').waitFor();
    await byTestId('campaign-new').click();
    await byTestId('campaign-titleEn').fill('Spring envelopes');
    await byTestId('campaign-titleZh').fill('春季红包');
    await byTestId('campaign-titleZht').fill('春季紅包');
    await byTestId('campaign-currency').selectOption(String(cny.currencyId));
    // Cash: the bonus terms are not asked for.
    expect(await byTestId('campaign-bonus-terms').count()).toBe(0);
    await byTestId('campaign-money').selectOption('bonus');
    await byTestId('campaign-bonus-terms').waitFor();
    await byTestId('campaign-money').selectOption('cash');
    await byTestId('campaign-count').fill('4');
    await byTestId('campaign-minAmount').fill('1');
    await byTestId('campaign-maxAmount').fill('5');
    expect(await byTestId('campaign-total-range').textContent()).toBe(
      'With these envelopes the total is between 4.00 and 20.00 CNY.',
    );
    // Opens this minute (already begun), for a week.
    const now = Date.now();
    await byTestId('campaign-startsAt').fill(localInputOf(now));
    await byTestId('campaign-endsAt').fill(localInputOf(now + 7 * dayMs));
    // The form's own checks, before anything is sent.
    await byTestId('campaign-total').fill('25');
    await byTestId('campaign-submit').click();
    expect(await byTestId('campaign-problem').textContent()).toBe(
      'The total is more than 4 envelopes at the maximum.',
    );
    await byTestId('campaign-total').fill('10');
    await byTestId('campaign-minDeposit').fill('100');
    await byTestId('campaign-submit').click();
    expect(await byTestId('campaign-problem').textContent()).toBe(
      'With a minimum deposit or turnover, give the days it counts over: a whole number from 1 to 365.',
    );
    await byTestId('campaign-minDeposit').fill('');
    await checkScreen(page, 'console-promotions-form', {
      shown: byTestId('campaign-form'),
      narrowest: true,
    });
    await byTestId('campaign-submit').click();

    const created = byTestId('promotions-result');
    await created.waitFor();
    const id = /#(\d+)/.exec((await created.textContent()) ?? '')?.[1];
    campaignId = Number(id);
    expect(await created.textContent()).toBe(`Campaign #${campaignId} created as a draft.`);
    await card().waitFor();
    expect(await card().getAttribute('data-status')).toBe('draft');
    expect(await byTestId(`campaign-${campaignId}-total`).textContent()).toBe('10.00 CNY');
    expect(await byTestId(`campaign-${campaignId}-commitment`).textContent()).toMatch(
      /^[0-9a-f]{64}$/,
    );
    // A draft is funded or closed; nothing else.
    expect(await byTestId(`campaign-${campaignId}-pause`).isDisabled()).toBe(true);
    expect(await byTestId(`campaign-${campaignId}-resume`).isDisabled()).toBe(true);

    await act('fund', 'Spring budget');
    // Funded, it is scheduled; the campaign clock opens it, its window having begun.
    await expect
      .poll(() => created.textContent())
      .toMatch(new RegExp(`^Campaign #${campaignId} funded; it is now (Scheduled|Running)\\.$`));
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 12_000 })
      .toBe('running');
    expect(await figure('funded')).toBe('10.00 CNY');
    expect(await figure('budgetLeft')).toBe('10.00 CNY');
    expect(await figure('claimed')).toBe('0 of 4');
    expect(await byTestId(`campaign-${campaignId}-fund`).isDisabled()).toBe(true);

    // A member grabs an envelope: the open desk shows it within its refresh, unasked.
    const grabbed = await testApp.call<EnvelopeClaim>(envelopeParticipate.path, {
      ...member.auth,
      id: campaignId,
    });
    expect(grabbed.code, grabbed.msg).toBe(0);
    const amount = (grabbed.data.amount / 100).toFixed(2);
    await expect.poll(() => figure('claimed'), { timeout: 12_000 }).toBe('1 of 4');
    expect(await figure('granted')).toBe(`${amount} CNY`);
    expect(await figure('cost')).toBe(`${amount} CNY`);
    expect(await figure('budgetLeft')).toBe(`${(10 - Number(amount)).toFixed(2)} CNY`);
    await checkScreen(page, 'console-promotions', { shown: card(), narrowest: true });
  }, 90_000);

  it('pauses, resumes and closes the campaign; the published seed draws what was committed to', async () => {
    await act('pause', 'Checking a complaint');
    await expect.poll(() => card().getAttribute('data-status')).toBe('paused');
    expect(await byTestId(`campaign-${campaignId}-pause`).isDisabled()).toBe(true);
    await act('resume', 'Complaint unfounded');
    await expect.poll(() => card().getAttribute('data-status')).toBe('running');
    expect(await byTestId(`campaign-${campaignId}-seed`).count()).toBe(0);

    // The status filter finds it among the running ones, and not among the drafts.
    await byTestId('campaign-status-filter').selectOption('draft');
    await byTestId('campaigns-empty').waitFor();
    await byTestId('campaign-status-filter').selectOption('running');
    await card().waitFor();

    await act('close', 'Spring is over');
    await expect
      .poll(() => byTestId('promotions-result').textContent())
      .toBe(`Campaign #${campaignId} closed; its seed is published.`);
    await byTestId('campaign-status-filter').selectOption('');
    await expect.poll(() => card().getAttribute('data-status')).toBe('closed');
    const seed = (await byTestId(`campaign-${campaignId}-seed`).textContent()) ?? '';
    const commitment = await byTestId(`campaign-${campaignId}-commitment`).textContent();
    const amounts = splitEnvelopes({
      seed,
      total: 1_000,
      count: 4,
      minAmount: 100,
      maxAmount: 500,
    });
    expect(envelopeCommitment(seed, amounts)).toBe(commitment);
    for (const action of ['fund', 'pause', 'resume', 'close'])
      expect(await byTestId(`campaign-${campaignId}-${action}`).isDisabled(), action).toBe(true);
    // What was not granted went back to the house.
    expect(await figure('budgetLeft')).toBe('0.00 CNY');
    await checkScreen(page, 'console-promotions-closed', { shown: card() });
  }, 60_000);

  it('keeps every step in the audit log with its operator and reason', async () => {
    const audit = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
      bearer: adminToken,
      fields: { targetType: 'campaign', targetId: String(campaignId), pageSize: 100 },
    });
    expect(audit.code, audit.msg).toBe(0);
    const steps = audit.data.entries.reverse();
    // Creating asks no reason; every later step keeps the one the operator gave.
    expect(steps.map((entry) => entry.action)).toEqual([
      'campaign.create',
      'campaign.fund',
      'campaign.pause',
      'campaign.resume',
      'campaign.close',
    ]);
    expect(steps.slice(1).map((entry) => entry.reason)).toEqual([
      'Spring budget',
      'Checking a complaint',
      'Complaint unfounded',
      'Spring is over',
    ]);
    for (const entry of steps) expect(entry.operatorId).toBe(finance.operatorId);
  }, 30_000);

  it('shows a member’s bonus on their page and forfeits it with a reason, in Chinese too', async () => {
    // A bonus campaign made through the desk's calls, and a member's envelope of it.
    const now = Date.now();
    const made = await adminCall<DeskCampaign>(testApp, envelopeCampaignCreate.path, {
      bearer: financeToken,
      fields: {
        titleEn: 'Bonus rain',
        titleZh: '红利雨',
        titleZht: '紅利雨',
        currencyId: cny.currencyId,
        money: 'bonus',
        rolloverMultiple: 3,
        bonusDays: 7,
        maxStake: 0,
        // Two envelopes of 10.00: the campaign runs on after this member's grab.
        total: 2_000,
        count: 2,
        minAmount: 1_000,
        maxAmount: 1_000,
        startsAt: now - 60_000,
        endsAt: now + dayMs,
        idempotencyKey: `promotions-desk-e2e-${now}`,
      },
    });
    expect(made.code, made.msg).toBe(0);
    const funded = await adminCall(testApp, campaignFund.path, {
      bearer: financeToken,
      fields: { id: made.data.id, reason: 'Bonus rain budget' },
    });
    expect(funded.code, funded.msg).toBe(0);
    const claim = await testApp.call<EnvelopeClaim>(envelopeParticipate.path, {
      ...member.auth,
      id: made.data.id,
    });
    expect(claim.code, claim.msg).toBe(0);
    const bonusId = claim.data.bonusId;
    if (bonusId === null) throw new Error('a bonus envelope granted no bonus');

    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/console.html#/members/${member.userId}`);
    const row = byTestId(`bonus-${bonusId}`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('active');
    expect(await byTestId(`bonus-amount-${bonusId}`).textContent()).toBe('10.00 CNY');
    expect(await byTestId(`bonus-status-${bonusId}`).textContent()).toBe('Active');
    expect(await byTestId(`bonus-rollover-${bonusId}`).textContent()).toBe('0.00 CNY of 30.00 CNY');
    await checkScreen(page, 'console-member-bonuses', { shown: row, narrowest: true });

    await byTestId('console-lang').selectOption('zh');
    expect(await byTestId(`bonus-status-${bonusId}`).textContent()).toBe('流水中');
    const forfeit = `bonus-forfeit-${bonusId}`;
    await byTestId(forfeit).click();
    await byTestId(`${forfeit}-reason`).fill('关联账户套利');
    await byTestId(`${forfeit}-confirm`).click();
    await byTestId(`${forfeit}-check-dialog`).waitFor();
    expect(await byTestId(`${forfeit}-check-dialog`).textContent()).toContain(
      `作废红利 #${bonusId}（10.00 CNY）`,
    );
    await byTestId(`${forfeit}-check-confirm`).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('forfeited');
    expect(await byTestId('bonus-result').textContent()).toBe(`红利 #${bonusId} 已作废。`);
    expect(await byTestId(`bonus-status-${bonusId}`).textContent()).toBe('已作废');
    expect(await row.textContent()).toContain('关联账户套利');
    expect(await byTestId(forfeit).count()).toBe(0);
    await checkScreen(page, 'console-member-bonuses-zh', { shown: row, narrowest: true });

    // The desk in Chinese: every word of it.
    await byTestId('desk-promotions').click();
    await byTestId(`campaign-${made.data.id}`).waitFor();
    expect(await byTestId(`campaign-${made.data.id}-status`).textContent()).toBe('进行中');
    expect(await byTestId(`campaign-${made.data.id}-money`).textContent()).toBe(
      '红利 · 7 天内完成 3 倍流水',
    );
    expect(await byTestId(`campaign-${made.data.id}-forfeited`).textContent()).toBe('10.00 CNY');
    await checkScreen(page, 'console-promotions-zh', {
      shown: byTestId(`campaign-${made.data.id}`),
      narrowest: true,
    });

    const audit = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
      bearer: adminToken,
      fields: { targetType: 'bonus', targetId: String(bonusId), pageSize: 100 },
    });
    expect(audit.data.entries).toHaveLength(1);
    expect(audit.data.entries[0]).toMatchObject({
      action: 'bonus.forfeit',
      reason: '关联账户套利',
      operatorId: finance.operatorId,
    });
  }, 90_000);
  it('creates a free-bet envelope campaign through the form, and its card says its terms and figures', async () => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/console.html`);
    await byTestId('console-lang').selectOption('en');
    await byTestId('desk-promotions').click();
    await byTestId('campaign-new').click();
    await byTestId('campaign-titleEn').fill('Derby free bets');
    await byTestId('campaign-titleZh').fill('德比免费投注');
    await byTestId('campaign-titleZht').fill('德比免費投注');
    await byTestId('campaign-currency').selectOption(String(cny.currencyId));
    await byTestId('campaign-money').selectOption('free_bet');
    // A free bet asks its days and least odds, not bonus money's rollover.
    const terms = byTestId('campaign-free-bet-terms');
    await terms.waitFor();
    expect(await byTestId('campaign-bonus-terms').count()).toBe(0);
    expect(await terms.textContent()).toContain('Days it may be used (1–365)');
    await byTestId('campaign-bonusDays').fill('5');
    await byTestId('campaign-freeBetMinOdds').fill('1.5');
    await byTestId('campaign-count').fill('2');
    await byTestId('campaign-minAmount').fill('10');
    await byTestId('campaign-maxAmount').fill('10');
    await byTestId('campaign-total').fill('20');
    const now = Date.now();
    await byTestId('campaign-startsAt').fill(localInputOf(now));
    await byTestId('campaign-endsAt').fill(localInputOf(now + 7 * dayMs));
    await checkScreen(page, 'console-promotions-free-bet-form', { shown: terms, narrowest: true });
    await byTestId('campaign-submit').click();

    const created = byTestId('promotions-result');
    await expect.poll(() => created.textContent()).toMatch(/^Campaign #\d+ created as a draft\.$/);
    const freeBetCampaignId = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    const cardTestId = `campaign-${freeBetCampaignId}`;
    const freeBetCard = byTestId(cardTestId);
    await freeBetCard.waitFor();
    await byTestId(`${cardTestId}-fund`).click();
    await byTestId(`${cardTestId}-fund-reason`).fill('Derby budget');
    await byTestId(`${cardTestId}-fund-confirm`).click();
    await byTestId(`${cardTestId}-fund-check-dialog`).waitFor();
    await byTestId(`${cardTestId}-fund-check-confirm`).click();
    await expect
      .poll(() => freeBetCard.getAttribute('data-status'), { timeout: 12_000 })
      .toBe('running');
    expect(await byTestId(`${cardTestId}-money`).textContent()).toBe(
      'Free bet · usable for 5 days · on odds of 1.50 or more',
    );

    // A member grabs one: the card counts it as a free bet granted, none staked yet.
    const grabbed = await testApp.call<EnvelopeClaim>(envelopeParticipate.path, {
      ...member.auth,
      id: freeBetCampaignId,
    });
    expect(grabbed.code, grabbed.msg).toBe(0);
    expect(grabbed.data.freeBetId).not.toBeNull();
    await expect
      .poll(() => byTestId(`${cardTestId}-freeBetsGranted`).textContent(), { timeout: 12_000 })
      .toBe('1');
    expect(await byTestId(`${cardTestId}-freeBetsUsed`).textContent()).toBe('0');
    expect(await byTestId(`${cardTestId}-freeBetsWon`).textContent()).toBe('0');
    expect(await byTestId(`${cardTestId}-freeBetsExpired`).textContent()).toBe('0');
    expect(await byTestId(`${cardTestId}-freeBetWinnings`).textContent()).toBe('0.00 CNY');
    expect(await byTestId(`${cardTestId}-claimed`).textContent()).toBe('1 of 2');
    // Bonus money's figures are not a free-bet campaign's.
    expect(await byTestId(`${cardTestId}-converted`).count()).toBe(0);
    await checkScreen(page, 'console-promotions-free-bet', { shown: freeBetCard, narrowest: true });
  }, 90_000);
});
