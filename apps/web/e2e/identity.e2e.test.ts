import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/test/start-test-server';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('web identity');

const password = 'Secret123';

/** A fresh account name per run: letters first, 6-16 characters, as the contract requires. */
const account = `web${Date.now().toString(36)}`.slice(0, 16);

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

async function memberIdShown(page: Page): Promise<number> {
  return Number(await byTestId(page, 'member-id').textContent());
}

/** A visitor's header: the guest chip and no member id, since a visitor has none to show. */
async function expectGuestShown(page: Page): Promise<void> {
  await byTestId(page, 'guest-chip').waitFor();
  expect(await byTestId(page, 'member-id').count()).toBe(0);
}

/** The header balance once it has loaded (it shows `--` while the first read is under way). */
async function balanceShown(page: Page): Promise<string | null> {
  const balance = byTestId(page, 'balance');
  await expect.poll(() => balance.textContent()).not.toBe('--');
  return balance.textContent();
}

describe.skipIf(!hasChromium)('identity flows in Chromium against the real server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ webDistDir });
    browser = await launchBrowser('sb-web-e2e');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('starts as a visitor, registers, changes language, logs out and logs back in', async () => {
    if (!server) throw new Error('server did not start');
    await page.goto(server.url);
    await expect.poll(() => page.url()).toMatch(/#\/index$/);
    await byTestId(page, 'login-open').waitFor();
    await expectGuestShown(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.getByTestId('app-version').textContent()).toContain('v1.0.110');
    expect(await byTestId(page, 'balance').count()).toBe(0);

    const balanceRead = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/wallet/balance'),
    );
    await byTestId(page, 'register-open').click();
    await byTestId(page, 'register-account').fill(account);
    await byTestId(page, 'register-password').fill(password);
    await byTestId(page, 'register-confirm').fill(password);
    await byTestId(page, 'register-submit').click();
    await byTestId(page, 'account-name').waitFor();
    expect(await byTestId(page, 'account-name').textContent()).toBe(account);
    const memberId = await memberIdShown(page);
    expect(memberId).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('btoken'))).toBeTruthy();
    expect(((await (await balanceRead).json()) as { code: number }).code).toBe(0);
    expect(await balanceShown(page)).toBe('0.00');
    expect(await byTestId(page, 'balance-currency').textContent()).toBe('CNY');

    const languageSaved = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/member/profile/edit'),
    );
    await byTestId(page, 'lang-select').selectOption('zht');
    const edit = (await (await languageSaved).json()) as {
      code: number;
      data: { languageCode: string };
    };
    expect(edit.code).toBe(0);
    expect(edit.data.languageCode).toBe('zht');
    expect(await byTestId(page, 'logout').textContent()).toBe('退出');

    await byTestId(page, 'logout').click();
    await byTestId(page, 'login-open').waitFor();
    await expectGuestShown(page);
    expect(await page.evaluate(() => localStorage.getItem('btoken'))).toBeNull();
    expect(await byTestId(page, 'balance').count()).toBe(0);

    await page.evaluate(() => {
      window.addEventListener('login-complete', () => {
        document.body.dataset.loginComplete = 'yes';
      });
    });
    await byTestId(page, 'login-open').click();
    expect(await byTestId(page, 'login-account').inputValue()).toBe(account);
    await byTestId(page, 'login-password').fill(password);
    await byTestId(page, 'login-submit').click();
    await byTestId(page, 'account-name').waitFor();
    expect(await memberIdShown(page)).toBe(memberId);
    expect(await page.evaluate(() => document.body.dataset.loginComplete)).toBe('yes');
    expect(page.url()).toMatch(/\/#\/index$/);
    expect(await balanceShown(page)).toBe('0.00');
  }, 120_000);

  it('asks for a captcha after repeated failed logins and replaces it after a wrong answer', async () => {
    await byTestId(page, 'logout').click();
    await byTestId(page, 'login-open').click();
    await byTestId(page, 'login-account').fill(account);
    for (let attempt = 0; attempt < 4; attempt++) {
      await byTestId(page, 'login-password').fill(`wrong-${attempt}`);
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/app/api/member/login/account'),
      );
      await byTestId(page, 'login-submit').click();
      await answered;
    }
    const firstImage = byTestId(page, 'captcha-image');
    await firstImage.waitFor();
    const firstSource = await firstImage.getAttribute('src');
    expect(firstSource).toMatch(/^data:image\/svg\+xml/);

    await byTestId(page, 'login-password').fill(password);
    await byTestId(page, 'captcha-input').fill('0000');
    await byTestId(page, 'login-submit').click();
    await expect
      .poll(() => byTestId(page, 'captcha-image').getAttribute('src'))
      .not.toBe(firstSource);
    await expectGuestShown(page);
  }, 120_000);

  it('treats a revoked member token as a 403: storage cleared but for the last name and the list', async () => {
    await page.keyboard.press('Escape');
    const second = `${account.slice(0, 12)}b2`;
    await byTestId(page, 'register-open').click();
    await byTestId(page, 'register-account').fill(second);
    await byTestId(page, 'register-password').fill(password);
    await byTestId(page, 'register-confirm').fill(password);
    await byTestId(page, 'register-submit').click();
    await byTestId(page, 'account-name').waitFor();

    await page.evaluate(() => localStorage.setItem('btoken', 'revoked-token'));
    await page.reload();
    await byTestId(page, 'login-open').waitFor();
    await expectGuestShown(page);
    // The header may show the login button before the profile call answers 403 and the client
    // clears the member's token; the fallback visitor is stored once its own call answers.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('btoken'))).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const stored = await page.evaluate(() => ({
      lastAccount: localStorage.getItem('lastAccount'),
      accountList: localStorage.getItem('accountList'),
      memberToken: localStorage.getItem('btoken'),
      visitorToken: localStorage.getItem('token'),
    }));
    expect(stored.lastAccount).toBe(second);
    expect(stored.accountList).toContain(second);
    expect(stored.memberToken).toBeNull();
    expect(stored.visitorToken).toBeTruthy();
  }, 120_000);

  it('shows a try-play player the demo money, reads it again on request, and drops it on logout', async () => {
    await expectGuestShown(page);
    expect(await byTestId(page, 'balance').count()).toBe(0);

    await byTestId(page, 'try-play').click();
    await byTestId(page, 'account-name').waitFor();
    expect(await memberIdShown(page)).toBeGreaterThan(0);
    expect(await balanceShown(page)).toBe('10,000.00');
    expect(await byTestId(page, 'balance-currency').textContent()).toBe('DEMO');

    const balanceRead = page.waitForResponse((response) =>
      response.url().endsWith('/app/api/wallet/balance'),
    );
    await byTestId(page, 'balance-refresh').click();
    expect(((await (await balanceRead).json()) as { code: number }).code).toBe(0);
    await expect.poll(() => byTestId(page, 'balance-refresh').isEnabled()).toBe(true);
    expect(await byTestId(page, 'balance').textContent()).toBe('10,000.00');

    await byTestId(page, 'logout').click();
    await byTestId(page, 'login-open').waitFor();
    expect(await byTestId(page, 'balance').count()).toBe(0);
  }, 120_000);

  it('reads the balance again on every account switch', async () => {
    const third = `${account.slice(0, 12)}c3`;
    const fourth = `${account.slice(0, 12)}d4`;
    for (const name of [third, fourth]) {
      await byTestId(page, 'register-open').click();
      await byTestId(page, 'register-account').fill(name);
      await byTestId(page, 'register-password').fill(password);
      await byTestId(page, 'register-confirm').fill(password);
      await byTestId(page, 'register-submit').click();
      await expect.poll(() => byTestId(page, 'account-name').textContent()).toBe(name);
      expect(await balanceShown(page)).toBe('0.00');
      if (name === third) {
        await byTestId(page, 'logout').click();
        await byTestId(page, 'register-open').waitFor();
      }
    }

    const switchTo = async (name: string) => {
      await byTestId(page, 'account-switch-open').click();
      await byTestId(page, 'account-switch-item').filter({ hasText: name }).click();
    };
    // The logout revoked the third account's token, so switching to it asks for the password.
    await switchTo(third);
    expect(await byTestId(page, 'login-account').inputValue()).toBe(third);
    await byTestId(page, 'login-password').fill(password);
    await byTestId(page, 'login-submit').click();
    await expect.poll(() => byTestId(page, 'account-name').textContent()).toBe(third);
    expect(await balanceShown(page)).toBe('0.00');

    let balanceReads = 0;
    const countRead = (request: { url(): string }) => {
      if (request.url().endsWith('/app/api/wallet/balance')) balanceReads += 1;
    };
    page.on('request', countRead);
    await switchTo(fourth);
    await expect.poll(() => byTestId(page, 'account-name').textContent()).toBe(fourth);
    await expect.poll(() => balanceReads).toBe(1);
    expect(await balanceShown(page)).toBe('0.00');
    // Back to an account whose balance was read moments ago: it is read again all the same.
    await switchTo(third);
    await expect.poll(() => byTestId(page, 'account-name').textContent()).toBe(third);
    await expect.poll(() => balanceReads).toBe(2);
    expect(await balanceShown(page)).toBe('0.00');
    page.off('request', countRead);
  }, 120_000);
});
