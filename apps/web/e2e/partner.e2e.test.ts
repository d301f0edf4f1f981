import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { errorCatalogue, openMemberLogin, openPasscodeIssue, type Session } from '@sb/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PartnerClaims,
  signPartnerToken,
} from '../../server/src/modules/identity/partner-auth';
import { partnerTokenNonce } from '../../server/test/identity/helpers';
import {
  createTestApp,
  type TestApp,
  testPartnerChannel,
  testPartnerSecret,
} from '../../server/test/test-app';
import { cny, fund } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('partner');

const screenshotDir = fileURLToPath(new URL('../../../test-results/partner/', import.meta.url));
const examplePartnerScript = fileURLToPath(
  new URL('../../../scripts/partner-example.mjs', import.meta.url),
);
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/**
 * The partner's page: it embeds the site in a frame, as a partner does, and keeps every message
 * the frame posts (with the origin it came from) for the test to read.
 */
const embeddingPage = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Partner</title>
  <style>body{margin:0;font:14px sans-serif}header{padding:8px 12px;background:#223}
  header b{color:#fff}iframe{display:block;width:100%;height:calc(100vh - 34px);border:0}</style>
  </head>
  <body>
    <header><b>Partner casino</b></header>
    <iframe id="site" title="Sportsbook"></iframe>
    <script>
      window.received = [];
      window.addEventListener('message', (event) => {
        window.received.push({ origin: event.origin, data: event.data });
      });
      document.getElementById('site').src = new URL(location.href).searchParams.get('src');
    </script>
  </body>
</html>`;

function startEmbeddingPage(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(embeddingPage);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

/** A port free a moment ago, for the example partner page the site must know before it starts. */
function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let principalCounter = 0;
function newPrincipal(): string {
  principalCounter += 1;
  return `e2e-player-${Date.now().toString(36)}-${principalCounter}`;
}

describe.skipIf(!hasChromium)('partner players in Chromium against the real server', () => {
  let testApp: TestApp | undefined;
  let embedding: { server: Server; origin: string } | undefined;
  let appUrl = '';
  let browser: TestBrowser | undefined;
  let page: Page;
  let examplePort = 0;
  let example: ChildProcess | undefined;
  let exampleOutput = '';

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const claimsFor = (principal: string, extra: Partial<PartnerClaims> = {}): PartnerClaims => ({
    channel: testPartnerChannel,
    principal,
    exp: nowSeconds() + 600,
    // A token works once; the server-side login and the link of one test differ by it.
    nonce: partnerTokenNonce(),
    ...extra,
  });

  /** The link a partner gives its player, its parameters before the hash as SPEC's client takes them. */
  function signedLink(
    principal: string,
    options: { claims?: Partial<PartnerClaims>; secret?: string } = {},
  ) {
    const query = new URLSearchParams({
      authToken: signPartnerToken(
        claimsFor(principal, options.claims),
        options.secret ?? testPartnerSecret,
      ),
      principal,
      channel: testPartnerChannel,
      lang: 'en',
      siteNo: '7',
      currencyCode: 'CNY',
    });
    return `${appUrl}/?${query}#/index`;
  }

  async function issuePasscode(principal: string): Promise<string> {
    const issued = await testApp?.call<{ passcode: string }>(openPasscodeIssue.path, {
      authToken: signPartnerToken(claimsFor(principal), testPartnerSecret),
      principal,
      channel: testPartnerChannel,
    });
    if (issued?.code !== 0) throw new Error(`passcode not issued: ${issued?.msg}`);
    return issued.data.passcode;
  }

  async function screenshots(name: string, target: Page = page): Promise<void> {
    mkdirSync(screenshotDir, { recursive: true });
    for (const size of sizes) {
      await target.setViewportSize({ width: size.width, height: size.height });
      // Let the layout settle at the new width before the picture is taken.
      await target.waitForTimeout(300);
      await target.screenshot({ path: `${screenshotDir}${name}-${size.name}.png` });
      const scrollWidth = await target.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(
        size.width,
      );
    }
  }

  async function toastText(target: Page | ReturnType<Page['frameLocator']>): Promise<string> {
    const toast = target.getByTestId('toast').last();
    await toast.waitFor();
    return (await toast.textContent()) ?? '';
  }

  beforeAll(async () => {
    embedding = await startEmbeddingPage();
    examplePort = await freePort();
    testApp = await createTestApp({
      webDistDir,
      // The partners' pages may frame the site, as EMBED_ORIGINS allows a partner's origin to.
      config: { EMBED_ORIGINS: [embedding.origin, `http://127.0.0.1:${examplePort}`] },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    appUrl = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser('sb-web-partner');
    page = browser.page;
    // pass-login-error is raised while the page starts, so its listener is in place before.
    await browser.context.addInitScript(() => {
      const events: unknown[] = [];
      Object.assign(window, { passLoginErrors: events });
      window.addEventListener('pass-login-error', (event) => {
        events.push((event as CustomEvent).detail);
      });
    });
  }, 180_000);

  afterAll(async () => {
    example?.kill();
    await browser?.close();
    await testApp?.close();
    await new Promise((resolve) => embedding?.server.close(resolve));
  });

  it('signs a partner player in through a signed link, onto /#/index with the partner balance and badge', async () => {
    if (!testApp) throw new Error('server did not start');
    // The partner's player already has money with us: signed in once server-side and funded.
    const principal = newPrincipal();
    const first = await testApp.call<Session>(openMemberLogin.path, {
      authToken: signPartnerToken(claimsFor(principal), testPartnerSecret),
      principal,
      channel: testPartnerChannel,
    });
    await fund(testApp, first.data.memberId, cny.currencyId, 123_456);

    const balanceCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('/wallet/balance')) balanceCalls.push(path);
    });
    const partnerBalance = page.waitForResponse((response) =>
      response.url().endsWith('/open/v2/wallet/balance'),
    );
    await page.goto(signedLink(principal));
    await page.getByTestId('partner-badge').waitFor();
    expect(page.url()).toBe(`${appUrl}/#/index`);
    expect(await page.getByTestId('partner-badge').textContent()).toBe('Partner');
    expect(await page.getByTestId('account-name').textContent()).toBe(principal);
    expect(Number(await page.getByTestId('member-id').textContent())).toBe(first.data.memberId);
    expect(((await (await partnerBalance).json()) as { code: number }).code).toBe(0);
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('1,234.56');
    expect(await page.getByTestId('balance-currency').textContent()).toBe('CNY');
    expect(balanceCalls).toEqual(['/open/v2/wallet/balance']);
    // A partner's player has no password here: no password change, no account switch.
    expect(await page.getByTestId('password-change-open').count()).toBe(0);
    expect(await page.getByTestId('account-switch-open').count()).toBe(0);

    const stored = await page.evaluate(() => ({
      memberToken: localStorage.getItem('btoken'),
      channelType: localStorage.getItem('channelType'),
      accountList: localStorage.getItem('accountList'),
      session: JSON.parse(localStorage.getItem('buserInfo') ?? '{}') as Partial<Session>,
    }));
    expect(stored.memberToken).toBeTruthy();
    expect(stored.channelType).toBe('v2');
    expect(stored.session).toMatchObject({ channel: testPartnerChannel, principal });
    expect(stored.accountList ?? '').not.toContain(principal);
    await screenshots('signed-link');

    // The signed link left the history: going back and forth again loads /#/index, and the
    // stored partner identity is resumed from storage.
    await page.goBack();
    await page.goForward();
    await page.getByTestId('partner-badge').waitFor();
    expect(page.url()).toBe(`${appUrl}/#/index`);
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('1,234.56');
    expect(balanceCalls.every((path) => path === '/open/v2/wallet/balance')).toBe(true);
  }, 120_000);

  it('keeps compact mode for a link into #/mini', async () => {
    const principal = newPrincipal();
    const link = signedLink(principal).replace('#/index', '#/mini/index');
    await page.goto(link);
    await page.getByTestId('partner-badge').waitFor();
    expect(page.url()).toBe(`${appUrl}/#/mini/index`);
    await screenshots('signed-link-mini');
  }, 60_000);

  it('shows the server message for a bad link and tells the embedding page', async () => {
    if (!embedding) throw new Error('embedding page did not start');
    // A browser that has not been here before: a refused link leaves it a visitor.
    await page.goto(`${appUrl}/#/index`);
    await page.evaluate(() => localStorage.clear());
    const expired = signedLink(newPrincipal(), { claims: { exp: nowSeconds() - 5 } });
    await page.goto(`${embedding.origin}/?src=${encodeURIComponent(expired)}`);
    const site = page.frameLocator('#site');
    const message = errorCatalogue.PARTNER_AUTH_INVALID.en;
    expect(await toastText(site)).toContain(message);
    await screenshots('bad-link-embedded');
    await site.getByTestId('login-open').waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toEqual([
        {
          origin: appUrl,
          data: {
            type: 'sportsbook:login-error',
            via: 'authToken',
            code: errorCatalogue.PARTNER_AUTH_INVALID.code,
            msg: message,
          },
        },
      ]);

    // A link signed with another secret fails the same way.
    const forged = signedLink(newPrincipal(), { secret: 'f'.repeat(40) });
    await page.goto(`${embedding.origin}/?src=${encodeURIComponent(forged)}`);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { received: { data: { code?: number } }[] }).received.map(
            (entry) => entry.data.code,
          ),
        ),
      )
      .toEqual([errorCatalogue.PARTNER_AUTH_INVALID.code]);
    expect(await toastText(page.frameLocator('#site'))).toContain(message);

    // A good link in the frame signs in and says so.
    const principal = newPrincipal();
    await page.goto(`${embedding.origin}/?src=${encodeURIComponent(signedLink(principal))}`);
    await page.frameLocator('#site').getByTestId('partner-badge').waitFor();
    const received = await page.evaluate(
      () =>
        (window as unknown as { received: { data: { type: string; principal?: string } }[] })
          .received,
    );
    expect(received.map((entry) => entry.data)).toMatchObject([
      { type: 'sportsbook:login-success', via: 'authToken', principal },
    ]);
    await screenshots('signed-link-embedded');
  }, 120_000);

  it('signs in once with a passcode link; the same link again fails with its message and pass-login-error', async () => {
    const principal = newPrincipal();
    const passcode = await issuePasscode(principal);
    const link = `${appUrl}/#/index?passcode=${encodeURIComponent(passcode)}&lang=en`;
    await page.goto(link);
    await page.getByTestId('partner-badge').waitFor();
    expect(page.url()).toBe(`${appUrl}/#/index`);
    expect(await page.getByTestId('account-name').textContent()).toBe(principal);
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('0.00');
    expect(
      await page.evaluate(
        () => (window as unknown as { passLoginErrors: unknown[] }).passLoginErrors,
      ),
    ).toEqual([]);

    // The same link opened again, in a browser that kept nothing of the first visit.
    await page.evaluate(() => localStorage.clear());
    await page.goto('about:blank');
    await page.goto(link);
    const message = errorCatalogue.PARTNER_PASSCODE_INVALID.en;
    expect(await toastText(page)).toContain(message);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { passLoginErrors: unknown[] }).passLoginErrors),
      )
      .toEqual([{ code: errorCatalogue.PARTNER_PASSCODE_INVALID.code, msg: message }]);
    expect(page.url()).toBe(`${appUrl}/#/index`);
    await page.getByTestId('login-open').waitFor();
    expect(await page.getByTestId('partner-badge').count()).toBe(0);
    await screenshots('used-passcode');
  }, 120_000);

  it('shows the badge in Chinese for a link in zh', async () => {
    const principal = newPrincipal();
    const passcode = await issuePasscode(principal);
    await page.goto(`${appUrl}/?passcode=${passcode}&lang=zh#/index`);
    await page.getByTestId('partner-badge').waitFor();
    expect(await page.getByTestId('partner-badge').textContent()).toBe('合作方');
    await screenshots('passcode-zh');
  }, 60_000);

  it('runs the example partner page of docs/identity.md against the site', async () => {
    example = spawn(process.execPath, [examplePartnerScript], {
      env: {
        ...process.env,
        SITE_URL: appUrl,
        PARTNER_CHANNEL: testPartnerChannel,
        PARTNER_SECRET: testPartnerSecret,
        PORT: String(examplePort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    example.stdout?.on('data', (chunk: Buffer) => {
      exampleOutput += chunk.toString();
    });
    example.stderr?.on('data', (chunk: Buffer) => {
      exampleOutput += chunk.toString();
    });
    await expect.poll(() => exampleOutput, { timeout: 15_000 }).toContain('example partner page');
    const examplePage = `http://127.0.0.1:${examplePort}/`;

    const principal = newPrincipal();
    await page.goto(`${examplePage}?kind=passcode&principal=${principal}&lang=en`);
    await page.frameLocator('#site').getByTestId('partner-badge').waitFor();
    await expect.poll(() => exampleOutput).toContain('"type":"sportsbook:login-success"');
    expect(exampleOutput).toContain(`"principal":"${principal}"`);
    expect(await page.locator('#messages').textContent()).toContain('sportsbook:login-success');

    await page.goto(`${examplePage}?kind=forged&principal=${principal}&lang=en`);
    await expect.poll(() => exampleOutput).toContain('"type":"sportsbook:login-error"');
    expect(exampleOutput).toContain(`"code":${errorCatalogue.PARTNER_AUTH_INVALID.code}`);
  }, 60_000);
});
