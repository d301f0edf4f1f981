import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { launchBrowser, webDistDir } from '../apps/web/e2e/browser';
import buildWebOnce from '../apps/web/e2e/build-web.global';
import { createFanoutFeed, runUpdateSchedule } from './fanout-feed';
import type { BenchResult } from './report';

/** Live football matches in the book, all in the one list the page shows. */
const matchCount = 1_000;
/** The matches that move: the top of the list, where the page is looking. */
const movingMatches = 100;
/** Odds changes a second the book takes: 5 a second for each moving match. */
const updatesPerSecond = 500;
const durationMs = 10_000;
/** The page scrolls by about a screen this often, so rows are drawn and rooms joined anew. */
const scrollEveryMs = 2_000;
const scrollStepPx = 700;
const fpsTarget = 55;
/** The run is made at a desktop's size, then at a phone's (one column of match cards). */
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const longTaskLimitMs = 50;

interface ProbeResult {
  elapsedMs: number;
  frameTimes: number[];
  longTasks: number[];
}

/** Counts frames (requestAnimationFrame) and long tasks in the page, and scrolls its list. */
const startProbe = `(() => {
  const probe = { start: performance.now(), frameTimes: [], longTasks: [], running: true };
  window.__oddsProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  const frame = (at) => {
    if (!probe.running) return;
    probe.frameTimes.push(at);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const list = document.querySelector('[data-testid="match-list"]');
  probe.scroller = setInterval(() => { list.scrollTop += ${scrollStepPx}; }, ${scrollEveryMs});
})()`;

const stopProbe = `(() => {
  const probe = window.__oddsProbe;
  probe.running = false;
  clearInterval(probe.scroller);
  return {
    elapsedMs: performance.now() - probe.start,
    frameTimes: probe.frameTimes,
    longTasks: probe.longTasks,
  };
})()`;

/** Frames in the slowest whole second of the run. */
function slowestSecond(frameTimes: readonly number[], startMs: number, elapsedMs: number): number {
  const seconds = Math.floor(elapsedMs / 1_000);
  const counts = new Array<number>(seconds).fill(0);
  for (const at of frameTimes) {
    const second = Math.floor((at - startMs) / 1_000);
    if (second >= 0 && second < seconds) counts[second] = (counts[second] ?? 0) + 1;
  }
  return Math.min(...counts);
}

/**
 * `#/index?tab=inPlay` in headless Chromium with 1000 live matches in its list while the book
 * takes 500 odds changes a second: frames per second and main-thread long tasks in the page.
 * The feed is the fan-out benchmark's driver (bench/fanout-feed.ts), fed through the product's
 * own path: read model, `/match/socket` (list view, conflated per match), the live store, rows.
 */
export async function benchOddsFps(): Promise<BenchResult> {
  buildWebOnce();
  const database = await openDatabase({ dataDir: 'memory' });
  const feed = createFanoutFeed(matchCount);
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
    feedProvider: feed.provider,
  });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const figures: Record<string, string> = {};
    let isMet = true;
    const updatesPerRun = Math.round((updatesPerSecond * durationMs) / 1_000);
    for (const [index, viewport] of viewports.entries()) {
      const run = await runAt(url, feed, viewport, index * updatesPerRun);
      const size = `${viewport.name}, ${viewport.width} × ${viewport.height}`;
      for (const [name, value] of Object.entries(run.figures)) figures[`${name} (${size})`] = value;
      isMet &&= run.isMet;
    }
    return {
      name: 'Odds updates in the member site',
      method: `\`#/index?tab=inPlay\` served by the product (built for production, embedded database) and opened in headless Chromium (software rendering), once at ${viewports.map((viewport) => `${viewport.width} × ${viewport.height}`).join(' and once at ')}. The book holds ${matchCount} live football matches, all in the page's list (one read, windowed). The fan-out benchmark's feed driver (bench/fanout-feed.ts) then hands the server ${updatesPerSecond} odds changes a second for ${durationMs / 1000} s, each repricing the 1X2, handicap and total of one of the top ${movingMatches} matches of the list (5 a second each, as often as the socket's list view sends a match), so the rows the page draws are the busiest. The page follows the rows it draws, and scrolls its list by ${scrollStepPx} px every ${scrollEveryMs / 1000} s so new rows are drawn and joined. Frames are counted with requestAnimationFrame and long tasks (over 50 ms) with a PerformanceObserver of type longtask, both inside the page. The machine's 2 cores are shared with other work, so a long task may be another process's doing.`,
      figures,
      target: `at both sizes: no main-thread task over ${longTaskLimitMs} ms and at least ${fpsTarget} frames per second`,
      isMet,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

/** One run of the odds updates against the page at one size, in a browser of its own. */
async function runAt(
  url: string,
  feed: ReturnType<typeof createFanoutFeed>,
  viewport: (typeof viewports)[number],
  /** The feed's numbering goes on from the run before: a repeated seq is dropped as old news. */
  firstUpdate: number,
) {
  const browser = await launchBrowser('sb-bench-odds-fps');
  try {
    const { page } = browser;
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    let snapshots = 0;
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/match/socket')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('42["snapshot"')) snapshots += 1;
      });
    });
    await page.goto(`${url}/#/index?tab=inPlay`);
    await page.getByTestId('match-row').first().waitFor();
    // The rows on screen are followed once their snapshots arrive; measure from then on.
    while (snapshots === 0) await page.waitForTimeout(100);
    const listed = Number(
      await page
        .locator('[data-testid="sport-tab"][data-sport-id="1"] [data-testid="sport-count"]')
        .textContent(),
    );
    const listHeightPx = await page
      .locator('.virtual-list__spacer')
      .evaluate((spacer) => spacer.getBoundingClientRect().height);
    const rowsDrawn = await page.getByTestId('match-row').count();

    await page.evaluate(startProbe);
    const snapshotsBefore = snapshots;
    const startedAt = performance.now();
    await runUpdateSchedule({
      roomCount: movingMatches,
      perRoomPerSecond: updatesPerSecond / movingMatches,
      durationMs,
      firstUpdate,
      onDue: (batch) => feed.deliver(batch),
    });
    const sentMs = performance.now() - startedAt;
    const probe = (await page.evaluate(stopProbe)) as ProbeResult;
    const received = snapshots - snapshotsBefore;

    const fps = (probe.frameTimes.length / probe.elapsedMs) * 1_000;
    const firstFrame = probe.frameTimes[0] ?? 0;
    const worstSecond = slowestSecond(probe.frameTimes, firstFrame, probe.elapsedMs);
    const longestTaskMs = Math.max(0, ...probe.longTasks);
    return {
      figures: {
        'matches in the list (sport tab count)': String(listed),
        'list height (all rows, windowed)': `${Math.round(listHeightPx)} px`,
        'rows drawn at the start': String(rowsDrawn),
        'odds changes sent to the book': `${Math.round((updatesPerSecond * durationMs) / 1_000)} in ${(sentMs / 1000).toFixed(1)} s`,
        'match states received by the page (snapshots)': `${received} (${((received / probe.elapsedMs) * 1_000).toFixed(0)}/s)`,
        'frames per second, whole run': fps.toFixed(1),
        'frames in the slowest second': String(worstSecond),
        'long tasks (over 50 ms)': String(probe.longTasks.length),
        'longest task': probe.longTasks.length ? `${longestTaskMs.toFixed(0)} ms` : 'none',
      },
      isMet: probe.longTasks.length === 0 && fps >= fpsTarget,
    };
  } finally {
    await browser.close();
  }
}
