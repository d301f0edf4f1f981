import {
  type CollectionOrder,
  collectionCreate,
  collectionReviewList,
  collectionUploadPath,
  type QueuedWithdrawal,
  withdrawQueue,
} from '@sb/contract';
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
import {
  addAccount,
  brl,
  channels,
  createWithdrawal,
  expectOk,
  fund,
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
import { checkScreen, viewports } from './screens';
import { createStillFeed } from './still-feed';

warnWithoutChromium('console withdrawal queue');

/** A 1×1 PNG, the receipt a collection order waits with. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A CPF with valid check digits, for a Pix key account. */
const validCpf = '52998224725';

/** The member's time as the site shows it: four hours behind UTC, in the console's locale. */
function memberTime(epochMs: number, locale: string): string {
  return new Date(epochMs - 4 * 3_600_000).toLocaleString(locale, { timeZone: 'UTC' });
}

describe.skipIf(!hasChromium)('the finance desk’s withdrawal queue in Chromium', () => {
  let testApp: TestApp;
  let url = '';
  let browser: TestBrowser;
  let page: Page;
  let operator: TestOperator;
  let queued: QueuedWithdrawal[] = [];
  let member: Awaited<ReturnType<typeof readyMember>>;
  let bankOrderNo = '';
  let pixOrderNo = '';
  let routeOrderNo = '';
  let collection: CollectionOrder;
  /** When the member made the collection order, as the desk's list answers it. */
  let collectionTime = 0;

  beforeAll(async () => {
    testApp = await createTestApp({
      feedProvider: createStillFeed('withdrawal-queue-e2e').provider,
      webDistDir,
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;

    member = await readyMember(testApp, 100_000);
    bankOrderNo = orderNoOf(expectOk(await createWithdrawal(testApp, member, { amount: 30_000 })));
    await fund(testApp, member.userId, brl.currencyId, 50_000);
    const pixAccountId = expectOk(
      await addAccount(testApp, member, {
        ...channels.pixKey,
        accountType: 'PIX_EMAIL',
        bankNo: 'joao@example.com',
        realName: 'João Souza',
        extend1: validCpf,
      }),
    ).accountId;
    pixOrderNo = orderNoOf(
      expectOk(
        await createWithdrawal(testApp, member, {
          channelId: channels.pixKey.channelId,
          payTypeId: channels.pixKey.payTypeId,
          accountId: pixAccountId,
          amount: 10_000,
        }),
      ),
    );
    routeOrderNo = orderNoOf(
      expectOk(
        await createWithdrawal(testApp, member, {
          channelId: channels.depositRoute.channelId,
          payTypeId: channels.depositRoute.payTypeId,
          accountId: 0,
          amount: 10_000,
        }),
      ),
    );

    // A bank collection order with its receipt: it waits on the desk's other queue.
    const created = await testApp.call<CollectionOrder>(collectionCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 201,
      amount: 50_000,
    });
    collection = expectOk(created);
    const form = new FormData();
    const fields = { ...member.auth, orderNo: collection.orderNo, type: '1', lang: 'en' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([receiptPng], { type: 'image/png' }), 'receipt.png');
    const uploaded = await fetch(`${url}${collectionUploadPath}`, { method: 'POST', body: form });
    expect(((await uploaded.json()) as { code: number }).code).toBe(0);

    operator = await createOperator(testApp.database, ['finance']);
    const reader = await signIn(
      testApp,
      await createOperator(testApp.database, ['finance']),
      Date.now(),
    );
    queued = (
      await adminCall<{ records: QueuedWithdrawal[] }>(testApp, withdrawQueue.path, {
        bearer: reader.token,
        fields: { userId: member.userId },
      })
    ).data.records;

    const collections = await adminCall<{ records: { orderNo: string; createTime: number }[] }>(
      testApp,
      collectionReviewList.path,
      { bearer: reader.token },
    );
    collectionTime =
      collections.data.records.find((record) => record.orderNo === collection.orderNo)
        ?.createTime ?? 0;
    expect(collectionTime).toBeGreaterThan(0);

    browser = await launchBrowser('sb-withdrawal-queue');
    page = browser.page;
    // The operator sits eight hours ahead of UTC: members' times must not follow the operator.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Shanghai' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('shows the member, the payout account and the balance an operator decides on', async () => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/console.html`);
    await page.getByTestId('login-username').fill(operator.username);
    await page.getByTestId('login-password').fill(operator.password);
    await page.getByTestId('login-continue').click();
    await page.getByTestId('login-totp').fill(totpCodeAt(operator.totpSecret, Date.now()));
    await page.getByTestId('operator-name').waitFor();
    await page.getByTestId('finance-tab-withdrawals').click();

    const bankRow = page.getByTestId(`withdraw-row-${bankOrderNo}`);
    await bankRow.waitFor();
    expect(await bankRow.getByTestId('withdraw-member').textContent()).toBe(
      `${member.session.account}ID ${member.userId}`,
    );
    expect(await bankRow.getByTestId('withdraw-payee').textContent()).toBe(
      'Bank cardZhang San6222 **** 3445',
    );
    // Available is what the member may still spend: 1,000.00 less the 400.00 both hold.
    expect(await bankRow.getByTestId('withdraw-balance').textContent()).toBe(
      'Available 600.00 CNYFrozen 400.00 CNY',
    );
    expect(await page.getByTestId('withdraw-queue').textContent()).not.toContain(
      '6222020200112233445',
    );
    const pixRow = page.getByTestId(`withdraw-row-${pixOrderNo}`);
    expect(await pixRow.getByTestId('withdraw-payee').textContent()).toBe(
      'Pix key · e-mailJoão Souzajoao **** .com',
    );
    expect(await pixRow.getByTestId('withdraw-balance').textContent()).toBe(
      'Available 400.00 BRLFrozen 100.00 BRL',
    );
    const routeRow = page.getByTestId(`withdraw-row-${routeOrderNo}`);
    expect(await routeRow.getByTestId('withdraw-payee').textContent()).toBe(
      'Deposit routeBack along the deposit’s route',
    );
    await checkScreen(page, 'console-withdrawal-queue', { shown: bankRow, narrowest: true });
  });

  it("shows each withdrawal's time in the member's zone, UTC−4, whatever the operator's", async () => {
    await page.setViewportSize(viewports.desktop);
    const header = page.getByTestId('withdraw-queue').locator('th');
    expect(await header.allTextContents()).toContain('Asked at (UTC−4)');
    for (const record of queued) {
      const row = page.getByTestId(`withdraw-row-${record.orderNo}`);
      expect(await row.getByTestId('withdraw-time').textContent()).toBe(
        memberTime(record.createTime, 'en-GB'),
      );
    }
    expect(queued).toHaveLength(3);
  });

  it('reads the same in Chinese', async () => {
    await page.setViewportSize(viewports.desktop);
    await page.getByTestId('console-lang').selectOption('zh');
    const bankRow = page.getByTestId(`withdraw-row-${bankOrderNo}`);
    await expect
      .poll(() => bankRow.getByTestId('withdraw-payee').textContent())
      .toBe('银行卡Zhang San6222 **** 3445');
    expect(await bankRow.getByTestId('withdraw-balance').textContent()).toBe(
      '可用 600.00 CNY冻结 400.00 CNY',
    );
    const first = queued[0];
    if (!first) throw new Error('no queued withdrawal');
    expect(
      await page
        .getByTestId(`withdraw-row-${first.orderNo}`)
        .getByTestId('withdraw-time')
        .textContent(),
    ).toBe(memberTime(first.createTime, 'zh-CN'));
    expect(await page.getByTestId('withdraw-queue').locator('th').allTextContents()).toContain(
      '申请时间（UTC−4）',
    );
    await checkScreen(page, 'console-withdrawal-queue-zh', { shown: bankRow, narrowest: true });
  });

  it("lists collection orders in the member's time, their pay type in Chinese", async () => {
    await page.setViewportSize(viewports.desktop);
    await page.getByTestId('finance-tab-collections').click();
    const row = page.getByTestId(`collection-row-${collection.orderNo}`);
    await row.waitFor();
    expect(await row.getByTestId('collection-pay-type').textContent()).toBe('银行卡转账');
    expect(await row.getByTestId('collection-time').textContent()).toBe(
      memberTime(collectionTime, 'zh-CN'),
    );
    await checkScreen(page, 'console-collection-orders-zh', { shown: row, narrowest: true });
  });
});
