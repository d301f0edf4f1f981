import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** The system Chromium (DESIGN §2); CHROMIUM_PATH points elsewhere on other machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * BROWSER_SUITES=off skips the browser suites: CI runs them in its first pass only, since they
 * test the screens and the server's own suites cover both databases.
 */
export const areBrowserSuitesOff = process.env.BROWSER_SUITES === 'off';
export const hasChromium = !areBrowserSuitesOff && existsSync(chromiumPath);

/** The built web app the test servers serve; `build-web.global.ts` keeps it current. */
export const webDistDir = fileURLToPath(new URL('../dist', import.meta.url));

/** Says loudly that a browser suite is skipped, and why. */
export function warnWithoutChromium(suite: string): void {
  if (hasChromium) return;
  if (areBrowserSuitesOff) {
    console.warn(`\n!!! SKIPPED: the ${suite} browser tests (BROWSER_SUITES=off) !!!\n`);
    return;
  }
  console.warn(
    `\n!!! SKIPPED: the ${suite} browser tests need Chromium at ${chromiumPath}, which is ` +
      'missing. Install it (apt-get install -y chromium) to run them. !!!\n',
  );
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A headless Chromium with a profile of its own. The flags keep it off the network: this
 * machine refuses every connection but loopback, and Chromium would otherwise keep trying.
 */
export async function launchBrowser(
  profilePrefix: string,
  options: {
    locale?: string;
    /**
     * Reduced by default: amounts then show their new value at once instead of counting to it
     * for 2 s (SPEC §9's counter), as they do for members who ask for less motion, so suites
     * read final values. The real-time suite lets them count.
     */
    reducedMotion?: 'reduce' | 'no-preference';
    /** Chromium flags beyond the ones every suite gets (a host resolver rule, for instance). */
    args?: readonly string[];
  } = {},
): Promise<TestBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), `${profilePrefix}-`));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    locale: options.locale ?? 'en-US',
    reducedMotion: options.reducedMotion ?? 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.args ?? []),
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
