import { randomBytes } from 'node:crypto';
import { appSocketPath, errorCatalogue } from '@sb/contract';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { eventually, type RecordingSocket, recordSocket } from '../realtime/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { createPostgresTestDatabase } from '../test-database';
import {
  budgetBalance,
  countRows,
  deskAction,
  financeToken,
  grab,
  newMember,
  ok,
  runningCampaign,
  type TestMember,
} from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl)
  console.warn('TEST_DATABASE_URL or REDIS_URL is not set: the two-process grabs are skipped');

/**
 * Two apps as two processes of one deployment: each its own pool on one PostgreSQL database,
 * one Redis prefix, each running the campaign clock.
 */
describe.skipIf(!adminUrl || !redisUrl)('two processes on one database and Redis', () => {
  let drop: () => Promise<void>;
  const handles: DatabaseHandle[] = [];
  const apps: TestApp[] = [];
  const sockets: RecordingSocket[] = [];
  let token: string;

  beforeAll(async () => {
    const created = await createPostgresTestDatabase(adminUrl as string);
    drop = created.drop;
    const prefix = `sb:test:${randomBytes(6).toString('hex')}:`;
    for (let index = 0; index < 2; index += 1) {
      const database = await openDatabase({
        databaseUrl: created.url,
        dataDir: 'memory',
        poolSize: 10,
      });
      handles.push(database);
      const app = await createTestApp({ database, config: { REDIS_PREFIX: prefix } });
      await app.app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
    }
    token = await financeToken(apps[0] as TestApp);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  const [one, two] = [() => apps[0] as TestApp, () => apps[1] as TestApp];

  async function memberSocket(app: TestApp, member: TestMember): Promise<RecordingSocket> {
    const address = app.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const socket = recordSocket(
      io(`http://127.0.0.1:${address.port}`, {
        path: appSocketPath,
        transports: ['websocket'],
        query: member.auth,
        reconnection: false,
        forceNew: true,
      }),
    );
    await new Promise<void>((resolve, reject) => {
      socket.socket.once('connect', () => resolve());
      socket.socket.once('connect_error', reject);
    });
    sockets.push(socket);
    return socket;
  }

  it('never grants more than the envelopes, nor one member twice, whichever process grabs', async () => {
    const listener = await newMember(one());
    const heard = await memberSocket(two(), listener);
    const campaign = await runningCampaign(one(), token, {
      total: 200_000,
      count: 40,
      minAmount: 1_000,
      maxAmount: 10_000,
    });
    // The start, made on the first process, reaches a member connected to the second.
    await eventually(
      () =>
        heard.events.find(
          (event) =>
            event.name === 'envelope' &&
            (event.payload as { id: number }).id === campaign.id &&
            (event.payload as { status: string }).status === 'running',
        ),
      'the start pushed across processes',
    );
    const racers: TestMember[] = [];
    while (racers.length < 120)
      racers.push(...(await Promise.all(Array.from({ length: 20 }, () => newMember(one())))));
    const before = await countRows(one());
    // Every member grabs on both processes at once, under two keys.
    const answers = await Promise.all(
      racers.flatMap((member, index) => [
        grab(one(), member, campaign.id, `a-${index}`),
        grab(two(), member, campaign.id, `b-${index}`),
      ]),
    );
    const granted = answers.filter((answer) => answer.code === 0);
    expect(granted.length).toBe(40);
    const allowed = new Set<number>([
      errorCatalogue.ENVELOPES_GONE.code,
      errorCatalogue.ENVELOPE_ALREADY_CLAIMED.code,
    ]);
    for (const answer of answers.filter((each) => each.code !== 0))
      expect(allowed.has(answer.code), answer.msg).toBe(true);
    expect(granted.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(200_000);
    const after = await countRows(one());
    expect(after.claimed - before.claimed).toBe(40);
    expect(after.transactions - before.transactions).toBe(40);
    expect(await budgetBalance(one(), campaign.id)).toBe(0);

    // Both clocks at once: the campaign ends and closes once.
    await Promise.all([one().modules.promotions.runClock(), two().modules.promotions.runClock()]);
    await Promise.all([one().modules.promotions.runClock(), two().modules.promotions.runClock()]);
    const { entries } = await one().modules.operators.audit.list({
      targetType: 'campaign',
      targetId: String(campaign.id),
      action: 'campaign.close',
    });
    expect(entries).toHaveLength(1);
    await eventually(
      () =>
        heard.events.find(
          (event) =>
            event.name === 'envelope' &&
            (event.payload as { id: number }).id === campaign.id &&
            (event.payload as { status: string }).status === 'closed',
        ),
      'the close pushed',
    );
    const result = await checkLedger(one().database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  }, 120_000);

  it('closes a running campaign once when both processes close it at once, with the rest returned once', async () => {
    const campaign = await runningCampaign(one(), token);
    ok(await grab(two(), await newMember(two()), campaign.id));
    const other = await financeToken(two());
    const closes = await Promise.all([
      deskAction(one(), token, 'close', campaign.id),
      deskAction(two(), other, 'close', campaign.id),
    ]);
    for (const answer of closes) expect(ok(answer).status).toBe('closed');
    expect(await budgetBalance(one(), campaign.id)).toBe(0);
    const { entries } = await one().modules.operators.audit.list({
      targetType: 'campaign',
      targetId: String(campaign.id),
      action: 'campaign.close',
    });
    expect(entries).toHaveLength(1);
    const result = await checkLedger(one().database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  });
});
