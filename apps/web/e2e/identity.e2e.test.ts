import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/test/start-test-server';

/** The system Chromium (DESIGN §2); CHROMIUM_PATH points elsewhere on other machines. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  console.warn(
    `\n!!! SKIPPED: the web identity browser tests need Chromium at ${chromiumPath}, which is ` +
      'missing. Install it (apt-get install -y chromium) to run them. !!!\n',
  );
}

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(webDir, 'dist');
const password = 'Secret123';

/** A fresh account name per run: letters first, 6-16 characters, as the contract requires. */
const account = `web${Date.now().toString(36)}`.slice(0, 16);

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

async function memberIdShown(page: Page): Promise<number> {
  return Number(await byTestId(page, 'member-id').textContent());
}

describe.skipIf(!hasChromium)('identity flows in Chromium against the real server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
  let context: BrowserContext | undefined;
  let profileDir = '';
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(join(distDir, 'index.html'))) {
      execFileSync('npx', ['vite', 'build'], { cwd: webDir, stdio: 'inherit' });
    }
    server = await startTestServer({ webDistDir: distDir });
    profileDir = mkdtempSync(join(tmpdir(), 'sb-web-e2e-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      headless: true,
      locale: 'en-US',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('starts as a visitor, registers, changes language, logs out and logs back in', async () => {
    if (!server) throw new Error('server did not start');
    await page.goto(server.url);
    await expect.poll(() => page.url()).toMatch(/#\/index$/);
    await byTestId(page, 'login-open').waitFor();
    expect(await memberIdShown(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.getByTestId('app-version').textContent()).toContain('v1.0.110');

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
    expect(await memberIdShown(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('btoken'))).toBeNull();

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
    expect(await memberIdShown(page)).toBe(0);
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
    expect(await memberIdShown(page)).toBe(0);
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
});
