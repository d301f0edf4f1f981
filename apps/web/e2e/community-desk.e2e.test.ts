import { errorCatalogue, type Share, shareCreate, shareVerify } from '@sb/contract';
import { sportNameOf } from '@sb/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import { createManualFeed } from '../../server/test/match/helpers';
import { createOperator, type TestOperator } from '../../server/test/operators/helpers';
import { createBook, expectOk, placeBet, single } from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, fund, newMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('console community desk');

describe.skipIf(!hasChromium)('the console’s community desk in Chromium', () => {
  const feed = createManualFeed({ seed: 'community-desk-e2e' });
  let testApp: TestApp;
  let url = '';
  let browser: TestBrowser;
  let page: Page;
  let support: TestOperator;
  let admin: TestOperator;
  let code = '';
  let tipsterId = 0;
  let sportId = 0;

  const byTestId = (testId: string) => page.getByTestId(testId);

  async function signInAs(who: TestOperator) {
    await page.goto(`${url}/console.html`);
    await byTestId('login-username').fill(who.username);
    await byTestId('login-password').fill(who.password);
    await byTestId('login-continue').click();
    await byTestId('login-totp').fill(totpCodeAt(who.totpSecret, Date.now()));
    await byTestId('operator-name').waitFor();
  }

  beforeAll(async () => {
    testApp = await createTestApp({ feedProvider: feed.provider, webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;

    // A member's bet, shared: the share the operator is to find and hide.
    const book = createBook(feed);
    const tipster = await newMember(testApp);
    tipsterId = tipster.userId;
    await fund(testApp, tipster.userId, cny.currencyId, 50_000);
    feed.advance(0);
    const placed = expectOk(
      await placeBet(testApp, tipster, single(book.pick(book.preMatchAt(0)))),
    );
    const shared = expectOk(
      await testApp.call<Share>(shareCreate.path, { ...tipster.auth, orderNo: placed.orderNo }),
    );
    code = shared.code;
    sportId = shared.placed.legs[0]?.sportId ?? 0;
    expectOk(await testApp.call(shareVerify.path, { code }));

    support = await createOperator(testApp.database, ['support']);
    admin = await createOperator(testApp.database, ['admin']);
    browser = await launchBrowser('sb-community-desk');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('finds a share by its code and hides it with a reason; share/verify then refuses it', async () => {
    await page.setViewportSize(viewports.desktop);
    await signInAs(support);
    await byTestId('desk-community').click();
    const row = byTestId(`community-share-${code}`);
    await row.waitFor();
    expect(await byTestId(`community-state-${code}`).textContent()).toBe('Shown');

    // A code's beginning in lower case finds it.
    await byTestId('community-code').fill(code.slice(0, 5).toLowerCase());
    await byTestId('community-search').click();
    await row.waitFor();
    expect(await row.textContent()).toContain(`(#${tipsterId})`);
    // The legs' sports by name in the operator's language, not by id.
    expect(await byTestId(`community-sports-${code}`).textContent()).toBe(
      sportNameOf(sportId, 'en'),
    );
    await checkScreen(page, 'console-community', { shown: row, narrowest: true });

    // No reason, no change.
    await byTestId(`share-hide-${code}`).click();
    await byTestId(`share-hide-${code}-confirm`).click();
    expect(await row.getAttribute('data-hidden')).toBe('false');
    await byTestId(`share-hide-${code}-reason`).fill('Touting an outside site');
    await byTestId(`share-hide-${code}-confirm`).click();
    await expect
      .poll(() => byTestId('community-result').textContent())
      .toBe(`Share ${code} hidden.`);
    await expect.poll(() => row.getAttribute('data-hidden')).toBe('true');
    expect(await byTestId(`community-state-${code}`).textContent()).toBe('Hidden');
    await checkScreen(page, 'console-community-hidden', { shown: row });

    // The member-facing page's call refuses it now.
    const refused = await testApp.call(shareVerify.path, { code });
    expect(refused.code).toBe(errorCatalogue.SHARE_NOT_FOUND.code);
    expect(refused.msg).toContain('hidden');

    // Only hidden shares: it is there.
    await byTestId('community-hidden-filter').selectOption('true');
    await row.waitFor();
  }, 60_000);

  it('lists the hiding in the audit log with its reason', async () => {
    await byTestId('console-logout').click();
    await byTestId('login-ended').waitFor();
    await signInAs(admin);
    await byTestId('desk-audit').click();
    await byTestId('audit-filter-targetType').fill('share');
    await byTestId('audit-filter-targetId').fill(code);
    await byTestId('audit-apply').click();
    const entry = page.locator('[data-testid^="audit-entry-"]', { hasText: 'share.hide' });
    await expect.poll(() => page.locator('[data-testid^="audit-entry-"]').count()).toBe(1);
    await entry.waitFor();
    expect(await entry.getByTestId('audit-who').textContent()).toBe(
      `${support.username} (#${support.operatorId})`,
    );
    expect(await entry.getByTestId('audit-target').textContent()).toBe(`share ${code}`);
    expect(await entry.getByTestId('audit-reason').textContent()).toBe('Touting an outside site');
  }, 60_000);

  it('hides the tipster in Chinese, and shows them again', async () => {
    await byTestId('desk-community').click();
    await byTestId('console-lang').selectOption('zh');
    const row = byTestId(`community-share-${code}`);
    await row.waitFor();
    await byTestId(`tipster-hide-${code}`).click();
    await byTestId(`tipster-hide-${code}-reason`).fill('关联账户');
    await byTestId(`tipster-hide-${code}-confirm`).click();
    await expect.poll(() => row.getAttribute('data-tipster-hidden')).toBe('true');
    expect(await byTestId('community-result').textContent()).toBe(
      `晒单者 #${tipsterId} 及其全部晒单已隐藏。`,
    );
    expect(await byTestId(`community-state-${code}`).textContent()).toBe('已隐藏、晒单者已隐藏');
    expect(await byTestId(`community-sports-${code}`).textContent()).toBe(
      sportNameOf(sportId, 'zh'),
    );
    await checkScreen(page, 'console-community-zh', { shown: row, narrowest: true });
    await byTestId(`tipster-hide-${code}`).click();
    await byTestId(`tipster-hide-${code}-reason`).fill('核实无误');
    await byTestId(`tipster-hide-${code}-confirm`).click();
    await expect.poll(() => row.getAttribute('data-tipster-hidden')).toBe('false');
  }, 60_000);
});
