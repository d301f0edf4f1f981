import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { realtimeOf } from '../../src/realtime/realtime.module';
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

  it("sends a member's account events to every socket of that member and no one else", async () => {
    const { session } = await registerMember(testApp);
    const other = await registerMember(testApp);
    const first = await appSocket(authOf(session));
    const second = await appSocket(authOf(session));
    const stranger = await appSocket(authOf(other.session));
    const publish = realtimeOf(testApp.app).publishToUser;

    const status = { orderNo: 'O1', oi: 7, bs: 2, mr: 4 };
    publish(session.memberId, 'H', status);
    publish(session.memberId, 'J', { oi: 7, co: 1.95, ico: 1 });
    publish(session.memberId, 'balance', { currencyId: 1 });
    for (const socket of [first, second]) {
      expect(await socket.next('H')).toEqual(status);
      expect(await socket.next('J')).toEqual({ oi: 7, co: 1.95, ico: 1 });
      await socket.next('balance');
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
    realtimeOf(testApp.app).publishToUser(row.id, 'balance', { amount: 1 });
    await sleep(200);
    expect(socket.events).toEqual([]);
  });

  it('refuses a revoked token and can close every socket of a member', async () => {
    const { session } = await registerMember(testApp);
    const socket = await appSocket(authOf(session));
    const disconnected = new Promise<string>((resolve) =>
      socket.socket.once('disconnect', (reason) => resolve(reason)),
    );
    realtimeOf(testApp.app).disconnectUser(session.memberId);
    expect(await disconnected).toBe('io server disconnect');

    const logout = await testApp.call('/app/api/member/logout', authOf(session));
    expect(logout.code).toBe(0);
    const refused = await connectRefused(url, { path, query: authOf(session) });
    expect(refused.data).toMatchObject({ code: 403 });
  });

  it('refuses account events it does not know and user ids that cannot be', () => {
    const { publishToUser } = realtimeOf(testApp.app);
    expect(() => publishToUser(0, 'H', {})).toThrow(RangeError);
    expect(() => publishToUser(1, 'X' as 'H', {})).toThrow(RangeError);
  });
});
