import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualFeed } from '../../server/test/match/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';

warnWithoutChromium('security headers');

/**
 * The member app and the console under the content security policies the server sends with
 * them: both must load and work with nothing refused. Chromium reports every refusal as a
 * `securitypolicyviolation` event, and most as a console error too; the test collects both.
 */

let testApp: TestApp | undefined;
let serverUrl = '';
let browser: TestBrowser | undefined;
const feed = createManualFeed({ seed: 'security-headers-e2e' });

beforeAll(async () => {
  if (!hasChromium) return;
  testApp = await createTestApp({ webDistDir, feedProvider: feed.provider });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  serverUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchBrowser('sb-security-headers-e2e');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await testApp?.close();
});

describe.runIf(hasChromium)('content security policy in Chromium', () => {
  it('refuses nothing the member app or the console loads', async () => {
    if (!browser) throw new Error('no browser');
    const { context, page } = browser;
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const violations = async () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

    const memberPage = await page.goto(serverUrl);
    expect(memberPage?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('login-open').waitFor();
    // The match socket and the lists: the app at work, not just its first paint.
    await page.getByTestId('match-row').first().waitFor({ timeout: 20_000 });
    await page.goto(`${serverUrl}/#/mini/index`);
    await page.getByTestId('login-open').waitFor();
    expect(await violations()).toEqual([]);

    const consolePage = await page.goto(`${serverUrl}/console.html`);
    expect(consolePage?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByTestId('console-login').waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
