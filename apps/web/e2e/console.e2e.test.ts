import { setTimeout as sleep } from 'node:timers/promises';
import { type CollectionOrder, collectionCreate, collectionUploadPath } from '@sb/contract';
import { encodeOptionId, fromOddsUnits, memberOdds } from '@sb/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import { testSandboxSecret } from '../../server/test/deposits/helpers';
import { createManualFeed } from '../../server/test/match/helpers';
import {
  adminCall,
  createOperator,
  signIn,
  type TestOperator,
} from '../../server/test/operators/helpers';
import { placeBet } from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  balanceOf,
  cny,
  createWithdrawal,
  fund,
  newMember,
  orderNoOf,
  readyMember,
} from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('operator console');

/** A 1×1 PNG, so the browser really decodes the receipt it shows. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let testApp: TestApp;
let serverUrl = '';
let browser: TestBrowser | undefined;
let page: Page;
let operator: TestOperator;
/**
 * A second admin's session for asking the server directly which calls exist, so those sign-ins
 * never use up the codes of the operator who signs in through the browser.
 */
let adminToken = '';

function byTestId(testId: string) {
  return page.getByTestId(testId);
}

/** The step of the last code each operator used: a code signs in once. */
const lastCodeSteps = new Map<number, number>();

/**
 * The authenticator's code for a step the operator has not used yet. The server takes a code up
 * to one step ahead of its clock, so after two sign-ins within one step this waits for the clock.
 */
async function nextTotpCode(who: TestOperator = operator): Promise<string> {
  const lastStep = lastCodeSteps.get(who.operatorId) ?? 0;
  const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
  const acceptedFromMs = (step - 1) * 30_000;
  if (Date.now() < acceptedFromMs) await sleep(acceptedFromMs - Date.now() + 200);
  lastCodeSteps.set(who.operatorId, step);
  return totpCodeAt(who.totpSecret, step * 30_000);
}

async function signInThroughConsole(who: TestOperator = operator): Promise<void> {
  await byTestId('login-username').fill(who.username);
  await byTestId('login-password').fill(who.password);
  await byTestId('login-continue').click();
  // Typing the sixth digit sends the form.
  await byTestId('login-totp').fill(await nextTotpCode(who));
  await byTestId('operator-name').waitFor();
}

/**
 * Signs in unless the console already has a session. It waits for the page to show one or the
 * other first: asking before the app has rendered would find no login form on a slow machine.
 */
async function signInUnlessSignedIn(): Promise<void> {
  await page
    .locator('[data-testid="console-login"], [data-testid="console-logout"]')
    .first()
    .waitFor();
  if ((await byTestId('console-login').count()) > 0) await signInThroughConsole();
}

/** A member's collection order with a receipt image uploaded over HTTP, as the member site does. */
async function collectionWithReceipt() {
  const member = await newMember(testApp);
  const created = await testApp.call<CollectionOrder>(collectionCreate.path, {
    ...member.auth,
    scale: 2,
    payTypeId: 201,
    amount: 50_000,
  });
  expect(created, created.msg).toMatchObject({ code: 0 });
  const form = new FormData();
  const fields = { ...member.auth, orderNo: created.data.orderNo, type: '1', lang: 'en' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([receiptPng], { type: 'image/png' }), 'receipt.png');
  const uploaded = await fetch(`${serverUrl}${collectionUploadPath}`, {
    method: 'POST',
    body: form,
  });
  const answer = (await uploaded.json()) as { code: number; msg: string };
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return { member, orderNo: created.data.orderNo };
}

/** A still feed: the test reads its markets to bet on what the trading desk holds and voids. */
const feed = createManualFeed({ seed: 'console-e2e' });

beforeAll(async () => {
  if (!hasChromium) return;
  testApp = await createTestApp({
    webDistDir,
    // A simulated feed, so the trading desk has matches to show once its calls exist.
    feedProvider: feed.provider,
    config: { PAYMENT_SANDBOX_SECRET: testSandboxSecret, PAYMENT_SANDBOX_BLOCK_MS: 0 },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  serverUrl = `http://127.0.0.1:${address.port}`;
  operator = await createOperator(testApp.database, ['admin']);
  adminToken = (
    await signIn(testApp, await createOperator(testApp.database, ['admin']), Date.now())
  ).token;
  browser = await launchBrowser('sb-console-e2e');
  page = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await testApp?.close();
});

describe.skipIf(!hasChromium)('operator console in Chromium against the real server', () => {
  let withdrawalOrderNo = '';
  let collectionOrderNo = '';

  it('refuses a wrong code, then signs in with password and authenticator code', async () => {
    await page.goto(`${serverUrl}/console.html`);
    await byTestId('console-login').waitFor();
    expect(await page.evaluate(() => document.title)).toBe('Sportsbook back office');

    await byTestId('login-username').fill(operator.username);
    await byTestId('login-password').fill(operator.password);
    await byTestId('login-continue').click();
    // Letters and spaces never reach the code; five digits are not sent.
    await byTestId('login-totp').fill('12 a45');
    expect(await byTestId('login-totp').inputValue()).toBe('1245');
    // A code no authenticator shows now or one step either side.
    const now = Date.now();
    const nearby = [-30_000, 0, 30_000, 60_000].map((offset) =>
      totpCodeAt(operator.totpSecret, now + offset),
    );
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find(
      (code) => !nearby.includes(code),
    );
    if (!wrong) throw new Error('no wrong code found');
    await byTestId('login-totp').fill(wrong);
    await byTestId('login-error').waitFor();
    expect(await byTestId('login-error').textContent()).toContain('(code 6001)');
    // A refusal says nothing of which part was wrong, so the password is asked for again.
    await byTestId('login-password').waitFor();

    await signInThroughConsole();
    expect(await byTestId('operator-name').textContent()).toBe(operator.username);
    for (const desk of ['finance', 'members', 'trading', 'audit'])
      expect(await byTestId(`desk-${desk}`).count()).toBe(1);
    await expect.poll(() => page.url()).toMatch(/#\/finance\/withdrawals$/);
  }, 60_000);

  it('approves a member’s withdrawal by its order number', async () => {
    const member = await readyMember(testApp, 100_000);
    const created = await createWithdrawal(testApp, member, { amount: 30_000 });
    expect(created, created.msg).toMatchObject({ code: 0 });
    withdrawalOrderNo = orderNoOf(created.data);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 30_000,
    });

    await byTestId('desk-finance').click();
    await byTestId('finance-tab-withdrawals').click();
    await byTestId('withdraw-refresh').click();
    await byTestId(`withdraw-row-${withdrawalOrderNo}`).waitFor();

    await byTestId('withdraw-order-no').fill(withdrawalOrderNo);
    await byTestId('withdraw-by-order-approve').click();
    await byTestId('withdraw-result').waitFor();
    expect(await byTestId('withdraw-result').textContent()).toBe(
      `Withdrawal ${withdrawalOrderNo} is now: Approved, paying out`,
    );
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 70_000,
      frozen: 0,
    });
  }, 60_000);

  it('shows a collection order’s receipt image and confirms the order', async () => {
    const { member, orderNo } = await collectionWithReceipt();
    collectionOrderNo = orderNo;
    await byTestId('finance-tab-collections').click();
    await byTestId('collections-refresh').click();
    await byTestId(`collection-row-${orderNo}`).waitFor();
    await byTestId(`collection-receipts-${orderNo}`).click();
    const image = byTestId(`receipt-image-${orderNo}-0`);
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(
      `data:image/png;base64,${receiptPng.toString('base64')}`,
    );
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(1);

    await byTestId(`collection-confirm-${orderNo}`).click();
    await byTestId('collection-result').waitFor();
    expect(await byTestId('collection-result').textContent()).toBe(
      `Order ${orderNo} confirmed; the member was credited.`,
    );
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 50_000,
      frozen: 0,
    });
    // Decided orders leave the list.
    await expect.poll(() => byTestId(`collection-row-${orderNo}`).count()).toBe(0);
  }, 60_000);

  it('shows both steps in the audit log with before and after', async () => {
    await byTestId('desk-audit').click();
    await byTestId('audit-filter-targetType').fill('withdrawal');
    await byTestId('audit-filter-targetId').fill(withdrawalOrderNo);
    await byTestId('audit-apply').click();
    const approval = page.locator('[data-testid^="audit-entry-"]', {
      hasText: 'withdrawal.approve',
    });
    await approval.waitFor();
    expect(await page.locator('[data-testid^="audit-entry-"]').count()).toBe(1);
    expect(await approval.getByTestId('audit-who').textContent()).toBe(
      `${operator.username} (#${operator.operatorId})`,
    );
    expect(await approval.getByTestId('audit-target').textContent()).toBe(
      `withdrawal ${withdrawalOrderNo}`,
    );
    const status = approval.getByTestId('audit-diff-status');
    expect(await status.getAttribute('data-changed')).toBe('yes');
    expect(await status.getByTestId('audit-before').textContent()).toBe('0');
    expect(await status.getByTestId('audit-after').textContent()).toBe('2');

    await byTestId('audit-filter-targetType').fill('deposit');
    await byTestId('audit-filter-targetId').fill(collectionOrderNo);
    await byTestId('audit-apply').click();
    const confirmation = page.locator('[data-testid^="audit-entry-"]', {
      hasText: 'collection.confirm',
    });
    await confirmation.waitFor();
    const depositStatus = confirmation.getByTestId('audit-diff-status');
    expect(await depositStatus.getByTestId('audit-before').textContent()).toBe('1');
    expect(await depositStatus.getByTestId('audit-after').textContent()).toBe('2');
  }, 60_000);

  it('switches language, and signs out after idling past the session’s idle limit', async () => {
    await byTestId('console-lang').selectOption('zh');
    expect(await byTestId('desk-audit').textContent()).toBe('审计日志');
    await byTestId('console-lang').selectOption('en');
    expect(await byTestId('desk-audit').textContent()).toBe('Audit log');

    // Nine idle hours pass on this tab's clock: the stored last activity moves back.
    await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem('sbConsoleSession') ?? 'null');
      stored.lastActivityAt -= 9 * 60 * 60 * 1000;
      sessionStorage.setItem('sbConsoleSession', JSON.stringify(stored));
    });
    await page.reload();
    await byTestId('login-ended').waitFor();
    expect(await byTestId('login-ended').textContent()).toBe(
      'You were signed out after a long time without activity. Please sign in again.',
    );
    expect(await page.evaluate(() => sessionStorage.getItem('sbConsoleSession'))).toBeNull();
  }, 60_000);

  it('signs out: the token stops working and the sign-in screen says so', async () => {
    await signInThroughConsole();
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('sbConsoleSession') ?? '{}').token as string,
    );
    await byTestId('console-logout').click();
    await byTestId('login-ended').waitFor();
    expect(await byTestId('login-ended').textContent()).toBe('You have signed out.');
    const after = await adminCall(testApp, '/admin/api/me', { bearer: token });
    expect(after.code).toBe(6003);
  }, 60_000);

  it('opens a finance operator only its desks, where it rejects with a reason and sets limits', async () => {
    const finance = await createOperator(testApp.database, ['finance']);
    await signInThroughConsole(finance);
    expect(await byTestId('operator-roles').textContent()).toBe('Finance');
    expect(await byTestId('desk-finance').count()).toBe(1);
    expect(await byTestId('desk-members').count()).toBe(1);
    expect(await byTestId('desk-trading').count()).toBe(0);
    expect(await byTestId('desk-audit').count()).toBe(0);
    await page.goto(`${serverUrl}/console.html#/audit`);
    await expect.poll(() => page.url()).toMatch(/#\/finance\/withdrawals$/);

    const member = await readyMember(testApp, 100_000);
    const created = await createWithdrawal(testApp, member, { amount: 25_000 });
    const orderNo = orderNoOf(created.data);
    await byTestId('withdraw-order-no').fill(orderNo);
    await byTestId('withdraw-by-order-reject').click();
    await byTestId('withdraw-by-order-reject-confirm').click();
    expect(await page.getByText('Enter a reason first.').count()).toBe(1);
    await byTestId('withdraw-by-order-reject-reason').fill('name does not match the card');
    await byTestId('withdraw-by-order-reject-confirm').click();
    await byTestId('withdraw-result').waitFor();
    expect(await byTestId('withdraw-result').textContent()).toBe(
      `Withdrawal ${orderNo} is now: Rejected`,
    );
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });

    await byTestId('finance-tab-accounts').click();
    expect(await byTestId('loans-on').count()).toBe(0);
    await byTestId('limit-user-id').fill(String(member.userId));
    await byTestId('limit-amount').fill('500.505');
    await byTestId('limit-submit').click();
    expect(await page.getByText('Enter an amount of at most 2 decimals, 0 or more.').count()).toBe(
      1,
    );
    await byTestId('limit-amount').fill('500.50');
    await byTestId('limit-submit').click();
    await byTestId('limit-result').waitFor();
    expect(await byTestId('limit-result').textContent()).toBe(
      `Member ${member.userId} may now owe up to 500.50 CNY (owes 0.00).`,
    );
    await byTestId('unlock-user-id').fill(String(member.userId));
    await byTestId('unlock-submit').click();
    await byTestId('unlock-result').waitFor();
    expect(await byTestId('unlock-result').textContent()).toBe(
      `Member ${member.userId} had no withdrawal lock.`,
    );
    await byTestId('console-logout').click();
    await byTestId('login-ended').waitFor();
  }, 90_000);
});

/** The trading and members desks against their server calls. */
describe.skipIf(!hasChromium)('trading and member desks', () => {
  it('suspends a market (a bet on it is refused), reopens it, voids it behind a confirmation (the stake comes back), all in the audit log', async () => {
    // A pre-match 1X2 market of the feed, and a member with money to bet on it.
    const event = feed.simulator
      .snapshot()
      .events.find(
        (candidate) =>
          candidate.status.status === 'not_started' &&
          candidate.fixture.kind === 'match' &&
          candidate.markets.some((market) => market.playId === 3 && market.status === 'active'),
      );
    const market = event?.markets.find((entry) => entry.playId === 3);
    const outcome = market?.outcomes.find((entry) => entry.active && entry.odds > 0);
    if (!event || !market || !outcome) throw new Error('the seeded world has no pre-match 1X2');
    const bettor = await newMember(testApp);
    await fund(testApp, bettor.userId, cny.currencyId, 50_000);
    const bet = {
      betType: 0,
      stake: 2_000,
      scale: 2,
      acceptOdds: 0,
      selections: [
        {
          optId: encodeOptionId({
            eventId: event.fixture.eventId,
            playId: market.playId,
            specifiers: market.specifiers,
            outcomeId: outcome.id,
          }),
          odds: memberOdds(fromOddsUnits(outcome.odds), market.playId, [0, 0, 0]),
        },
      ],
    };
    const marketTestId = `market-${market.playId}`;

    await page.goto(`${serverUrl}/console.html`);
    await signInUnlessSignedIn();
    await page.goto(`${serverUrl}/console.html#/trading/${event.fixture.eventId}`);
    await byTestId(`${marketTestId}-open`).waitFor();

    await byTestId(`${marketTestId}-hold`).click();
    await byTestId(`${marketTestId}-hold-reason`).fill('odds under review');
    await byTestId(`${marketTestId}-hold-confirm`).click();
    await byTestId(`${marketTestId}-held`).waitFor();
    expect(await byTestId(`${marketTestId}-open`).textContent()).toBe('No');
    // The still feed says it is alive only when asked: without it, 20 s after the server started
    // every market reads suspended (the silence watchdog), on a slow machine before this test.
    feed.advance(0);
    const refused = await placeBet(testApp, bettor, bet);
    expect(refused.code, refused.msg).toBe(7004);
    expect((await balanceOf(testApp, bettor.userId, cny.currencyId)).amount).toBe(50_000);

    await byTestId(`${marketTestId}-hold`).click();
    await byTestId(`${marketTestId}-hold-reason`).fill('review done');
    await byTestId(`${marketTestId}-hold-confirm`).click();
    await expect.poll(() => byTestId(`${marketTestId}-held`).count()).toBe(0);
    feed.advance(0);
    const placed = await placeBet(testApp, bettor, bet);
    expect(placed.code, placed.msg).toBe(0);
    expect((await balanceOf(testApp, bettor.userId, cny.currencyId)).amount).toBe(48_000);

    await byTestId(`${marketTestId}-void`).click();
    await byTestId(`${marketTestId}-void-reason`).fill('wrong line offered');
    await byTestId(`${marketTestId}-void-confirm`).click();
    await byTestId('void-dialog').waitFor();
    await byTestId('void-cancel').click();
    expect(await byTestId('void-dialog').count()).toBe(0);
    await byTestId(`${marketTestId}-void`).click();
    await byTestId(`${marketTestId}-void-reason`).fill('wrong line offered');
    await byTestId(`${marketTestId}-void-confirm`).click();
    await byTestId('void-confirm').click();
    await byTestId('trading-result').waitFor();
    expect(await byTestId('trading-result').textContent()).toBe('1 orders were voided.');
    await expect
      .poll(async () => (await balanceOf(testApp, bettor.userId, cny.currencyId)).amount)
      .toBe(50_000);

    const audit = await adminCall<{
      entries: { action: string; before: unknown; after: unknown }[];
    }>(testApp, '/admin/api/audit/list', {
      bearer: adminToken,
      fields: { targetType: 'market', targetId: `${event.fixture.eventId}:3|` },
    });
    expect(audit.data.entries.map((entry) => entry.action)).toEqual([
      'market.void',
      'market.reopen',
      'market.suspend',
    ]);
    expect(audit.data.entries[2]).toMatchObject({
      before: null,
      after: { reason: 'odds under review' },
    });
    expect(audit.data.entries[0]).toMatchObject({
      before: { voided: false, openOrders: 1 },
      after: { voided: true },
    });
  }, 90_000);

  it('finds a member, blocks them with a reason and sees it in the audit log', async () => {
    const member = await newMember(testApp);
    await page.goto(`${serverUrl}/console.html#/members`);
    await signInUnlessSignedIn();
    await byTestId('desk-members').click();
    await byTestId('member-query').fill(String(member.userId));
    await byTestId('member-search').click();
    await byTestId(`member-open-${member.userId}`).click();
    await byTestId('member-blocked').waitFor();
    expect(await byTestId('member-blocked').textContent()).toBe('Not blocked');
    await byTestId('member-block').click();
    await byTestId('member-block-reason').fill('chargeback fraud');
    await byTestId('member-block-confirm').click();
    await expect.poll(() => byTestId('member-blocked').textContent()).toMatch(/^Blocked since/);
  }, 60_000);
});
