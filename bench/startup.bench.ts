import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { callServer, startServerProcess } from '../apps/server/test/realtime/server-process';
import type { BenchResult } from './report';

/** How long memory is sampled once the book lists its matches, and how often. */
const settleMs = 15_000;
const sampleEveryMs = 1_000;
/** Budgets for the default world (the "cost kept in bounds"). */
const firstListingBudgetMs = 60_000;
const heapBudgetMiB = 400;

/** Written into the server process through NODE_OPTIONS: its own memory, once a second. */
const probeSource = `setInterval(() => {
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stdout.write(JSON.stringify({ memoryProbe: { rss, heapUsed, external } }) + '\\n');
}, ${sampleEveryMs}).unref();
`;

interface Setting {
  label: string;
  env: Record<string, string>;
}

const settings: Setting[] = [
  { label: 'no feed', env: { FEED_PROVIDER: 'none' } },
  { label: 'density 0.25', env: { FEED_DENSITY: '0.25' } },
  { label: 'default world', env: { FEED_DENSITY: '1' } },
];

interface Measured {
  firstListingMs: number;
  listed: number;
  rssMiB: number;
  heapMiB: number;
  externalMiB: number;
}

const mebibytes = (bytes: number) => bytes / 2 ** 20;

/** Starts a server as `npm start` runs it on a fresh embedded database and reads its cost. */
async function measure(setting: Setting, probe: string): Promise<Measured> {
  const startedAt = performance.now();
  const server = await startServerProcess({
    ...setting.env,
    NODE_OPTIONS: `--import=${pathToFileURL(probe).href}`,
  });
  try {
    const visitor = await callServer<{ uid: string; token: string }>(
      server.url,
      '/app/api/visitor/create',
    );
    const session = { uid: visitor.data.uid, token: visitor.data.token };
    // The first answer that lists matches (with no feed: the first answer at all).
    let listed = 0;
    for (;;) {
      const counts = await callServer<{ total: number }[]>(
        server.url,
        '/match/api/match/count',
        session,
      );
      listed = (counts.data ?? []).reduce((sum, sport) => sum + sport.total, 0);
      if (counts.code === 0 && (listed > 0 || setting.env.FEED_PROVIDER === 'none')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const firstListingMs = performance.now() - startedAt;
    const sampledFrom = server.output.length;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const samples = server.output.slice(sampledFrom).flatMap((line) => {
      try {
        const entry = JSON.parse(line) as {
          memoryProbe?: { rss: number; heapUsed: number; external: number };
        };
        return entry.memoryProbe ? [entry.memoryProbe] : [];
      } catch {
        return [];
      }
    });
    if (samples.length === 0) throw new Error(`no memory samples from ${setting.label}`);
    return {
      firstListingMs,
      listed,
      rssMiB: mebibytes(Math.max(...samples.map((sample) => sample.rss))),
      heapMiB: mebibytes(Math.max(...samples.map((sample) => sample.heapUsed))),
      externalMiB: mebibytes(Math.max(...samples.map((sample) => sample.external))),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The server's start-up and memory at the default world against the same server with no feed
 * and with a quarter of the world: a real process, as `npm start` runs it, on a fresh embedded
 * database.
 */
export async function benchStartup(): Promise<BenchResult> {
  const folder = mkdtempSync(join(tmpdir(), 'sb-bench-startup-'));
  const probe = join(folder, 'memory-probe.mjs');
  writeFileSync(probe, probeSource);
  const figures: Record<string, string> = {};
  let defaultWorld: Measured | undefined;
  try {
    for (const setting of settings) {
      const measured = await measure(setting, probe);
      if (setting.env.FEED_DENSITY === '1') defaultWorld = measured;
      const of = `(${setting.label})`;
      if (setting.env.FEED_PROVIDER !== 'none')
        figures[`events listed ${of}`] = String(measured.listed);
      figures[`first listing after spawn ${of}`] =
        `${(measured.firstListingMs / 1000).toFixed(1)} s`;
      figures[`resident set, most ${of}`] = `${measured.rssMiB.toFixed(0)} MiB`;
      figures[`JavaScript heap used, most ${of}`] = `${measured.heapMiB.toFixed(0)} MiB`;
      figures[`external (the embedded database) ${of}`] = `${measured.externalMiB.toFixed(0)} MiB`;
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return {
    name: 'Start-up and memory of the server',
    method: `The server spawned as \`npm start\` runs it (\`node --import tsx apps/server/src/main.ts\`, without the web build), on a fresh embedded database (PGlite) and a port of its own, default seed, three times: with no feed, with a quarter of the default world (\`FEED_DENSITY=0.25\`) and with the default world. First listing: from the spawn until \`match/count\` answers a visitor a book with matches in it (with no feed: its first answer). Memory: \`process.memoryUsage()\` inside the process once a second for ${settleMs / 1000} s after that, the most of each.`,
    figures,
    target: `the default world lists its matches within ${firstListingBudgetMs / 1000} s of the spawn and its JavaScript heap stays under ${heapBudgetMiB} MiB`,
    isMet:
      defaultWorld !== undefined &&
      defaultWorld.firstListingMs <= firstListingBudgetMs &&
      defaultWorld.heapMiB < heapBudgetMiB,
  };
}
