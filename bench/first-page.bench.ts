import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createSimulatorProvider } from '../apps/server/src/modules/feed/simulator-provider';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { launchBrowser, webDistDir } from '../apps/web/e2e/browser';
import buildWebOnce from '../apps/web/e2e/build-web.global';
import type { BenchResult } from './report';

const visits = 5;
/** Each visit is made at a desktop's and at a phone's size (the phone's layout: one column). */
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
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

/** `visits` fresh visits of `#/index` at one size: paint times and script sizes of each. */
async function visitsAt(url: string, viewport: (typeof viewports)[number]) {
  const paints: number[] = [];
  const scriptBytes: number[] = [];
  /** Chunks loaded on first use that happened to arrive before the paint (the sockets'). */
  const lazyScriptBytes: number[] = [];
  let scriptCount = 0;
  for (let visit = 0; visit < visits; visit++) {
    const browser = await launchBrowser('sb-bench-first-page');
    try {
      const { page } = browser;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.addInitScript(paintProbe);
      const scripts: { url: string; requestedAt: number; body: Promise<Buffer> }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = response.body();
        // Only scripts before the paint are read; a later one may still be loading when the
        // browser closes, and its unread body must not end the run.
        body.catch(() => {});
        scripts.push({ url: response.url(), requestedAt: Date.now(), body });
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
      let pageScripts = 0;
      for (const script of beforePaint.values()) {
        const size = gzipSync(await script.body).length;
        const name = script.url.split('/').at(-1) ?? '';
        // The page's language's texts load before the first render: part of the page too.
        if (initialNames.has(name) || name.startsWith('texts-')) {
          bytes += size;
          pageScripts += 1;
        } else lazyBytes += size;
      }
      scriptBytes.push(bytes);
      lazyScriptBytes.push(lazyBytes);
      scriptCount = pageScripts;
    } finally {
      await browser.close();
    }
  }
  return { paints, scriptBytes, lazyScriptBytes, scriptCount };
}

/**
 * `#/index` in headless Chromium against the product's server on this machine: the page's own
 * JavaScript (gzipped as a server would send it), and the time from navigation to its first
 * match row, at a desktop's size and at a phone's. Each visit is a fresh profile, so nothing is
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
    const figures: Record<string, string> = {};
    let isMet = true;
    let scriptCount = 0;
    for (const viewport of viewports) {
      const measured = await visitsAt(url, viewport);
      scriptCount = measured.scriptCount;
      const scriptKiB = Math.max(...measured.scriptBytes) / 1024;
      const size = `${viewport.name}, ${viewport.width} × ${viewport.height}`;
      figures[`their JavaScript, gzipped (${size})`] = `${scriptKiB.toFixed(1)} KiB`;
      figures[`chunks loaded on first use that arrived before the paint, gzipped (${size})`] =
        `${(Math.max(...measured.lazyScriptBytes) / 1024).toFixed(1)} KiB`;
      figures[`first match row painted, median (${size})`] =
        `${median(measured.paints).toFixed(0)} ms`;
      figures[`first match row painted, slowest (${size})`] =
        `${Math.max(...measured.paints).toFixed(0)} ms`;
      isMet &&=
        scriptKiB * 1024 < scriptBudgetBytes && Math.max(...measured.paints) <= paintBudgetMs;
    }
    return {
      name: 'First page of the member site',
      method: `\`#/index\` served by the product (built for production, embedded database, simulated feed) and opened ${visits} times at each of ${viewports.map((viewport) => `${viewport.width} × ${viewport.height}`).join(' and ')} in headless Chromium, each time with a fresh profile. The page's JavaScript is its entry script, the chunks it imports statically and its language's texts (what the page cannot paint without), gzipped at zlib's default level as a server would send it; chunks the code loads on first use (the sockets' client, which the app asks for at start and which does not hold up the list) are counted apart; the paint time runs from navigation to that row (a MutationObserver in the page).`,
      figures: {
        'scripts of the page (entry, its static imports, its texts)': String(scriptCount),
        ...figures,
      },
      target: `at both sizes: initial JavaScript under ${scriptBudgetBytes / 1024} KB gzipped; first match list painted within ${paintBudgetMs / 1000} s of navigation`,
      isMet,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
