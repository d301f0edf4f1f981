import { depositCreate } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import {
  createDepositsTestApp,
  type DepositsTestApp,
  newMember,
  pressPayButton,
} from '../deposits/helpers';
import { expectOk } from '../identity/helpers';
import { cny, createWithdrawal, readyMember } from '../withdrawals/helpers';
import { type BalanceSocket, connectBalanceSocket } from './balance-socket';

/**
 * Money that moves through the deposit and withdrawal paths reaches the member's /app/socket as a
 * `balance` push once it has committed, with the balances as the wallet call would answer them.
 */

let testApp: DepositsTestApp;
let baseUrl: string;
const sockets: BalanceSocket[] = [];

beforeAll(async () => {
  testApp = await createDepositsTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp?.close();
});

/** A member's socket that has already heard one push, so it is surely in the member's room. */
async function listening(
  session: { token: string; uid: string },
  userId: number,
): Promise<BalanceSocket> {
  const socket = await connectBalanceSocket(baseUrl, session);
  sockets.push(socket);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await testApp.modules.wallet.notifyBalanceChanged(userId);
    try {
      await socket.next(200);
      socket.forget();
      return socket;
    } catch {
      // Not in the room yet: push again.
    }
  }
  throw new Error('the member socket never heard a balance push');
}

describe('balance pushes after money moves', () => {
  it('follows a hosted deposit that the payer completes', async () => {
    const member = await newMember(testApp);
    const [row] = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.uid, member.session.uid));
    if (!row) throw new Error('member row missing');
    const socket = await listening(member.session, row.id);
    const payUrl = expectOk(
      await testApp.call<string>(depositCreate.path, {
        ...member.auth,
        scale: 2,
        payTypeId: 301,
        amount: 12_345,
      }),
    );
    await pressPayButton(testApp, payUrl, 'complete');
    const pushed = await socket.next();
    expect(pushed.find((entry) => entry.currencyCode === 'CNY')).toMatchObject({
      amount: 12_345,
      frozen: 0,
    });
  });

  it('follows a withdrawal freezing funds', async () => {
    const member = await readyMember(testApp, 100_000);
    const socket = await listening(member.session, member.userId);
    expectOk(await createWithdrawal(testApp, member, { amount: 30_000 }));
    const pushed = await socket.next();
    expect(pushed.find((entry) => entry.currencyId === cny.currencyId)).toMatchObject({
      amount: 100_000,
      frozen: 30_000,
    });
  });
});
