import { openPayload } from '@sb/domain';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createSimulatorProvider } from '../apps/server/src/modules/feed/simulator-provider';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { loadUrl } from './http-load';
import type { BenchResult } from './report';

const listSize = 1000;
const durationSeconds = 10;
const connections = 10;

/**
 * The match list of 1000 matches against a bare Fastify route answering the same bytes prepared once, both
 * served from this process on loopback and driven the same way, one after the other.
 */
export async function benchMatchList(): Promise<BenchResult> {
  const database = await openDatabase({ dataDir: 'memory' });
  const app = await buildApp({
    config: {
      LOG_LEVEL: 'error',
      PARTNER_SECRETS: new Map(),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: undefined,
      WEB_DIST_DIR: undefined,
    },
    database,
    counters: createMemoryCounterStore(),
    // A denser world than the default, so a list of 1000 matches is full.
    feedProvider: createSimulatorProvider({ seed: 'bench', speed: 1, density: 4 }),
  });
  const bare = Fastify();
  // The peer answers the very bytes of a match list, prepared once: what sending the answer
  // costs, so the ratio is the price of everything the product does to make it.
  let bareAnswer = Buffer.alloc(0);
  bare.post('/bare', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(bareAnswer),
  );
  try {
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    const visitor = (await (
      await fetch(`${appUrl}/app/api/visitor/create`, { method: 'POST' })
    ).json()) as {
      data: { uid: string; token: string };
    };
    const body = { uid: visitor.data.uid, token: visitor.data.token, type: 0, size: listSize };
    const probe = (await (
      await fetch(`${appUrl}/match/api/match/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).text()) as string;
    const answerBytes = Buffer.byteLength(probe);
    bareAnswer = Buffer.from(probe);
    const opened = (await openPayload(
      visitor.data.token,
      (JSON.parse(probe) as { data: string }).data,
    )) as {
      records?: unknown[];
    };
    const matchCount = opened.records?.length ?? 0;

    const list = await loadUrl({
      url: `${appUrl}/match/api/match/list`,
      method: 'POST',
      bodies: [body],
      connections,
      durationSeconds,
    });
    const peer = await loadUrl({
      url: `${bareUrl}/bare`,
      method: 'POST',
      bodies: [{}],
      connections,
      durationSeconds,
    });
    const ratio = list.requestsPerSecond / peer.requestsPerSecond;
    return {
      name: 'Match list of 1000 matches',
      method: `\`POST /match/api/match/list\` (size ${listSize}: ${matchCount} matches, sealed, ${Math.round(answerBytes / 1024)} KiB per answer) against a bare Fastify route sending the same answer prepared once, each driven by autocannon with ${connections} connections for ${durationSeconds} s.`,
      figures: {
        'match list requests/s': list.requestsPerSecond.toFixed(1),
        'match list p50 / p99 latency': `${list.latencyP50Ms} ms / ${list.latencyP99Ms} ms`,
        'match list failures': String(list.failures),
        'bare route requests/s': peer.requestsPerSecond.toFixed(1),
        'bare route p99 latency': `${peer.latencyP99Ms} ms`,
        'ratio (match list / bare)': ratio.toFixed(4),
      },
      target: 'p99 under 25 ms and at least 0.5 of the bare route’s requests per second',
      isMet:
        matchCount >= listSize && list.failures === 0 && list.latencyP99Ms < 25 && ratio >= 0.5,
    };
  } finally {
    await bare.close();
    await app.close();
    await database.close();
  }
}
