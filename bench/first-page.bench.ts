import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createSimulatorProvider } from '../apps/server/src/modules/feed/simulator-provider';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { launchBrowser, webDistDir } from '../apps/web/e2e/browser';
import buildWebOnce from '../apps/web/e2e/build-web.global';
import type { BenchResult } from './report';

const visits = 5;
const scriptBudgetBytes = 200 * 1024;
const paintBudgetMs = 1_500;

/** Records, inside the page, when the first match row is on screen (ms since navigation). */
const paintProbe = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="match-row"]')) {
      window.__firstMatchRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

const median = (values: readonly number[]) =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * `#/index` in headless Chromium against the product's server on this machine: the page's own
 * JavaScript (gzipped as a server would send it), and the time from navigation to its first
 * match row. Each visit is a fresh profile, so nothing is
 * cached.
 */
export async function benchFirstPage(): Promise<BenchResult> {
  buildWebOnce();
  const database = await openDatabase({ dataDir: 'memory' });
  const app = await buildApp({
    config: {
      LOG_LEVEL: 'error',
      PARTNER_SECRETS: new Map(),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: undefined,
      WEB_DIST_DIR: webDistDir,
    },
    database,
    counters: createMemoryCounterStore(),
    feedProvider: createSimulatorProvider({ seed: 'bench-first-page', speed: 1 }),
  });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const paints: number[] = [];
    const scriptBytes: number[] = [];
    /** Chunks loaded on first use that happened to arrive before the paint (the sockets'). */
    const lazyScriptBytes: number[] = [];
    let scriptCount = 0;
    for (let visit = 0; visit < visits; visit++) {
      const browser = await launchBrowser('sb-bench-first-page');
      try {
        const { page } = browser;
        await page.addInitScript(paintProbe);
        const scripts: { url: string; requestedAt: number; body: Promise<Buffer> }[] = [];
        page.on('response', (response) => {
          if (response.request().resourceType() !== 'script') return;
          scripts.push({ url: response.url(), requestedAt: Date.now(), body: response.body() });
        });
        await page.goto(`${url}/#/index`);
        await page.getByTestId('match-row').first().waitFor();
        const paintedAt = Date.now();
        paints.push(await page.evaluate('window.__firstMatchRowAt'));
        // The page's own scripts: the entry and what it imports statically (the preloads).
        const html = await (await fetch(`${url}/`)).text();
        const initialNames = new Set(
          [...html.matchAll(/assets\/([\w.-]+\.js)/g)].map((match) => match[1]),
        );
        const beforePaint = new Map(
          scripts
            .filter((script) => script.requestedAt <= paintedAt)
            .map((script) => [script.url, script]),
        );
        let bytes = 0;
        let lazyBytes = 0;
        for (const script of beforePaint.values()) {
          const size = gzipSync(await script.body).length;
          if (initialNames.has(script.url.split('/').at(-1) ?? '')) bytes += size;
          else lazyBytes += size;
        }
        scriptBytes.push(bytes);
        lazyScriptBytes.push(lazyBytes);
        scriptCount = initialNames.size;
      } finally {
        await browser.close();
      }
    }
    const scriptKiB = Math.max(...scriptBytes) / 1024;
    const paintMs = median(paints);
    return {
      name: 'First page of the member site',
      method: `\`#/index\` served by the product (built for production, embedded database, simulated feed) and opened ${visits} times in headless Chromium, each time with a fresh profile. The page's JavaScript is its entry script and the chunks it imports statically (what the page cannot run without), gzipped at zlib's default level as a server would send it; chunks the code loads on first use (the sockets' client, which the app asks for at start and which does not hold up the list) are counted apart; the paint time runs from navigation to that row (a MutationObserver in the page).`,
      figures: {
        'scripts of the page (entry and its static imports)': String(scriptCount),
        'their JavaScript, gzipped': `${scriptKiB.toFixed(1)} KiB`,
        'chunks loaded on first use that arrived before the paint, gzipped': `${(Math.max(...lazyScriptBytes) / 1024).toFixed(1)} KiB`,
        'first match row painted, median': `${paintMs.toFixed(0)} ms`,
        'first match row painted, slowest': `${Math.max(...paints).toFixed(0)} ms`,
      },
      target: `initial JavaScript under ${scriptBudgetBytes / 1024} KB gzipped; first match list painted within ${paintBudgetMs / 1000} s of navigation`,
      isMet: scriptKiB * 1024 < scriptBudgetBytes && Math.max(...paints) <= paintBudgetMs,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
