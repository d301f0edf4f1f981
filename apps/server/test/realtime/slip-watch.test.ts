import {
  appSocketPath,
  type OddsMoveEvent,
  oddsMoveEventSchema,
  refusedSchema,
} from '@sb/contract';
import { fromOddsUnits, memberOdds, toOddsUnits } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { type Book, createOrdersTestApp, fundedMember, type Pick } from '../orders/helpers';
import type { TestApp } from '../test-app';
import { connect, type RecordingSocket, sleep } from './helpers';

/** The member's margins: 5 % of implied probability on every play. */
const oddsConfig = [50, 50, 0];
let testApp: TestApp;
let book: Book;
let url: string;
const sockets: RecordingSocket[] = [];

beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp());
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp.close();
});

/** A member with margins, connected to /app/socket with the official client. */
async function memberSocket(): Promise<RecordingSocket> {
  const member = await fundedMember(testApp, 0);
  await testApp.database.db.update(users).set({ oddsConfig }).where(eq(users.id, member.userId));
  const socket = await connect(url, { path: appSocketPath, query: member.auth });
  sockets.push(socket);
  return socket;
}

/** What the member is shown for the pick at feed price `decimal`. */
const memberPrice = (pick: Pick, decimal: number) =>
  fromOddsUnits(toOddsUnits(memberOdds(decimal, pick.market.playId, oddsConfig)));

const nextJ = (socket: RecordingSocket, oi: string, since: number) =>
  socket.next<OddsMoveEvent>('J', (event) => event.oi === oi, { since });

describe('/app/socket slip watch', () => {
  it('sends J with the member’s price and its direction when the feed moves a slip price', async () => {
    const socket = await memberSocket();
    const bystander = await memberSocket();
    const pick = book.pick(book.preMatchAt(0));
    const other = book.pick(book.preMatchAt(1));
    expect(await socket.request('slip', { ois: [pick.optId, other.optId] })).toEqual({
      code: 0,
      msg: 'success',
      data: null,
    });

    let since = socket.mark();
    book.reprice(pick, 3.1);
    const up = oddsMoveEventSchema.parse(await nextJ(socket, pick.optId, since));
    expect(up).toEqual({ oi: pick.optId, co: memberPrice(pick, 3.1), ico: 1 });
    expect(up.co).toBeLessThan(3.1);

    since = socket.mark();
    book.reprice(pick, 2.2);
    expect(await nextJ(socket, pick.optId, since)).toEqual({
      oi: pick.optId,
      co: memberPrice(pick, 2.2),
      ico: -1,
    });

    // The same price again is no move; a move of another outcome of the market is not this one's.
    since = socket.mark();
    book.reprice(pick, 2.2);
    // The sibling's market as the book now holds it, with this pick at 2.2.
    const sibling = { ...book.pick(pick.event, pick.market.playId, 1), market: pick.market };
    book.reprice(sibling, 7.5);
    await sleep(200);
    expect(socket.all('J', since)).toEqual([]);
    expect(bystander.all('J')).toEqual([]);
  });

  it('is silent while the option is suspended and sends its price when it opens again', async () => {
    const socket = await memberSocket();
    const pick = book.pick(book.preMatchAt(2));
    await socket.request('slip', { ois: [pick.optId] });
    const since = socket.mark();
    book.suspend(pick.event);
    await sleep(150);
    expect(socket.all('J', since)).toEqual([]);
    // The odds change that lifts the bet stop reopens the option at a new price.
    book.reprice(pick, 4.4);
    expect(await nextJ(socket, pick.optId, since)).toEqual({
      oi: pick.optId,
      co: memberPrice(pick, 4.4),
      ico: 0,
    });
    expect(socket.all('J', since)).toHaveLength(1);
  });

  it('replaces the watched slip with each request and stops on an empty one', async () => {
    const socket = await memberSocket();
    const first = book.pick(book.preMatchAt(3));
    const second = book.pick(book.preMatchAt(4));
    await socket.request('slip', { ois: [first.optId] });
    await socket.request('slip', { ois: [second.optId] });
    let since = socket.mark();
    book.reprice(first, 5.5);
    book.reprice(second, 5.5);
    expect((await nextJ(socket, second.optId, since)).co).toBe(memberPrice(second, 5.5));
    await sleep(100);
    expect(socket.all<OddsMoveEvent>('J', since).map((event) => event.oi)).toEqual([second.optId]);

    await socket.request('slip', { ois: [] });
    since = socket.mark();
    book.reprice(second, 6.5);
    await sleep(200);
    expect(socket.all('J', since)).toEqual([]);
  });

  it('refuses bad slips by naming the fault, with refused and the ack, and keeps the old slip', async () => {
    const socket = await memberSocket();
    const pick = book.pick(book.preMatchAt(5));
    await socket.request('slip', { ois: [pick.optId] });
    const bad: [unknown[], RegExp][] = [
      [[{ ois: 'nope' }], /^ois\.0: not an option id/],
      [[{ ois: Array.from({ length: 9 }, () => pick.optId) }], /^ois: /],
      [[{ ois: [pick.optId, 'not-an-option'] }], /^ois\.1: not an option id/],
      [[{ ois: [7] }], /^ois\.0: /],
      [[{ ois: [], colour: 'red' }], /colour/],
      [[null], /./],
      [[{ ois: [] }, 'extra'], /one payload/],
    ];
    for (const [args, message] of bad) {
      const since = socket.mark();
      const answer = await socket.request('slip', ...args);
      expect(answer.code).toBe(1000);
      expect(answer.msg).toMatch(message);
      expect(refusedSchema.parse(await socket.next('refused', () => true, { since }))).toEqual({
        event: 'slip',
        code: 1000,
        msg: answer.msg,
      });
    }
    const since = socket.mark();
    book.reprice(pick, 8.5);
    expect((await nextJ(socket, pick.optId, since)).co).toBe(memberPrice(pick, 8.5));
  });

  it('rate-limits slip requests', async () => {
    const socket = await memberSocket();
    const answers = [];
    for (let index = 0; index < 12; index++)
      answers.push(await socket.request('slip', { ois: [] }));
    expect(answers.slice(0, 10).every((answer) => answer.code === 0)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ code: 1004 });
    expect(socket.socket.connected).toBe(true);
  });
});
