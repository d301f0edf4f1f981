import { randomUUID } from 'node:crypto';
import {
  campaignFund,
  type DeskCampaign,
  type EnvelopeClaim,
  envelopeCampaignCreate,
  envelopeParticipate,
} from '@sb/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusFreeBets } from '../../server/src/modules/bonus/bonus.schema';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import {
  adminCall,
  createOperator,
  signIn,
  type TestOperator,
} from '../../server/test/operators/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, newMember, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('console member free bets');

const dayMs = 86_400_000;

/**
 * The member page's free bets (docs/back-office-console.md): a support operator opens a member
 * who holds a free bet and one expired, granted from free-bet envelope campaigns funded through
 * the desk's calls, and reads them in English and Chinese; a member without any shows no table.
 */
describe.skipIf(!hasChromium)('a member’s free bets on the console in Chromium', () => {
  let testApp: TestApp;
  let url = '';
  let browser: TestBrowser;
  let page: Page;
  let support: TestOperator;
  let financeToken = '';
  let member: TestMember;

  const byTestId = (testId: string) => page.getByTestId(testId);

  /** A funded, running campaign of one free-bet envelope; the member's grab of it. */
  async function grantedFreeBet(
    titles: { titleEn: string; titleZh: string; titleZht: string },
    terms: { amount: number; minOdds: number },
  ): Promise<number> {
    const now = Date.now();
    const made = await adminCall<DeskCampaign>(testApp, envelopeCampaignCreate.path, {
      bearer: financeToken,
      fields: {
        ...titles,
        currencyId: cny.currencyId,
        money: 'free_bet',
        bonusDays: 7,
        freeBetMinOdds: terms.minOdds,
        total: terms.amount,
        count: 1,
        minAmount: terms.amount,
        maxAmount: terms.amount,
        startsAt: now - 60_000,
        endsAt: now + dayMs,
        idempotencyKey: randomUUID(),
      },
    });
    expect(made.code, made.msg).toBe(0);
    const funded = await adminCall(testApp, campaignFund.path, {
      bearer: financeToken,
      fields: { id: made.data.id, reason: 'Free bets approved' },
    });
    expect(funded.code, funded.msg).toBe(0);
    const claim = await testApp.call<EnvelopeClaim>(envelopeParticipate.path, {
      ...member.auth,
      id: made.data.id,
    });
    expect(claim.code, claim.msg).toBe(0);
    if (claim.data.freeBetId === null) throw new Error('a free-bet envelope granted no free bet');
    return claim.data.freeBetId;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    support = await createOperator(testApp.database, ['support']);
    financeToken = (
      await signIn(testApp, await createOperator(testApp.database, ['finance']), Date.now())
    ).token;
    member = await newMember(testApp);
    browser = await launchBrowser('sb-console-free-bets');
    page = browser.page;
    await page.goto(`${url}/console.html`);
    await byTestId('login-username').fill(support.username);
    await byTestId('login-password').fill(support.password);
    await byTestId('login-continue').click();
    await byTestId('login-totp').fill(totpCodeAt(support.totpSecret, Date.now()));
    await byTestId('operator-name').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('shows no free bets for a member who has none', async () => {
    const other = await newMember(testApp);
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/console.html#/members/${other.userId}`);
    await byTestId('member-bonuses').waitFor();
    // The bonuses answered; the free bets' call is as quick, and shows nothing.
    await page.waitForLoadState('networkidle');
    expect(await byTestId('member-free-bets').count()).toBe(0);
  });

  it('lists the member’s free bets newest first, titles in the operator’s language', async () => {
    const expired = await grantedFreeBet(
      { titleEn: 'Welcome free bet', titleZh: '迎新免费投注', titleZht: '迎新免費投注' },
      { amount: 500, minOdds: 0 },
    );
    // Its expiry moved into the past and one pass run, as time passing would.
    await testApp.database.db
      .update(bonusFreeBets)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(bonusFreeBets.id, expired));
    await testApp.modules.bonus.expireDueFreeBets();
    const available = await grantedFreeBet(
      { titleEn: 'Free bet Friday', titleZh: '周五免费投注', titleZht: '週五免費投注' },
      { amount: 1_000, minOdds: 15_000 },
    );

    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/console.html#/members/${member.userId}`);
    const section = byTestId('member-free-bets');
    await section.waitFor();
    const rows = byTestId('member-free-bet-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-free-bet-id')).toBe(String(available));
    expect(await rows.nth(1).getAttribute('data-free-bet-id')).toBe(String(expired));
    expect(await byTestId(`free-bet-title-${available}`).textContent()).toBe('Free bet Friday');
    expect(await byTestId(`free-bet-amount-${available}`).textContent()).toBe('10.00 CNY');
    expect(await byTestId(`free-bet-status-${available}`).textContent()).toBe('Available');
    expect(await rows.nth(0).textContent()).toContain('1.50');
    expect(await rows.nth(0).textContent()).toContain('Not used');
    expect(await byTestId(`free-bet-status-${expired}`).textContent()).toBe('Expired');
    expect(await rows.nth(1).textContent()).toContain('Any odds');
    // The statement names the free bets' movements and their part.
    const statement = (await byTestId('member-detail').textContent()) ?? '';
    expect(statement).toContain('Free bet granted');
    expect(statement).toContain('Free bet expired');
    await checkScreen(page, 'console-member-free-bets', { shown: section, narrowest: true });

    await byTestId('console-lang').selectOption('zh');
    await expect
      .poll(() => byTestId(`free-bet-title-${available}`).textContent())
      .toBe('周五免费投注');
    expect(await byTestId(`free-bet-status-${available}`).textContent()).toBe('可用');
    expect(await byTestId(`free-bet-status-${expired}`).textContent()).toBe('已过期');
    expect(await rows.nth(1).textContent()).toContain('不限赔率');
    await checkScreen(page, 'console-member-free-bets-zh', { shown: section, narrowest: true });
  }, 90_000);
});
