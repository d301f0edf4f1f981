import {
  type BalanceEntry,
  type BetStatusEvent,
  balanceEventSchema,
  betStatus,
  betStatusEventSchema,
  betStatusReason,
  type OddsMoveEvent,
  oddsMoveEventSchema,
  refusedSchema,
  socketAnswerSchema,
} from '@sb/contract';
import { encodeOptionId } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { authOf, registerMember } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { connect, connectRefused, type RecordingSocket, sleep } from './helpers';

const path = '/app/socket';
let testApp: TestApp;
let url: string;
const sockets: RecordingSocket[] = [];

async function appSocket(query: Record<string, string>): Promise<RecordingSocket> {
  const socket = await connect(url, { path, query });
  sockets.push(socket);
  return socket;
}

const optionId = encodeOptionId({
  eventId: 12196054,
  playId: 1,
  specifiers: 'hcp=-0.25',
  outcomeId: 'home',
});
const rejected: BetStatusEvent = {
  orderNo: 'O1',
  oi: optionId,
  bs: betStatus.rejected,
  mr: betStatusReason.marketClosed,
};
const oddsMove: OddsMoveEvent = { oi: optionId, co: 1.95, ico: 1 };
const balanceEntry: BalanceEntry = {
  currencyId: 1,
  currencyCode: 'USDT',
  assetID: 'USDT',
  scale: 2,
  amount: 12_345,
  frozen: 100,
  status: 1,
  creditAmount: 0,
  loanAmount: 0,
  showAmount: '123.45',
  bonusAmount: 0,
  gameAmount: 0,
  marketAmount: 0,
};

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp?.close();
});

describe('/app/socket', () => {
  it('refuses a connection without a token or with an unknown one', async () => {
    const missing = await connectRefused(url, { path });
    expect(missing.message).toMatch(/token missing/);
    expect(missing.data).toMatchObject({ code: 403 });
    const unknown = await connectRefused(url, { path, query: { token: 'nope', uid: 'nope' } });
    expect(unknown.message).toMatch(/unknown, expired or revoked/);
  });

  it('refuses a handshake query field beyond its bound, naming it', async () => {
    const { session } = await registerMember(testApp);
    const refused = await connectRefused(url, {
      path,
      query: { ...authOf(session), realm: 'r'.repeat(65) },
    });
    expect(refused.data).toMatchObject({ code: 1000 });
    expect(refused.message).toMatch(/^realm: /);
  });

  it("sends a member's account events to every socket of that member and no one else", async () => {
    const { session } = await registerMember(testApp);
    const other = await registerMember(testApp);
    const first = await appSocket(authOf(session));
    const second = await appSocket(authOf(session));
    const stranger = await appSocket(authOf(other.session));
    const publish = testApp.modules.realtime.publishToUser;

    publish(session.memberId, 'H', rejected);
    publish(session.memberId, 'J', oddsMove);
    publish(session.memberId, 'balance', [balanceEntry]);
    for (const socket of [first, second]) {
      expect(betStatusEventSchema.parse(await socket.next('H'))).toEqual(rejected);
      expect(oddsMoveEventSchema.parse(await socket.next('J'))).toEqual(oddsMove);
      expect(balanceEventSchema.parse(await socket.next('balance'))).toEqual([balanceEntry]);
    }
    await sleep(100);
    expect(stranger.events).toEqual([]);
  });

  it('admits a visitor but sends it nothing', async () => {
    const created = await testApp.call<{ token: string; uid: string }>('/app/api/visitor/create');
    const socket = await appSocket({ token: created.data.token, uid: created.data.uid });
    const [row] = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.uid, created.data.uid));
    if (!row) throw new Error('visitor row missing');
    testApp.modules.realtime.publishToUser(row.id, 'balance', [balanceEntry]);
    await sleep(200);
    expect(socket.events).toEqual([]);
  });

  it('refuses whatever a client sends besides its slip, and goes on delivering to it', async () => {
    const { session } = await registerMember(testApp);
    const socket = await appSocket(authOf(session));
    const sent: [string, unknown][] = [
      ['H', rejected],
      ['join-room', { rooms: ['A-1-2'] }],
      ['balance', null],
      ['x'.repeat(100), 1],
    ];
    for (const [event, payload] of sent) {
      const since = socket.mark();
      const answer = socketAnswerSchema.parse(await socket.request(event, payload));
      expect(answer).toEqual({
        code: 1000,
        msg: `unknown event "${event.slice(0, 32)}"`,
        data: null,
      });
      const refused = refusedSchema.parse(await socket.next('refused', () => true, { since }));
      expect(refused).toMatchObject({ event: event.slice(0, 32), code: 1000 });
    }
    // Without an acknowledgement the refusal still comes as `refused`.
    const since = socket.mark();
    socket.socket.emit('G');
    expect(await socket.next('refused', () => true, { since })).toMatchObject({ event: 'G' });

    testApp.modules.realtime.publishToUser(session.memberId, 'H', rejected);
    expect(await socket.next('H')).toEqual(rejected);
    expect(socket.socket.connected).toBe(true);
  });

  it('refuses a revoked token and can close every socket of a member', async () => {
    const { session } = await registerMember(testApp);
    const socket = await appSocket(authOf(session));
    const disconnected = new Promise<string>((resolve) =>
      socket.socket.once('disconnect', (reason) => resolve(reason)),
    );
    testApp.modules.realtime.closeSessionSockets({ userId: session.memberId, sessionId: null });
    expect(await disconnected).toBe('io server disconnect');

    const logout = await testApp.call('/app/api/member/logout', authOf(session));
    expect(logout.code).toBe(0);
    const refused = await connectRefused(url, { path, query: authOf(session) });
    expect(refused.data).toMatchObject({ code: 403 });
  });

  it('refuses account events it does not know, user ids that cannot be, and bad payloads', async () => {
    const { session } = await registerMember(testApp);
    const socket = await appSocket(authOf(session));
    const { publishToUser } = testApp.modules.realtime;
    expect(() => publishToUser(0, 'H', rejected)).toThrow(RangeError);
    expect(() => publishToUser(session.memberId, 'X' as 'H', rejected)).toThrow(RangeError);
    const badPayloads: [() => void, RegExp][] = [
      [() => publishToUser(session.memberId, 'H', { ...rejected, bs: 9 }), /bs: /],
      [() => publishToUser(session.memberId, 'H', { ...rejected, oi: 7 as never }), /oi: /],
      [() => publishToUser(session.memberId, 'J', { ...oddsMove, ico: 2 as never }), /ico: /],
      [() => publishToUser(session.memberId, 'J', { ...oddsMove, co: 0 }), /co: /],
      [
        () => publishToUser(session.memberId, 'balance', [{ ...balanceEntry, amount: 1.5 }]),
        /amount: /,
      ],
      [() => publishToUser(session.memberId, 'H', { ...rejected, extra: 1 } as never), /./],
    ];
    for (const [publish, message] of badPayloads) expect(publish).toThrow(message);
    await sleep(200);
    expect(socket.events).toEqual([]);
  });
});
