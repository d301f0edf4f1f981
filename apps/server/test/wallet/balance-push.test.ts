import type { BalanceEvent, Session } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { expectOk, registerMember } from '../identity/helpers';
import { borrow, cny, enableLoans, fund, testOperatorId } from '../loans/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { type BalanceSocket, connectBalanceSocket, sleep } from './balance-socket';

let testApp: TestApp;
let baseUrl: string;
const sockets: BalanceSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  await enableLoans(testApp);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp?.close();
});

/** Pushes to the member until the socket hears one. */
async function waitUntilInRoom(socket: BalanceSocket, userId: number): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await testApp.modules.wallet.notifyBalanceChanged(userId);
    try {
      await socket.next(200);
      return;
    } catch {
      // Not in the room yet: push again.
    }
  }
  throw new Error('the member socket never heard a balance push');
}

/** Takes what a socket hears until it has heard nothing for `quietMs`. */
async function untilQuiet(socket: BalanceSocket, quietMs = 300): Promise<void> {
  for (;;) {
    try {
      await socket.next(quietMs);
    } catch {
      return;
    }
  }
}

/**
 * Connected member sockets that have each heard a push already (with Redis, joining the member's
 * room finishes a moment after the connection, and a push sent before that is not heard), with
 * what they heard forgotten.
 */
async function listeningSockets(...sessions: Session[]): Promise<BalanceSocket[]> {
  const connected: BalanceSocket[] = [];
  for (const session of sessions) {
    const socket = await connectBalanceSocket(baseUrl, session);
    sockets.push(socket);
    connected.push(socket);
    await waitUntilInRoom(socket, session.memberId);
  }
  // Pushes sent while waiting may still be under way (through Redis, a loaded machine delays
  // them): forget what was heard only once each socket has heard nothing for a while.
  for (const socket of connected) await untilQuiet(socket);
  for (const socket of connected) socket.forget();
  return connected;
}

async function listeningSocket(session: Session): Promise<BalanceSocket> {
  const [socket] = await listeningSockets(session);
  if (!socket) throw new Error('no socket');
  return socket;
}

const entryOf = (event: BalanceEvent, currencyId = cny) =>
  event.find((entry) => entry.currencyId === currencyId);

describe('balance pushes on /app/socket', () => {
  it("send a borrower's new balances to every socket of theirs and to no one else", async () => {
    const { session } = await registerMember(testApp);
    const stranger = await registerMember(testApp);
    await testApp.modules.loans.setLoanLimit(session.memberId, cny, 50_000, testOperatorId);
    const [first, second, strangerSocket] = await listeningSockets(
      session,
      session,
      stranger.session,
    );
    if (!first || !second || !strangerSocket) throw new Error('sockets missing');

    expectOk(await borrow(testApp, session, { amount: 20_000 }));
    for (const socket of [first, second]) {
      expect(entryOf(await socket.next())).toMatchObject({
        amount: 20_000,
        creditAmount: 50_000,
        loanAmount: 20_000,
        showAmount: '200.00',
      });
    }
    await sleep(200);
    expect(strangerSocket.events).toEqual([]);
  });

  it('send what the balance call answers, when another module moves money and asks', async () => {
    const { session } = await registerMember(testApp);
    const socket = await listeningSocket(session);
    await fund(testApp, session.memberId, 12_345, `push-fund-${session.memberId}`);
    void testApp.modules.wallet.notifyBalanceChanged(session.memberId);
    const pushed = await socket.next();
    const answered = expectOk(
      await testApp.call<BalanceEvent>('/app/api/wallet/balance', {
        uid: session.uid,
        token: session.token,
      }),
    );
    expect(pushed).toEqual(answered);
    expect(entryOf(pushed)?.amount).toBe(12_345);
  });

  it('merge a burst of movements and end with the state after the last one', async () => {
    const { session } = await registerMember(testApp);
    const socket = await listeningSocket(session);
    const ledger = createLedger(testApp.database.db);
    for (let index = 1; index <= 15; index += 1) {
      await ledger.transfer({
        idempotencyKey: `burst-${session.memberId}-${index}`,
        kind: 'test_deposit',
        postings: [
          { account: { systemCode: 'deposits_in_transit', currencyId: cny }, amount: -index },
          { account: { userId: session.memberId, bucket: 'main', currencyId: cny }, amount: index },
        ],
      });
    }
    const wallet = testApp.modules.wallet;
    await Promise.all(
      Array.from({ length: 15 }, () => wallet.notifyBalanceChanged(session.memberId)),
    );
    const last = await socket.next();
    await sleep(200);
    expect(socket.events.length).toBeGreaterThanOrEqual(1);
    expect(socket.events.length).toBeLessThanOrEqual(2);
    expect(entryOf(socket.events.at(-1) ?? last)?.amount).toBe(120);
  });

  it('tell a member at once when an operator changes their credit limit', async () => {
    const { session } = await registerMember(testApp);
    const socket = await listeningSocket(session);
    await testApp.modules.loans.setLoanLimit(session.memberId, cny, 77_700, testOperatorId);
    expect(entryOf(await socket.next())).toMatchObject({ creditAmount: 77_700, loanAmount: 0 });
  });

  it('never reject into the caller, even for a user that does not exist', async () => {
    await expect(testApp.modules.wallet.notifyBalanceChanged(987_654_321)).resolves.toBeUndefined();
    await expect(testApp.modules.wallet.notifyBalanceChanged(-1)).resolves.toBeUndefined();
  });
});
