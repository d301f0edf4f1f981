import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CallOutput,
  type CollectionOrder,
  collectionCreate,
  collectionUploadPath,
  dashboard,
  ledgerCheck,
  matchCount,
  matchMarketOptions,
  matchSysInit,
  memberDetail,
  noticeList,
  openMemberLogin,
  tradingLimits,
  visitorCreate,
} from '@sb/contract';
import { encodeOptionId, fromOddsUnits, memberOdds } from '@sb/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPartnerToken } from '../../server/src/modules/identity/partner-auth';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import { testSandboxSecret } from '../../server/test/deposits/helpers';
import { callMatch, createManualFeed } from '../../server/test/match/helpers';
import {
  adminCall,
  createOperator,
  signIn,
  type TestOperator,
} from '../../server/test/operators/helpers';
import { createBook, type Pick, placeBet, single } from '../../server/test/orders/helpers';
import {
  createTestApp,
  type TestApp,
  testPartnerChannel,
  testPartnerSecret,
} from '../../server/test/test-app';
import {
  balanceOf,
  cny,
  createWithdrawal,
  fund,
  newMember,
  orderNoOf,
  readyMember,
} from '../../server/test/withdrawals/helpers';
import { formatMoneyGrouped } from '../src/console/components/money';
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
 * Then it waits for the shell to send itself to the operator's home desk: opened without a
 * route, the console replaces its address with that desk's once it has rendered, so a route the
 * test sets afterwards is not overtaken by that redirect.
 */
async function signInUnlessSignedIn(): Promise<void> {
  await page
    .locator('[data-testid="console-login"], [data-testid="console-logout"]')
    .first()
    .waitFor();
  if ((await byTestId('console-login').count()) > 0) await signInThroughConsole();
  await page.waitForFunction(() => /^#\/./.test(window.location.hash));
}

/** Leaves the console on its sign-in screen, whoever was signed in. */
async function signOutIfSignedIn(): Promise<void> {
  await page
    .locator('[data-testid="console-login"], [data-testid="console-logout"]')
    .first()
    .waitFor();
  if ((await byTestId('console-logout').count()) === 0) return;
  await byTestId('console-logout').click();
  await byTestId('login-ended').waitFor();
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
    // Money moves only once the operator confirms what the dialog says will happen.
    await byTestId('withdraw-by-order-approve').click();
    expect(await byTestId('withdraw-by-order-approve-dialog').textContent()).toContain(
      `Approve withdrawal ${withdrawalOrderNo}?`,
    );
    await byTestId('withdraw-by-order-approve-cancel').click();
    expect(await byTestId('withdraw-by-order-approve-dialog').count()).toBe(0);
    expect((await balanceOf(testApp, member.userId, cny.currencyId)).frozen).toBe(30_000);
    await byTestId('withdraw-by-order-approve').click();
    await byTestId('withdraw-by-order-approve-confirm').click();
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
    expect(await byTestId(`collection-confirm-${orderNo}-dialog`).textContent()).toContain(
      `Member ${member.userId} is credited 500.00 CNY.`,
    );
    await byTestId(`collection-confirm-${orderNo}-confirm`).click();
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
    // The unfiltered page may still show (it holds this entry too) until the filtered answer.
    await expect.poll(() => page.locator('[data-testid^="audit-entry-"]').count()).toBe(1);
    await approval.waitFor();
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
    expect(await byTestId('withdraw-by-order-reject-check-dialog').textContent()).toContain(
      'Reason: name does not match the card',
    );
    await byTestId('withdraw-by-order-reject-check-confirm').click();
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
    // One CI run saw no market row here for 30 s (not reproduced): say what the page showed.
    await byTestId(`${marketTestId}-open`)
      .waitFor()
      .catch(async (error: Error) => {
        const shown = await page.locator('main').textContent();
        throw new Error(`${error.message}\nthe page at ${page.url()} showed: ${shown}`);
      });

    // States and lines in words, never the feed's codes.
    expect(await page.locator('main').textContent()).toContain(' · Not started · ');
    const handicap = event.markets.find((entry) => entry.specifiers.startsWith('hcp='));
    if (handicap) {
      const line = Number(handicap.specifiers.slice('hcp='.length));
      const said = `${line < 0 ? '\u2212' : line > 0 ? '+' : ''}${Math.abs(line)}`;
      expect(
        await byTestId(`market-${handicap.playId}-${handicap.specifiers}-line`).textContent(),
      ).toBe(`Handicap ${said}`);
    }
    expect(await byTestId(marketTestId).textContent()).toContain('Open');
    expect(await byTestId(marketTestId).textContent()).not.toContain('active');

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
    const visitor = await testApp.call<{ uid: string }>(visitorCreate.path, {});
    await page.goto(`${serverUrl}/console.html#/members`);
    await signInUnlessSignedIn();
    await byTestId('desk-members').click();
    // Visitors are left out of the list until the operator shows them.
    await byTestId('member-query').fill(visitor.data.uid);
    await byTestId('member-search').click();
    await expect.poll(() => page.getByTestId('members').locator('tbody tr').count()).toBe(0);
    await byTestId('member-visitors-filter').selectOption('shown');
    await expect
      .poll(() => page.getByTestId('members').locator('tbody tr').textContent())
      .toContain('Visitor');
    await byTestId('member-visitors-filter').selectOption('hidden');
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

/** The finance desk's adjustments with their second operator, the statement, ledger check and dashboard. */
describe.skipIf(!hasChromium)('adjustments, statement, ledger check and dashboard', () => {
  it('takes an adjustment above the threshold from one operator and its approval from a second; the balance and statement show it', async () => {
    const asker = await createOperator(testApp.database, ['finance']);
    // The second operator stays signed in: the ledger check and dashboard tests use its session.
    const approver = await createOperator(testApp.database, ['finance']);
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 10_000);

    await page.goto(`${serverUrl}/console.html`);
    await signOutIfSignedIn();
    await signInThroughConsole(asker);
    await byTestId('finance-tab-adjustments').click();
    await byTestId('adjust-user-id').fill(String(member.userId));
    await byTestId('adjust-amount').fill('1500.001');
    await byTestId('adjust-reason').fill('goodwill for the outage');
    await byTestId('adjust-submit').click();
    expect(await byTestId('adjust-problem').textContent()).toBe(
      'Enter an amount above 0 with at most 2 decimals.',
    );
    // 1 500 CNY is above the default threshold of 1 000: it waits for a second operator.
    await byTestId('adjust-amount').fill('1500');
    await byTestId('adjust-submit').click();
    await byTestId('adjust-result').waitFor();
    const waiting = (await byTestId('adjust-result').textContent()) ?? '';
    const id = Number(/^Adjustment #(\d+) /.exec(waiting)?.[1]);
    expect(waiting).toBe(
      `Adjustment #${id} of +1,500.00 CNY for member ${member.userId} waits for a second finance operator’s approval.`,
    );
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 10_000,
      frozen: 0,
    });
    // The one who asked is not offered the decision.
    await byTestId(`adjust-queue-row-${id}`).waitFor();
    expect(await byTestId('adjust-approval-above').textContent()).toBe(
      'An adjustment waits here when it is of more than 1,000 in the currency’s major units (either way), or when it would take what its operator, or its member, had applied without a second approval in the last 24 hours past 1,000. The operator who asked cannot decide them.',
    );
    expect(await byTestId(`adjust-queue-wait-reason-${id}`).textContent()).toBe(
      ' (above the limit)',
    );
    expect(await byTestId(`adjust-own-${id}`).textContent()).toBe(
      'Yours: another operator decides.',
    );
    expect(await byTestId(`adjust-approve-${id}`).count()).toBe(0);

    // Two of 600 are each within the limit, but together past it: the second waits too.
    const other = await newMember(testApp);
    await byTestId('adjust-user-id').fill(String(other.userId));
    const createdIdOf = async (amount: string) => {
      const before = (await byTestId('adjust-result').textContent()) ?? '';
      await byTestId('adjust-amount').fill(amount);
      await byTestId('adjust-reason').fill('goodwill for the outage');
      await byTestId('adjust-submit').click();
      await expect.poll(() => byTestId('adjust-result').textContent()).not.toBe(before);
      const text = (await byTestId('adjust-result').textContent()) ?? '';
      return { text, id: Number(/^Adjustment #(\d+)/.exec(text)?.[1]) };
    };
    const applied = await createdIdOf('600');
    expect(applied.text).toBe(
      `Adjustment #${applied.id} applied: +600.00 CNY for member ${other.userId}.`,
    );
    const split = await createdIdOf('600');
    expect(split.text).toBe(
      `Adjustment #${split.id} of +600.00 CNY for member ${other.userId} waits for a second finance operator’s approval.`,
    );
    await byTestId(`adjust-queue-row-${split.id}`).waitFor();
    expect(await byTestId(`adjust-queue-wait-reason-${split.id}`).textContent()).toBe(
      ' (over the daily limit)',
    );
    await byTestId('adjust-user-id').fill(String(member.userId));

    await byTestId('console-logout').click();
    await byTestId('login-ended').waitFor();
    await signInThroughConsole(approver);
    await byTestId('finance-tab-adjustments').click();
    await byTestId(`adjust-approve-${id}`).click();
    await byTestId(`adjust-approve-${id}-confirm`).click();
    await byTestId('adjust-decision-result').waitFor();
    expect(await byTestId('adjust-decision-result').textContent()).toBe(
      `Adjustment #${id} approved; the member’s balance changed.`,
    );
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 160_000,
      frozen: 0,
    });
    await expect.poll(() => byTestId(`adjust-queue-row-${id}`).count()).toBe(0);
    await byTestId('adjust-history-user-id').fill(String(member.userId));
    await expect.poll(() => byTestId(`adjust-history-status-${id}`).textContent()).toBe('Applied');

    // The member's page: the balance, and the adjustment on the statement.
    await page.goto(`${serverUrl}/console.html#/members/${member.userId}`);
    await byTestId('member-balances').waitFor();
    expect(await byTestId('member-balances').locator('tbody tr').first().textContent()).toContain(
      '1600.00',
    );
    const line = page.locator('[data-testid^="statement-line-"][data-kind="adjustment"]');
    await line.waitFor();
    expect(await line.getByTestId('statement-amount').textContent()).toBe('+1,500.00');
    expect(await line.getByTestId('statement-balance-after').textContent()).toBe('1,600.00');
    expect(await line.getByTestId('statement-reference').textContent()).toBe(`adjustment:${id}`);
    expect(await line.textContent()).toContain('Manual adjustment');
    const lines = page.locator('[data-testid^="statement-line-"]');
    expect(await lines.count()).toBe(2);
    // Newest first: the adjustment, then the money the member had before.
    expect(await lines.nth(1).getByTestId('statement-amount').textContent()).toBe('+100.00');
    // The member's page leads to the adjustment form with the member filled in.
    await byTestId('member-adjust').click();
    await expect.poll(() => byTestId('adjust-user-id').inputValue()).toBe(String(member.userId));
  }, 120_000);

  it('runs the ledger check and shows it passed', async () => {
    const before = await adminCall<CallOutput<typeof ledgerCheck>>(testApp, ledgerCheck.path, {
      bearer: adminToken,
    });
    expect(before.data.ok).toBe(true);
    await page.goto(`${serverUrl}/console.html#/finance/ledger`);
    await byTestId('ledger-run').click();
    await byTestId('ledger-verdict').waitFor();
    expect(await byTestId('ledger-verdict').getAttribute('data-ok')).toBe('yes');
    expect(await byTestId('ledger-verdict').textContent()).toBe('Passed');
    const summary = (await byTestId('ledger-summary').textContent()) ?? '';
    const counted = /^(\d+) transactions and (\d+) accounts checked at /.exec(summary);
    expect(counted, summary).not.toBeNull();
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(before.data.transactions);
    expect(Number(counted?.[1])).toBeGreaterThan(0);
    for (const finding of [
      'unbalancedTransactions',
      'driftedAccounts',
      'negativeAccounts',
      'negativeEntityAccounts',
      'misbookedPostings',
      'closedEntitiesMoved',
    ])
      expect(await byTestId(`ledger-${finding}-count`).textContent()).toBe('0');
  }, 60_000);

  it("draws the dashboard's charts with the day's figures, for the chosen range and language", async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 123_456);
    const answer = await adminCall<CallOutput<typeof dashboard>>(testApp, dashboard.path, {
      bearer: adminToken,
      fields: { currencyId: cny.currencyId, days: 14 },
    });
    expect(answer, answer.msg).toMatchObject({ code: 0 });
    const today = answer.data.days.at(-1);
    if (!today) throw new Error('the dashboard answered no days');
    expect(today.deposits).toBeGreaterThanOrEqual(123_456);

    await byTestId('desk-dashboard').click();
    await byTestId('dashboard-chart-deposits').waitFor();
    for (const figure of ['turnover', 'ggr', 'deposits', 'withdrawals'] as const) {
      const bars = page.locator(`[data-testid^="dashboard-chart-${figure}-bar-"]`);
      expect(await bars.count()).toBe(14);
      const bar = byTestId(`dashboard-chart-${figure}-bar-${today.day}`);
      expect(await bar.getAttribute('data-value')).toBe(String(today[figure]));
      expect(await bar.locator('title').textContent()).toBe(
        `${today.day}: ${formatMoneyGrouped(today[figure], 2)} CNY`,
      );
      expect(await byTestId(`dashboard-day-${today.day}-${figure}`).textContent()).toBe(
        formatMoneyGrouped(today[figure], 2),
      );
    }
    // Today has deposits, so its bar stands above the zero line.
    const depositBar = byTestId(`dashboard-chart-deposits-bar-${today.day}`);
    expect(Number(await depositBar.getAttribute('height'))).toBeGreaterThan(0);
    expect(await byTestId('dashboard-liability-orders').textContent()).toBe(
      String(answer.data.openLiability.orders),
    );

    await byTestId('dashboard-days-range').selectOption('7');
    await expect
      .poll(() => page.locator('[data-testid^="dashboard-chart-deposits-bar-"]').count())
      .toBe(7);
    await byTestId('console-lang').selectOption('zh');
    expect(await byTestId('dashboard-chart-deposits').locator('figcaption').textContent()).toBe(
      '每日充值（CNY）',
    );
    await byTestId('console-lang').selectOption('zht');
    expect(await byTestId('dashboard-chart-deposits').locator('figcaption').textContent()).toBe(
      '每日存款（CNY）',
    );
    await byTestId('console-lang').selectOption('en');
    expect(await byTestId('dashboard-chart-deposits').locator('figcaption').textContent()).toBe(
      'Deposits per day (CNY)',
    );
  }, 60_000);
});

/** Settlement by hand, stake limits and margins on the trading desk; the site desk's switches. */
describe.skipIf(!hasChromium)(
  'settlement by hand, stake limits, margins and control switches',
  () => {
    // The book as the feed holds it; its first pre-match event is the one voided above.
    const book = createBook(feed);
    let trader: TestOperator;

    /** The decimal price a member is shown for the pick's outcome now. */
    async function shownOdds(member: { auth: { uid: string; token: string } }, pick: Pick) {
      const answer = await callMatch(testApp, matchMarketOptions, member.auth, {
        matchId: pick.event.fixture.eventId,
        playId: pick.market.playId,
      });
      const option = answer.z[pick.market.playId]?.[pick.market.specifiers]?.find(
        (entry) => entry.oi === pick.optId,
      );
      if (!option) throw new Error(`no option ${pick.optId} in the market options`);
      return option.o;
    }

    it('settles a market by hand (the winner is paid), then resettles it only after confirming', async () => {
      trader = await createOperator(testApp.database, ['trader']);
      const pick = book.pick(book.preMatchAt(1));
      const outcomeIds = pick.market.outcomes.map((outcome) => outcome.id);
      const other = outcomeIds.find((id) => id !== pick.outcomeId);
      if (!other) throw new Error('the market has one outcome');
      /** Chooses `won` for one outcome and `lost` for every other. */
      const chooseWinner = async (winner: string) => {
        for (const id of outcomeIds)
          await byTestId(`settle-result-${id}`).selectOption(id === winner ? 'won' : 'lost');
      };
      const bettor = await newMember(testApp);
      await fund(testApp, bettor.userId, cny.currencyId, 50_000);
      feed.advance(0);
      const placed = await placeBet(testApp, bettor, single(pick, 2_000));
      expect(placed, placed.msg).toMatchObject({ code: 0 });
      const payout = placed.data.potentialPayout;
      expect(payout).toBeGreaterThan(2_000);
      expect((await balanceOf(testApp, bettor.userId, cny.currencyId)).amount).toBe(48_000);

      await page.goto(`${serverUrl}/console.html`);
      await signOutIfSignedIn();
      await signInThroughConsole(trader);
      expect(await byTestId('desk-trading').count()).toBe(1);
      expect(await byTestId('desk-site').count()).toBe(0);
      await page.goto(`${serverUrl}/console.html#/trading/${pick.event.fixture.eventId}`);
      await byTestId('market-3-settle').click();
      await byTestId('settle-panel').waitFor();
      await byTestId('settle-reason').fill('feed lost the result');
      await byTestId('settle-submit').click();
      expect(await byTestId('settle-problem').textContent()).toMatch(/^Choose a result for /);
      await chooseWinner(pick.outcomeId);
      await byTestId(`settle-dead-heat-${pick.outcomeId}`).fill('1.5');
      await byTestId('settle-submit').click();
      expect(await byTestId('settle-problem').textContent()).toMatch(
        /is a decimal above 0 and at most 1/,
      );
      await byTestId(`settle-dead-heat-${pick.outcomeId}`).fill('');
      await byTestId('settle-submit').click();
      await byTestId('trading-result').waitFor();
      expect(await byTestId('trading-result').textContent()).toBe(
        'Settled by hand (settlement 1): 1 orders settled.',
      );
      await expect
        .poll(async () => (await balanceOf(testApp, bettor.userId, cny.currencyId)).amount)
        .toBe(48_000 + payout);
      await expect
        .poll(() => byTestId('market-3-held').textContent())
        .toContain('settled: feed lost the result');
      expect(await byTestId('market-3-open').textContent()).toBe('No');

      // Other results: refused as a settlement, explained, and offered as a resettlement.
      await byTestId('market-3-settle').click();
      await chooseWinner(other);
      await byTestId('settle-reason').fill('the other side won');
      await byTestId('settle-submit').click();
      await byTestId('settle-already').waitFor();
      expect(await byTestId('settle-already').textContent()).toContain(
        'Settling it again is a resettlement',
      );
      expect((await balanceOf(testApp, bettor.userId, cny.currencyId)).amount).toBe(
        48_000 + payout,
      );
      await byTestId('settle-resettle').click();
      await byTestId('resettle-dialog').waitFor();
      await byTestId('resettle-cancel').click();
      expect(await byTestId('resettle-dialog').count()).toBe(0);
      expect((await balanceOf(testApp, bettor.userId, cny.currencyId)).amount).toBe(
        48_000 + payout,
      );
      await byTestId('settle-resettle').click();
      await byTestId('resettle-confirm').click();
      await expect
        .poll(() => byTestId('trading-result').textContent())
        .toBe('Resettled (settlement 2): 1 orders changed.');
      // The payout is reversed exactly: the bet now lost.
      await expect
        .poll(async () => (await balanceOf(testApp, bettor.userId, cny.currencyId)).amount)
        .toBe(48_000);

      const audit = await adminCall<{ entries: { action: string; reason: string }[] }>(
        testApp,
        '/admin/api/audit/list',
        {
          bearer: adminToken,
          fields: { targetType: 'market', targetId: `${pick.event.fixture.eventId}:3|` },
        },
      );
      expect(audit.data.entries.map((entry) => [entry.action, entry.reason])).toEqual([
        ['market.resettle', 'the other side won'],
        ['market.settle', 'feed lost the result'],
      ]);
    }, 120_000);

    it('lowers a stake limit, and a bet above it is refused', async () => {
      const pick = book.pick(book.preMatchAt(2));
      const bettor = await newMember(testApp);
      await fund(testApp, bettor.userId, cny.currencyId, 100_000);

      await byTestId('trading-tab-limits').click();
      const maxInput = byTestId('limits-max-CNY');
      await maxInput.waitFor();
      expect(await maxInput.inputValue()).toBe('50000.00');
      expect(await byTestId('limits-updated').textContent()).toBe(
        'The built-in defaults stand: no operator has changed them.',
      );
      await maxInput.fill('100.001');
      await byTestId('limits-reason').fill('cup final exposure');
      await byTestId('limits-save').click();
      expect(await byTestId('limits-problem').textContent()).toBe(
        'Enter CNY amounts above 0 with at most 2 decimals.',
      );
      await maxInput.fill('100');
      await byTestId('limits-live').fill('40');
      await byTestId('limits-save').click();
      await byTestId('limits-result').waitFor();
      expect(await byTestId('limits-result').textContent()).toBe(
        'Stake limits saved; bets follow within seconds.',
      );
      expect(await maxInput.inputValue()).toBe('100.00');
      expect(await byTestId('limits-live').inputValue()).toBe('40');
      expect(await byTestId('limits-updated').textContent()).toContain(
        `by operator #${trader.operatorId}.`,
      );

      const policy = await adminCall<CallOutput<typeof tradingLimits>>(
        testApp,
        tradingLimits.path,
        {
          bearer: adminToken,
        },
      );
      expect(policy.data.currencies.find((entry) => entry.currencyCode === 'CNY')).toMatchObject({
        minStake: 100,
        maxStake: 10_000,
      });
      expect(policy.data.liveShare).toBe(4_000);
      feed.advance(0);
      const tooMuch = await placeBet(testApp, bettor, single(pick, 10_100));
      expect(tooMuch.code, tooMuch.msg).toBe(7006);
      expect((await balanceOf(testApp, bettor.userId, cny.currencyId)).amount).toBe(100_000);
      const atTheLimit = await placeBet(testApp, bettor, single(pick, 10_000));
      expect(atTheLimit.code, atTheLimit.msg).toBe(0);
    }, 90_000);

    it('sets a book margin and the member’s price drops; editing and clearing it follow', async () => {
      const pick = book.pick(book.preMatchAt(3));
      const sportId = pick.event.fixture.sportId;
      const member = await newMember(testApp);
      feed.advance(0);
      const before = await shownOdds(member, pick);
      expect(before).toBe(pick.odds);
      const outcome = pick.market.outcomes.find((entry) => entry.id === pick.outcomeId);
      if (!outcome) throw new Error('no outcome');
      const feedOdds = fromOddsUnits(outcome.odds);

      await byTestId('trading-tab-margins').click();
      await byTestId('margins-none').waitFor();
      await byTestId('margin-new-sport').fill(String(sportId));
      await byTestId('margin-new-value').fill('250');
      await byTestId('margin-new-reason').fill('cup weekend');
      await byTestId('margin-new-submit').click();
      expect(await byTestId('margins-problem').textContent()).toBe(
        'The margin is a whole number from -50 to 200.',
      );
      await byTestId('margin-new-value').fill('40');
      await byTestId('margin-new-submit').click();
      await byTestId('margins-result').waitFor();
      expect(await byTestId('margins-result').textContent()).toBe(
        `Margin of sport ${sportId}, Every play: 40‰.`,
      );
      const row = `margin-${sportId}-0`;
      await byTestId(row).waitFor();
      const withMargin = memberOdds(feedOdds, pick.market.playId, [0, 0, 0], 40);
      expect(withMargin).toBeLessThan(before);
      await expect.poll(() => shownOdds(member, pick)).toBe(withMargin);

      await byTestId(`${row}-value`).fill('20');
      await byTestId(`${row}-save`).click();
      await byTestId(`${row}-save-reason`).fill('softer');
      await byTestId(`${row}-save-confirm`).click();
      await expect
        .poll(() => byTestId('margins-result').textContent())
        .toBe(`Margin of sport ${sportId}, Every play: 20‰.`);
      await expect
        .poll(() => shownOdds(member, pick))
        .toBe(memberOdds(feedOdds, pick.market.playId, [0, 0, 0], 20));

      await byTestId(`${row}-clear`).click();
      await byTestId(`${row}-clear-reason`).fill('cup over');
      await byTestId(`${row}-clear-confirm`).click();
      await byTestId('margins-none').waitFor();
      await expect.poll(() => shownOdds(member, pick)).toBe(before);
    }, 90_000);

    it('lets an admin turn a control switch on: the sport leaves the member’s list, and comes back', async () => {
      const member = await newMember(testApp);
      const sportsListed = async () =>
        (await callMatch(testApp, matchCount, member.auth)).map((sport) => sport.sportId);
      // SPEC §4: the switches that hide a whole sport.
      const sportSwitches = new Map([
        [1, 1],
        [2, 10],
        [3, 20],
        [4, 30],
        [5, 40],
        [20, 50],
        [23, 60],
        [31, 70],
      ]);
      const sportId = (await sportsListed()).find((id) => sportSwitches.has(id));
      const sportSwitch = sportId === undefined ? undefined : sportSwitches.get(sportId);
      if (sportId === undefined || sportSwitch === undefined)
        throw new Error('the member sees no sport a switch hides');

      await byTestId('console-logout').click();
      await byTestId('login-ended').waitFor();
      await signInThroughConsole(operator);
      await byTestId('desk-site').click();
      const checkbox = byTestId(`switch-${sportSwitch}`);
      await checkbox.waitFor();
      expect(await checkbox.isChecked()).toBe(false);
      expect(await page.locator('[data-testid^="switch-"][type="checkbox"]').count()).toBe(15);
      await checkbox.check();
      await byTestId('switches-save').click();
      expect(await byTestId('switches-problem').textContent()).toBe('Enter a reason first.');
      await byTestId('switches-reason').fill('licence paused');
      await byTestId('switches-save').click();
      await byTestId('switches-result').waitFor();
      expect(await byTestId('switches-result').textContent()).toBe(
        `Saved. Switches on now: ${sportSwitch}.`,
      );
      await expect.poll(sportsListed).not.toContain(sportId);
      const init = await testApp.call<{ control_switch: number[] }>(matchSysInit.path, {});
      expect(init.data.control_switch).toEqual([sportSwitch]);

      // A reload shows the switch as the server holds it; turning it off brings the sport back.
      await page.reload();
      await checkbox.waitFor();
      expect(await checkbox.isChecked()).toBe(true);
      await checkbox.uncheck();
      await byTestId('switches-reason').fill('licence back');
      await byTestId('switches-save').click();
      await expect
        .poll(() => byTestId('switches-result').textContent())
        .toBe('Saved. Switches on now: none.');
      await expect.poll(sportsListed).toContain(sportId);
    }, 90_000);

    it('lets an admin publish a notice the member site shows, then unpublish it; both are audited', async () => {
      const text = `Maintenance tonight ${Date.now().toString(36)}`;
      await byTestId('site-tab-content').click();
      await byTestId('post-new').click();
      await byTestId('post-language').selectOption('en');
      await byTestId('post-title').fill(text);
      await byTestId('post-published').check();
      await byTestId('post-save').click();
      expect(await byTestId('post-problem').textContent()).toBe('Enter a reason first.');
      await byTestId('post-reason').fill('planned maintenance');
      await byTestId('post-save').click();
      await byTestId('posts-result').waitFor();
      const saved = /^Post #(\d+) saved \(version 1\): Live\.$/.exec(
        (await byTestId('posts-result').textContent()) ?? '',
      );
      if (!saved) throw new Error('the post was not saved live');
      const postId = Number(saved[1]);
      expect(await byTestId(`post-${postId}-title`).textContent()).toBe(text);

      // The member site, in English like the notice, shows it above the match list.
      const memberPage = await browser?.context.newPage();
      if (!memberPage) throw new Error('no browser');
      await memberPage.goto(`${serverUrl}/#/index`);
      const bar = memberPage.getByTestId('notice-bar');
      await bar.getByText(text).waitFor();
      expect(await bar.getByTestId(`notice-${postId}`).isVisible()).toBe(true);

      await byTestId(`post-${postId}-unpublish`).click();
      await byTestId(`post-${postId}-unpublish-reason`).fill('maintenance moved');
      await byTestId(`post-${postId}-unpublish-confirm`).click();
      await expect
        .poll(() => byTestId('posts-result').textContent())
        .toBe(`Post #${postId} unpublished.`);
      await expect.poll(() => byTestId(`post-${postId}-state`).textContent()).toBe('Draft');

      // A fresh page reads the notices again: the list shows, the notice does not.
      await memberPage.reload();
      await memberPage.getByTestId('sport-tab').first().waitFor();
      await expect
        .poll(async () =>
          (
            await testApp.call<{ notices: { id: number }[] }>(noticeList.path, { lang: 'en' })
          ).data.notices.map((notice) => notice.id),
        )
        .not.toContain(postId);
      expect(await memberPage.getByTestId(`notice-${postId}`).count()).toBe(0);
      await memberPage.close();

      await byTestId('desk-audit').click();
      await byTestId('audit-filter-targetType').fill('site_post');
      await byTestId('audit-filter-targetId').fill(String(postId));
      await byTestId('audit-apply').click();
      const unpublished = page.locator('[data-testid^="audit-entry-"]', {
        hasText: 'site_post.unpublish',
      });
      // The unfiltered page (the latest entries, this one among them) shows until the filtered
      // answer replaces it: wait for the post's two entries alone.
      await expect.poll(() => page.locator('[data-testid^="audit-entry-"]').count()).toBe(2);
      await unpublished.waitFor();
      expect(await unpublished.getByTestId('audit-reason').textContent()).toBe('maintenance moved');
      const published = unpublished.getByTestId('audit-diff-isPublished');
      expect(await published.getAttribute('data-changed')).toBe('yes');
      expect(await published.getByTestId('audit-before').textContent()).toBe('true');
      expect(await published.getByTestId('audit-after').textContent()).toBe('false');
      const created = page.locator('[data-testid^="audit-entry-"]', {
        hasText: 'site_post.create',
      });
      expect(await created.getByTestId('audit-reason').textContent()).toBe('planned maintenance');
      expect(
        await created.getByTestId('audit-diff-title').getByTestId('audit-after').textContent(),
      ).toBe(JSON.stringify(text));
    }, 90_000);

    it('lets an admin turn a partner off (its sign-ins are refused until it is back on) and a player’s live video off', async () => {
      const principal = `p${Date.now().toString(36)}`;
      // A token works once: each login signs its own, told apart by a nonce.
      const partnerLoginFields = () => ({
        authToken: signPartnerToken(
          {
            channel: testPartnerChannel,
            principal,
            exp: Math.floor(Date.now() / 1000) + 600,
            nonce: randomUUID(),
          },
          testPartnerSecret,
        ),
        principal,
        channel: testPartnerChannel,
      });
      const partnerLogin = () => testApp.call(openMemberLogin.path, partnerLoginFields());
      expect((await partnerLogin()).code).toBe(0);

      await byTestId('desk-site').click();
      await byTestId('site-tab-partners').click();
      const row = byTestId(`partner-${testPartnerChannel}`);
      await row.waitFor();
      expect(await byTestId(`partner-${testPartnerChannel}-enabled`).textContent()).toBe('On');
      await byTestId(`partner-${testPartnerChannel}-edit`).click();
      await byTestId('partner-form-enabled').uncheck();
      await byTestId('partner-form-reason').fill('contract paused');
      await byTestId('partner-form-save').click();
      await expect
        .poll(() => byTestId('partners-result').textContent())
        .toBe(`Partner ${testPartnerChannel} saved.`);
      await expect
        .poll(() => byTestId(`partner-${testPartnerChannel}-enabled`).textContent())
        .toBe('Off');
      expect((await partnerLogin()).code).toBe(2011);

      await byTestId(`partner-${testPartnerChannel}-edit`).click();
      await byTestId('partner-form-enabled').check();
      await byTestId('partner-form-reason').fill('contract resumed');
      await byTestId('partner-form-save').click();
      await expect
        .poll(() => byTestId(`partner-${testPartnerChannel}-enabled`).textContent())
        .toBe('On');
      const again = await testApp.call<{ memberId: number }>(
        openMemberLogin.path,
        partnerLoginFields(),
      );
      expect(again.code, again.msg).toBe(0);

      // The player's page on the members desk turns their live video off, with a reason.
      await page.goto(`${serverUrl}/console.html#/members/${again.data.memberId}`);
      await byTestId('member-is-show').waitFor();
      expect(await byTestId('member-is-show').textContent()).toBe('Yes');
      await byTestId('member-is-show-toggle').click();
      await byTestId('member-is-show-toggle-reason').fill('no streaming rights');
      await byTestId('member-is-show-toggle-confirm').click();
      await expect.poll(() => byTestId('member-is-show').textContent()).toBe('No');
      const detail = await adminCall<{ isShow: boolean }>(testApp, memberDetail.path, {
        bearer: adminToken,
        fields: { userId: again.data.memberId },
      });
      expect(detail.data.isShow).toBe(false);
    }, 60_000);
  },
);
