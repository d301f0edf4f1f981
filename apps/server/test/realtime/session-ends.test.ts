import { randomBytes } from 'node:crypto';
import {
  type BalanceEntry,
  memberBlock,
  memberLoginAccount,
  memberLogout,
  memberPasswordEdit,
  type Session,
} from '@sb/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { sessions } from '../../src/modules/identity/identity.schema';
import { sessionEndChannel, sessionEndSubscriberName } from '../../src/realtime/session-end-bus';
import { tokenRecheckMs } from '../../src/realtime/socket-auth';
import { authOf, expectOk, registerMember, wirePassword } from '../identity/helpers';
import { adminCall, createOperator, signIn } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { createTestDatabase } from '../test-database';
import { connect, connectRefused, eventually, type RecordingSocket } from './helpers';

/**
 * Ending a session closes its sockets at once, on every process: after a logout (that session's
 * sockets), a password change or a block (every socket of the member), a socket hears nothing
 * more and is closed promptly, and its token cannot open another.
 */

/** How long after the action's answer the sockets must be closed. */
const closedWithinMs = 1_000;

/**
 * Where the actions are taken and where the sockets are: one app for one process, or two apps
 * on one database and one Redis prefix, two processes of one deployment.
 */
interface Deployment {
  acting: TestApp;
  serving: TestApp;
  servingUrl: string;
}

const sockets: RecordingSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

async function listeningUrl(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function open(
  deployment: Deployment,
  path: '/app/socket' | '/match/socket',
  session: Pick<Session, 'uid' | 'token'>,
): Promise<RecordingSocket> {
  const socket = await connect(deployment.servingUrl, { path, query: authOf(session) });
  sockets.push(socket);
  return socket;
}

/** A balance no other test sends, to know its event from any other. */
function balance(): [BalanceEntry] {
  const amount = randomBytes(4).readUInt32BE();
  return [
    {
      currencyId: 1,
      currencyCode: 'USDT',
      assetID: 'USDT',
      scale: 2,
      amount,
      frozen: 0,
      status: 1,
      creditAmount: 0,
      loanAmount: 0,
      showAmount: (amount / 100).toFixed(2),
      bonusAmount: 0,
      gameAmount: 0,
      marketAmount: 0,
    },
  ];
}

const amountOf = (entries: BalanceEntry[]) => entries[0]?.amount;

/** Resolves when the server closes the socket, with when; fails after a generous deadline. */
function closing(socket: RecordingSocket): Promise<{ reason: string; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not closed')), 10_000);
    socket.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, at: Date.now() });
    });
  });
}

/**
 * Publishes balances from the acting process until every socket heard one: with Redis, a
 * member's room reaches another process a moment after the socket joined it.
 */
async function deliveredTo(deployment: Deployment, userId: number, ...heard: RecordingSocket[]) {
  const published = new Set<number | undefined>();
  await eventually(
    () => {
      const isHeard = heard.every((socket) =>
        socket.all<BalanceEntry[]>('balance').some((got) => published.has(amountOf(got))),
      );
      if (isHeard) return true;
      const entries = balance();
      published.add(amountOf(entries));
      deployment.acting.modules.realtime.publishToUser(userId, 'balance', entries);
      return undefined;
    },
    'balances to reach the sockets',
    10_000,
    200,
  );
}

/** A member with two sessions (two devices): registered, then signed in again. */
async function memberWithTwoSessions(deployment: Deployment) {
  const { account, password, session } = await registerMember(deployment.acting);
  const second = expectOk(
    await deployment.acting.call<Session>(memberLoginAccount.path, {
      account,
      pwd: wirePassword(password),
    }),
  );
  return { password, first: session, second };
}

/**
 * After the action answered: every closed socket was closed by the server within
 * `closedWithinMs`, and a balance published then reaches the witness and none of them.
 */
async function expectClosedForGood(
  deployment: Deployment,
  options: {
    answeredAt: number;
    closings: Promise<{ reason: string; at: number }>[];
    closed: RecordingSocket[];
    userId: number;
    witness: RecordingSocket;
    witnessUserId: number;
  },
) {
  for (const { reason, at } of await Promise.all(options.closings)) {
    expect(reason).toBe('io server disconnect');
    expect(at - options.answeredAt).toBeLessThan(closedWithinMs);
  }
  const after = balance();
  const witnessed = balance();
  deployment.acting.modules.realtime.publishToUser(options.userId, 'balance', after);
  deployment.acting.modules.realtime.publishToUser(options.witnessUserId, 'balance', witnessed);
  await options.witness.next<BalanceEntry[]>(
    'balance',
    (got) => amountOf(got) === amountOf(witnessed),
    { timeoutMs: 10_000 },
  );
  for (const socket of options.closed) {
    expect(socket.socket.connected).toBe(false);
    const heard = socket.all<BalanceEntry[]>('balance').map(amountOf);
    expect(heard).not.toContain(amountOf(after));
  }
}

function describeSessionEnds(name: string, deploy: () => Promise<Deployment>) {
  describe(name, () => {
    let deployment: Deployment;
    let support: string;

    beforeAll(async () => {
      deployment = await deploy();
      const operator = await createOperator(deployment.acting.database, ['support']);
      support = (await signIn(deployment.acting, operator, Date.now())).token;
    });

    it("refuses an operator's token on both endpoints: operators have no sockets", async () => {
      for (const path of ['/app/socket', '/match/socket'] as const) {
        const refused = await connectRefused(deployment.servingUrl, {
          path,
          query: { token: support },
        });
        expect(refused.data).toMatchObject({ code: 403 });
      }
    });

    it("closes a logged-out session's sockets at once, and only that session's", async () => {
      const { first, second } = await memberWithTwoSessions(deployment);
      const account = await open(deployment, '/app/socket', first);
      const odds = await open(deployment, '/match/socket', first);
      const otherDevice = await open(deployment, '/app/socket', second);
      await deliveredTo(deployment, first.memberId, account, otherDevice);
      const closings = [closing(account), closing(odds)];

      expectOk(await deployment.acting.call(memberLogout.path, authOf(first)));
      await expectClosedForGood(deployment, {
        answeredAt: Date.now(),
        closings,
        closed: [account, odds],
        userId: first.memberId,
        // The member's other session goes on hearing their balance.
        witness: otherDevice,
        witnessUserId: second.memberId,
      });
      expect(otherDevice.socket.connected).toBe(true);
      const refused = await connectRefused(deployment.servingUrl, {
        path: '/app/socket',
        query: authOf(first),
      });
      expect(refused.data).toMatchObject({ code: 403 });
    }, 30_000);

    it('closes every socket of the member at once when they change their password', async () => {
      const { password, first, second } = await memberWithTwoSessions(deployment);
      const stranger = (await registerMember(deployment.acting)).session;
      const here = await open(deployment, '/app/socket', first);
      const elsewhere = await open(deployment, '/app/socket', second);
      const odds = await open(deployment, '/match/socket', second);
      const witness = await open(deployment, '/app/socket', stranger);
      await deliveredTo(deployment, first.memberId, here, elsewhere);
      await deliveredTo(deployment, stranger.memberId, witness);
      const closings = [closing(here), closing(elsewhere), closing(odds)];

      expectOk(
        await deployment.acting.call(memberPasswordEdit.path, {
          ...authOf(first),
          oldPwd: wirePassword(password),
          pwd: wirePassword(`${password}-new`),
        }),
      );
      await expectClosedForGood(deployment, {
        answeredAt: Date.now(),
        closings,
        closed: [here, elsewhere, odds],
        userId: first.memberId,
        witness,
        witnessUserId: stranger.memberId,
      });
      expect(witness.socket.connected).toBe(true);
    }, 30_000);

    it('closes every socket of a member at once when an operator blocks them', async () => {
      const { first, second } = await memberWithTwoSessions(deployment);
      const stranger = (await registerMember(deployment.acting)).session;
      const account = await open(deployment, '/app/socket', first);
      const otherDevice = await open(deployment, '/app/socket', second);
      const odds = await open(deployment, '/match/socket', first);
      const witness = await open(deployment, '/app/socket', stranger);
      await deliveredTo(deployment, first.memberId, account, otherDevice);
      await deliveredTo(deployment, stranger.memberId, witness);
      const closings = [closing(account), closing(otherDevice), closing(odds)];

      const blocked = await adminCall<{ applied: boolean }>(deployment.acting, memberBlock.path, {
        bearer: support,
        fields: { userId: first.memberId, blocked: true, reason: 'session end test' },
      });
      expect(blocked, blocked.msg).toMatchObject({ code: 0, data: { applied: true } });
      await expectClosedForGood(deployment, {
        answeredAt: Date.now(),
        closings,
        closed: [account, otherDevice, odds],
        userId: first.memberId,
        witness,
        witnessUserId: stranger.memberId,
      });
    }, 30_000);
  });
}

describe('session ends', () => {
  const apps: TestApp[] = [];
  let database: DatabaseHandle | undefined;
  let redis: Redis | undefined;
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
    await database?.close();
    await redis?.quit();
  });

  describeSessionEnds('on one process', async () => {
    // Without Redis: the process closes its own sockets, nothing travels.
    const testApp = await createTestApp({ config: { REDIS_URL: undefined } });
    apps.push(testApp);
    return { acting: testApp, serving: testApp, servingUrl: await listeningUrl(testApp) };
  });

  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl)
    console.warn('REDIS_URL is not set: the two-process session end tests are skipped');

  describe.skipIf(!redisUrl)('with two processes on Redis', () => {
    let prefix: string;
    let twoProcesses: Promise<Deployment> | undefined;
    async function deployTwo(): Promise<Deployment> {
      // Two apps on one database and one Redis prefix are two processes of one deployment.
      prefix = `sb:test:${randomBytes(6).toString('hex')}:`;
      database = await createTestDatabase();
      const options = { database, config: { REDIS_PREFIX: prefix } };
      const acting = await createTestApp(options);
      const serving = await createTestApp(options);
      apps.push(acting, serving);
      const servingUrl = await listeningUrl(serving);
      // Both processes hear the channel before any session ends.
      redis = new Redis(redisUrl as string);
      await subscribersOf(sessionEndChannel(prefix), 2);
      return { acting, serving, servingUrl };
    }
    function watcher(): Redis {
      if (!redis) throw new Error('the two processes are not deployed');
      return redis;
    }
    async function subscribersOf(channel: string, expected: number) {
      await eventually(async () => {
        const [, subscribers] = (await watcher().pubsub('NUMSUB', channel)) as [string, number];
        return subscribers >= expected ? true : undefined;
      }, `${expected} subscribers of ${channel}`);
    }

    describeSessionEnds('the action on one, the sockets on the other', () => {
      twoProcesses ??= deployTwo();
      return twoProcesses;
    });

    it('checks every socket again when its process subscribes anew, as ends may have been missed', async () => {
      twoProcesses ??= deployTwo();
      const deployment = await twoProcesses;
      const { session } = await registerMember(deployment.acting);
      const account = await open(deployment, '/app/socket', session);
      const odds = await open(deployment, '/match/socket', session);
      const closings = [closing(account), closing(odds)];
      // A session ended while the processes could not hear each other: nobody was told.
      const { db } = deployment.acting.database;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, session.memberId), isNull(sessions.revokedAt)));
      expect(account.socket.connected).toBe(true);

      const clients = (await watcher().client('LIST')) as string;
      const name = sessionEndSubscriberName(prefix);
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(` name=${name} `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1]);
      expect(ids).toHaveLength(2);
      for (const id of ids) await watcher().client('KILL', 'ID', id as string);
      const killedAt = Date.now();
      for (const { reason, at } of await Promise.all(closings)) {
        expect(reason).toBe('io server disconnect');
        // Well before the token recheck would have come to them.
        expect(at - killedAt).toBeLessThan(tokenRecheckMs / 2);
      }
      await subscribersOf(sessionEndChannel(prefix), 2);
    }, 30_000);
  });
});
