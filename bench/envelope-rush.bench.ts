import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  campaignFund,
  envelopeCampaignCreate,
  envelopeParticipate,
  errorCatalogue,
  memberEnvelopeActivity,
  operatorLogin,
} from '@sb/contract';
import { hashPasswordForWire, requireCurrency } from '@sb/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { sessions, users } from '../apps/server/src/modules/identity/identity.schema';
import { createLedger, promotionBudget } from '../apps/server/src/modules/ledger/ledger.service';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import { createAuditService } from '../apps/server/src/modules/operators/audit.service';
import { createOperatorAccounts } from '../apps/server/src/modules/operators/operator-accounts.service';
import { createOperatorRepository } from '../apps/server/src/modules/operators/operators.repository';
import { totpCodeAt } from '../apps/server/src/modules/operators/totp';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { generateToken, generateUid, sha256Hex } from '../apps/server/src/platform/secrets';
import { createScratchDatabase } from './bet-placement.bench';
import type { BenchResult } from './report';
import { preparePgbench } from './wallet-transfer.bench';

const memberCount = 10_000;
const envelopeCount = 5_000;
/** 50,000.00 CNY in envelopes of 1.00–50.00. */
const campaignTotal = 5_000_000;
const minAmount = 100;
const maxAmount = 5_000;
/** HTTP connections the grabs are sent over, all at once. */
const connections = 100;
/** The app's database pool, and pgbench's clients. */
const poolSize = 20;
const pgbenchScale = 10;
const pgbenchSeconds = 10;
/** List calls of members before the rush, so the server meets it warm, as a live one would. */
const warmUpCalls = 2_000;

/** One answer of the load: its latency, HTTP status, the envelope's code and amount. */
interface Answered {
  ms: number;
  status: number;
  code: number;
  amount: number;
}

/**
 * The load generator, run on a worker thread so it does not share the server's event loop:
 * `connections` keep-alive sockets, each sending the next body not yet sent as soon as its last
 * one is answered, so every body is sent exactly once. Plain JavaScript, evaluated by the worker.
 */
const loadWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, bodies, connections } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const results = new Array(bodies.length);
let next = 0;
function send(body) {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          let code = -1;
          let amount = 0;
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString());
            code = answer.code;
            amount = answer.data && typeof answer.data.amount === 'number' ? answer.data.amount : 0;
          } catch {}
          resolve({ ms: performance.now() - startedAt, status: response.statusCode, code, amount });
        });
      },
    );
    request.on('error', () => resolve({ ms: performance.now() - startedAt, status: 0, code: -1, amount: 0 }));
    request.end(body);
  });
}
async function loop() {
  while (next < bodies.length) {
    const index = next++;
    results[index] = await send(bodies[index]);
  }
}
const startedAt = performance.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  parentPort.postMessage({ seconds, results });
});
`;

function sendAll(url: string, bodies: readonly string[]) {
  return new Promise<{ seconds: number; results: Answered[] }>((resolve, reject) => {
    const worker = new Worker(loadWorkerSource, {
      eval: true,
      workerData: { url, bodies, connections },
    });
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function percentile(sortedMs: readonly number[], fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] as number;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Catalogue names by wire code, to name the refusals the rush was answered with. */
const errorNamesByCode = new Map<number, string>();
for (const [name, entry] of Object.entries(errorCatalogue)) {
  const known = errorNamesByCode.get(entry.code);
  errorNamesByCode.set(entry.code, known ? `${known}/${name}` : name);
}

/** Members with a live session each, written straight into the tables in batches of 1,000. */
async function seedMembers(database: DatabaseHandle) {
  const currencyId = requireCurrency('CNY').currencyId;
  const expiresAt = new Date(Date.now() + 86_400_000);
  const members: { uid: string; token: string }[] = [];
  for (let start = 0; start < memberCount; start += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, memberCount - start) }, () => ({
      uid: generateUid(),
      token: generateToken(),
    }));
    const rows = await database.db
      .insert(users)
      .values(batch.map((member) => ({ uid: member.uid, type: 1, currencyId })))
      .returning({ id: users.id });
    await database.db.insert(sessions).values(
      rows.map((row, index) => ({
        userId: row.id,
        tokenHash: sha256Hex((batch[index] as { token: string }).token),
        expiresAt,
      })),
    );
    members.push(...batch);
  }
  return members;
}

async function post<T>(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  bearer?: string,
): Promise<T> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '127.0.0.1',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  const answer = response.json() as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A finance operator, created as the CLI does and signed in through the desk's login. */
async function financeToken(app: FastifyInstance, database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const accounts = createOperatorAccounts({
    db,
    repository: createOperatorRepository(db),
    audit: createAuditService({ db, now: () => new Date() }),
  });
  const created = await accounts.create(
    { username: `rush${randomBytes(4).toString('hex')}`, roles: ['finance'] },
    { operatorId: null, reason: 'envelope rush bench' },
  );
  if (!created?.generatedPassword) throw new Error('the bench operator was not created');
  const session = await post<{ token: string }>(app, operatorLogin.path, {
    username: created.operator.username,
    password: hashPasswordForWire(created.generatedPassword),
    totp: totpCodeAt(created.totpSecret, Date.now()),
  });
  return session.token;
}

/** A cash campaign created and funded through the desk's calls, running from now. */
async function runningCampaign(app: FastifyInstance, token: string): Promise<number> {
  const now = Date.now();
  const created = await post<{ id: number }>(
    app,
    envelopeCampaignCreate.path,
    {
      titleEn: 'Envelope rush',
      titleZh: '红包雨',
      titleZht: '紅包雨',
      currencyId: requireCurrency('CNY').currencyId,
      money: 'cash',
      total: campaignTotal,
      count: envelopeCount,
      minAmount,
      maxAmount,
      startsAt: now - 60_000,
      endsAt: now + 3_600_000,
    },
    token,
  );
  const funded = await post<{ status: string }>(
    app,
    campaignFund.path,
    { id: created.id, reason: 'envelope rush bench' },
    token,
  );
  if (funded.status !== 'running') throw new Error(`the campaign is ${funded.status}`);
  return created.id;
}

/** What the database holds after the rush: the claims, their members, their sum, the budget. */
async function verify(database: DatabaseHandle, campaignId: number) {
  const rows = await database.db.execute(sql`
    select count(*) filter (where user_id is not null) as claimed,
           count(distinct user_id) as members,
           coalesce(sum(amount) filter (where user_id is not null), 0) as claimed_sum,
           coalesce(sum(amount), 0) as split_sum
    from promotion_envelopes where campaign_id = ${campaignId}`);
  // Both drivers answer a raw query as `{ rows }`; the shared type does not say so.
  const [row] = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  const budget = promotionBudget(String(campaignId));
  const budgetLeft =
    (await createLedger(database.db).entityBalances([budget])).get(budget) ?? Number.NaN;
  return {
    claimed: Number(row?.claimed ?? 0),
    members: Number(row?.members ?? 0),
    claimedSum: Number(row?.claimed_sum ?? 0),
    splitSum: Number(row?.split_sum ?? 0),
    budgetLeft,
    isLedgerSound: (await checkLedger(database.db)).ok,
  };
}

/**
 * The envelope rush of the promotions issue: 10,000 members grab one cash campaign of fewer
 * envelopes over HTTP at once, on PostgreSQL, measured against pgbench TPC-B on the same server
 * with as many clients as the app's pool; then the database is checked for envelopes claimed
 * twice and money that does not add up.
 */
export async function benchEnvelopeRush(): Promise<BenchResult> {
  const scratch = await createScratchDatabase('sb_bench_rush');
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  try {
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory', poolSize });
    app = await buildApp({
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
    });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const members = await seedMembers(database);
    const campaignId = await runningCampaign(app, await financeToken(app, database));

    const peer = await preparePgbench({ clients: poolSize, scale: pgbenchScale });
    let pgbench: { transactionsPerSecond: number; p50: number; p99: number };
    try {
      const sample = await peer.drive(pgbenchSeconds);
      const sorted = [...sample.latenciesMs].sort((left, right) => left - right);
      pgbench = {
        transactionsPerSecond: sorted.length / sample.seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
      };
    } finally {
      await peer.close();
    }

    await sendAll(
      `${origin}${memberEnvelopeActivity.path}`,
      Array.from({ length: warmUpCalls }, (_, index) => {
        const member = members[index % members.length] as { uid: string; token: string };
        return JSON.stringify({ uid: member.uid, token: member.token });
      }),
    );

    const bodies = members.map((member) =>
      JSON.stringify({ uid: member.uid, token: member.token, id: campaignId }),
    );
    const startedAt = performance.now();
    const rush = await sendAll(`${origin}${envelopeParticipate.path}`, bodies);
    const wallSeconds = (performance.now() - startedAt) / 1000;

    const byAnswer = new Map<string, number>();
    for (const answer of rush.results) {
      const label =
        answer.status !== 200
          ? `HTTP ${answer.status || 'transport error'}`
          : answer.code === 0
            ? 'won'
            : (errorNamesByCode.get(answer.code) ?? `code ${answer.code}`);
      byAnswer.set(label, (byAnswer.get(label) ?? 0) + 1);
    }
    const won = rush.results.filter((answer) => answer.status === 200 && answer.code === 0);
    const gone = byAnswer.get('ENVELOPES_GONE') ?? 0;
    const errors = rush.results.length - won.length - gone;
    const wonSum = won.reduce((sum, answer) => sum + answer.amount, 0);
    const all = rush.results.map((answer) => answer.ms).sort((left, right) => left - right);
    const wonMs = won.map((answer) => answer.ms).sort((left, right) => left - right);
    const claimsPerSecond = won.length / rush.seconds;

    const found = await verify(database, campaignId);
    const isExact =
      found.claimed === envelopeCount &&
      found.members === found.claimed &&
      found.splitSum === campaignTotal &&
      found.claimedSum === campaignTotal &&
      found.budgetLeft === campaignTotal - found.claimedSum &&
      won.length === found.claimed &&
      wonSum === found.claimedSum &&
      found.isLedgerSound;
    const ratio = claimsPerSecond / pgbench.transactionsPerSecond;
    const answers = [...byAnswer.entries()]
      .sort((left, right) => right[1] - left[1])
      .map(([label, answered]) => `${label} ${answered}`)
      .join(', ');
    return {
      name: 'Envelope rush',
      method: `${memberCount} members (users and sessions written in bulk) each send one \`POST ${envelopeParticipate.path}\` for one cash campaign of ${envelopeCount} envelopes (${(campaignTotal / 100).toFixed(2)} CNY, 1.00–50.00 each), created and funded through the promotions desk's calls; the grabs go out all at once over ${connections} keep-alive HTTP connections from a worker thread, each connection sending the next grab not yet sent, to the app on PostgreSQL (pool of ${poolSize}) in a fresh database dropped afterwards, after ${warmUpCalls} members' list calls to warm it. A grab reads the campaign, the member and any envelope of theirs (in reads shared by the grabs asking at once), then its claim joins the campaign's claims arriving while a batch of them is under way: one transaction share-locks the campaign row, claims the first free envelopes for all of them in one statement (\`update … from (select … for update skip locked)\`), and books their payouts with the ledger's batch booking (one transaction and its postings each, the budget row and each member's account updated once), then the campaign is ended if that took the last envelope; once it has ended a grab is refused before any transaction, from the campaign's end. Claims per second are the envelopes won over the rush's wall time (first grab sent to last answered). The yardstick is \`pgbench\` TPC-B (scale ${pgbenchScale}, ${poolSize} clients, 2 threads, ${pgbenchSeconds} s) on the same server just before the rush. After the rush the database is checked: claims against envelopes, members with two, the claimed sum against the campaign's total, the budget left, and \`checkLedger\`. Other work shares the machine's 2 cores, so the figures are noisy.`,
      figures: {
        'grabs sent': String(rush.results.length),
        'rush wall time': `${rush.seconds.toFixed(2)} s (${wallSeconds.toFixed(2)} s with the worker's start)`,
        'claims/s (won / wall time)': claimsPerSecond.toFixed(1),
        'grabs answered/s': (rush.results.length / rush.seconds).toFixed(1),
        answers,
        'errors (neither won nor ENVELOPES_GONE)': String(errors),
        'grab p50 / p99 latency (all)': `${ms(percentile(all, 0.5))} / ${ms(percentile(all, 0.99))}`,
        'grab p50 / p99 latency (won)': `${ms(percentile(wonMs, 0.5))} / ${ms(percentile(wonMs, 0.99))}`,
        'envelopes claimed / held': `${found.claimed} / ${envelopeCount}`,
        'members holding one / claims': `${found.members} / ${found.claimed}`,
        'claimed sum / total (minor units)': `${found.claimedSum} / ${campaignTotal}`,
        'amounts answered to winners (minor units)': String(wonSum),
        'budget left (total − claimed)': `${found.budgetLeft} (expected ${campaignTotal - found.claimedSum})`,
        'ledger check after the run': found.isLedgerSound ? 'passed' : 'FAILED',
        'pgbench TPC-B transactions/s': pgbench.transactionsPerSecond.toFixed(1),
        'pgbench p50 / p99 latency': `${pgbench.p50.toFixed(2)} ms / ${pgbench.p99.toFixed(2)} ms`,
        'ratio (claims/s / pgbench TPS)': ratio.toFixed(3),
      },
      target:
        'every envelope claimed at most once and the total exact (the issue sets no throughput; the ratio is recorded)',
      isMet: isExact,
    };
  } finally {
    await app?.close();
    await database?.close();
    await scratch.drop();
  }
}
