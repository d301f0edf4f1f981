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
const latencySeconds = 10;
const callerCount = 20;

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
    // The default world (calendar and density): it lists more than the 1000 matches asked for.
    feedProvider: createSimulatorProvider({ seed: 'bench', speed: 1 }),
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
    // Several callers, as a list is sealed with each caller's own token.
    const bodies = await Promise.all(
      Array.from({ length: callerCount }, async () => {
        const visitor = (await (
          await fetch(`${appUrl}/app/api/visitor/create`, { method: 'POST' })
        ).json()) as { data: { uid: string; token: string } };
        return { uid: visitor.data.uid, token: visitor.data.token, type: 0, size: listSize };
      }),
    );
    const [first] = bodies;
    if (!first) throw new Error('no caller');
    const probe = await (
      await fetch(`${appUrl}/match/api/match/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(first),
      })
    ).text();
    const answerBytes = Buffer.byteLength(probe);
    bareAnswer = Buffer.from(probe);
    const opened = (await openPayload(
      first.token,
      (JSON.parse(probe) as { data: string }).data,
    )) as {
      records?: unknown[];
    };
    const matchCount = opened.records?.length ?? 0;

    const listUrl = `${appUrl}/match/api/match/list`;
    const bareUrlPath = `${bareUrl}/bare`;
    // Throughput with several connections, each queueing behind the others by construction;
    // latency with one connection, a request at a time, which is what one member waits.
    const list = await loadUrl({
      url: listUrl,
      method: 'POST',
      bodies,
      connections,
      durationSeconds,
    });
    const peer = await loadUrl({
      url: bareUrlPath,
      method: 'POST',
      bodies: [{}],
      connections,
      durationSeconds,
    });
    const listAlone = await loadUrl({
      url: listUrl,
      method: 'POST',
      bodies,
      connections: 1,
      durationSeconds: latencySeconds,
    });
    const peerAlone = await loadUrl({
      url: bareUrlPath,
      method: 'POST',
      bodies: [{}],
      connections: 1,
      durationSeconds: latencySeconds,
    });
    const ratio = list.requestsPerSecond / peer.requestsPerSecond;
    return {
      name: 'Match list of 1000 matches',
      method: `\`POST /match/api/match/list\` (size ${listSize}: ${matchCount} matches, sealed with each of ${callerCount} visitors' tokens in turn, ${Math.round(answerBytes / 1024)} KiB per answer) against a bare Fastify route sending the same answer prepared once, both on loopback and driven by autocannon from a worker thread: throughput with ${connections} connections for ${durationSeconds} s, then latency with one connection (one request at a time) for ${latencySeconds} s. With ${connections} connections each request queues behind the others, so latency is taken alone.`,
      figures: {
        'match list requests/s': list.requestsPerSecond.toFixed(1),
        'bare route requests/s': peer.requestsPerSecond.toFixed(1),
        'ratio (match list / bare)': ratio.toFixed(4),
        [`match list p50 / p99, ${connections} connections`]: `${list.latencyP50Ms} ms / ${list.latencyP99Ms} ms`,
        [`bare route p50 / p99, ${connections} connections`]: `${peer.latencyP50Ms} ms / ${peer.latencyP99Ms} ms`,
        'match list p50 / p99, one connection': `${listAlone.latencyP50Ms} ms / ${listAlone.latencyP99Ms} ms`,
        'bare route p50 / p99, one connection': `${peerAlone.latencyP50Ms} ms / ${peerAlone.latencyP99Ms} ms`,
        'match list failures': String(list.failures + listAlone.failures),
      },
      target:
        'at least 0.5 of the bare route’s requests per second, and p99 under 25 ms for a request alone',
      isMet:
        matchCount >= listSize &&
        list.failures + listAlone.failures === 0 &&
        listAlone.latencyP99Ms < 25 &&
        ratio >= 0.5,
    };
  } finally {
    await bare.close();
    await app.close();
    await database.close();
  }
}
