import * as calls from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { siteSettingsTtlMs } from '../../src/modules/match/site-settings';
import { switchesReviewMs } from '../../src/realtime/match-socket';
import { adminCall, createOperator, signIn } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { createTestDatabase } from '../test-database';
import { connect, type RecordingSocket } from './helpers';

/**
 * A change of the control switches reaches open pages without a reload: `/match/socket` sends
 * `sysinit` to every socket of every server process as soon as the operator's change commits.
 */

const path = '/match/socket';
const sockets: RecordingSocket[] = [];

async function listeningUrl(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function visitorSocket(testApp: TestApp, url: string): Promise<RecordingSocket> {
  const visitor = (await testApp.call<calls.Session>('/app/api/visitor/create')).data;
  const socket = await connect(url, {
    path,
    query: { token: visitor.token, uid: visitor.uid, realm: 'alpha', process: 'sport' },
  });
  sockets.push(socket);
  return socket;
}

async function adminToken(testApp: TestApp): Promise<string> {
  return (await signIn(testApp, await createOperator(testApp.database, ['admin']), Date.now()))
    .token;
}

async function setSwitches(testApp: TestApp, bearer: string, controlSwitches: number[]) {
  const answer = await adminCall<{ applied: boolean }>(testApp, '/admin/api/site/switches/set', {
    bearer,
    fields: { controlSwitches, reason: 'switch test' },
  });
  expect(answer, answer.msg).toMatchObject({ code: 0, data: { applied: true } });
}

/** The next `sysinit` after `since` naming these switches, checked against the contract. */
async function pushed(
  socket: RecordingSocket,
  since: number,
  switches: number[],
  timeoutMs: number,
): Promise<calls.SysInitEvent> {
  const event = await socket.next<calls.SysInitEvent>(
    'sysinit',
    (payload) => payload.control_switch.join(',') === switches.join(','),
    { since, timeoutMs },
  );
  expect(calls.sysInitEventSchema.parse(event)).toEqual(event);
  return event;
}

const sportIdsOf = (sports: { sportId: number }[]) => sports.map((sport) => sport.sportId);

afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('sysinit on /match/socket, one process', () => {
  let testApp: TestApp;
  let url: string;
  let admin: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    url = await listeningUrl(testApp);
    admin = await adminToken(testApp);
  });
  afterAll(() => testApp?.close());

  it('sends app init on connect, and every change of the switches to every socket at once', async () => {
    const first = await visitorSocket(testApp, url);
    const second = await visitorSocket(testApp, url);
    const initial = await first.next<calls.SysInitEvent>('sysinit');
    expect(initial).toEqual((await testApp.call(calls.matchSysInit.path)).data);
    expect(initial.control_switch).toEqual([]);

    const since = [first.mark(), second.mark()];
    const startedAt = Date.now();
    await setSwitches(testApp, admin, [20, 2]);
    // Well before a review pass could have noticed it (the poll that existed before the push).
    for (const [index, socket] of [first, second].entries())
      await pushed(socket, since[index] ?? 0, [2, 20], switchesReviewMs - 1_000);
    expect(Date.now() - startedAt).toBeLessThan(switchesReviewMs);
    // What the page reads again on the event already says the same.
    const sports = await testApp.call<{ sportId: number }[]>(calls.matchSportsType.path);
    expect(sportIdsOf(sports.data)).not.toContain(3);
    expect(sportIdsOf(sports.data)).toContain(1);
    // The socket's own counts leave the hidden sport out too.
    const counts = await first.next<calls.SportCountsEvent>(
      'counts',
      (event) => !event.counts.some((entry) => entry.sportId === 3),
      { since: since[0], timeoutMs: 5_000 },
    );
    expect(counts.counts.some((entry) => entry.sportId === 1)).toBe(true);

    // A page that connects later learns the switches on connect.
    const later = await visitorSocket(testApp, url);
    expect((await later.next<calls.SysInitEvent>('sysinit')).control_switch).toEqual([2, 20]);

    const beforeOff = first.mark();
    await setSwitches(testApp, admin, []);
    await pushed(first, beforeOff, [], switchesReviewMs - 1_000);
    const back = await testApp.call<{ sportId: number }[]>(calls.matchSportsType.path);
    expect(sportIdsOf(back.data)).toContain(3);
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('REDIS_URL is not set: the two-process switch push test is skipped');

describe.skipIf(!redisUrl)('sysinit across two server processes sharing Redis', () => {
  let database: DatabaseHandle;
  let one: TestApp;
  let two: TestApp;
  let twoUrl: string;
  let admin: string;

  beforeAll(async () => {
    // Two apps on one database are two processes of one deployment: they share the database and
    // the Redis prefix, and nothing else (settings caches, sockets, read models are their own).
    database = await createTestDatabase();
    one = await createTestApp({ database });
    two = await createTestApp({ database });
    await listeningUrl(one);
    twoUrl = await listeningUrl(two);
    admin = await adminToken(one);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  it("pushes a change made on one process to the other's sockets and settings at once", async () => {
    const socket = await visitorSocket(two, twoUrl);
    await socket.next<calls.SysInitEvent>('sysinit');
    const readTwo = async () =>
      (await two.call<calls.SysInit>(calls.matchSysInit.path)).data.control_switch;
    // The second process has just read its settings: without the announcement it would serve
    // them for the whole TTL.
    expect(await readTwo()).toEqual([]);

    for (const switches of [[30, 3010], []]) {
      const since = socket.mark();
      const startedAt = Date.now();
      await setSwitches(one, admin, switches);
      await pushed(socket, since, switches, siteSettingsTtlMs);
      expect(Date.now() - startedAt).toBeLessThan(siteSettingsTtlMs);
      expect(await readTwo()).toEqual(switches);
      const sports = sportIdsOf(
        (await two.call<{ sportId: number }[]>(calls.matchSportsType.path)).data,
      );
      for (const hidden of [4, 10000001])
        expect(sports.includes(hidden)).toBe(!switches.includes(hidden === 4 ? 30 : 3010));
    }
  });
});
