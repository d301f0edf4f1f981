import { errorCatalogue, operatorLogout, operatorMe } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions } from '../../src/modules/operators/operators.schema';
import { createTestApp, type TestApp } from '../test-app';
import { adminCall, createOperator, expectRefused, signIn } from './helpers';

const hourMs = 3_600_000;
const sessionInvalid = errorCatalogue.OPERATOR_SESSION_INVALID.code;

let clock = Date.parse('2030-03-01T08:00:05Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => testApp.close());

const me = (token: string) => adminCall(testApp, operatorMe.path, { bearer: token });

/** Signs a fresh operator in at the current clock and answers the token. */
async function freshSession(): Promise<{ token: string; operatorId: number }> {
  const operator = await createOperator(testApp.database, ['support']);
  const session = await signIn(testApp, operator, clock);
  return { token: session.token, operatorId: operator.operatorId };
}

describe('operator sessions', () => {
  it('answers the operator, its roles and the end of its session', async () => {
    const operator = await createOperator(testApp.database, ['trader', 'finance']);
    const session = await signIn(testApp, operator, clock);
    const answer = await me(session.token);
    expect(answer).toMatchObject({ code: 0, msg: 'success' });
    expect(operatorMe.output.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toEqual({
      operatorId: operator.operatorId,
      username: operator.username,
      roles: ['trader', 'finance'],
      expiresAt: clock + 24 * hourMs,
    });
  });

  it('takes the token from a GET with the bearer header too', async () => {
    const { token } = await freshSession();
    const response = await testApp.app.inject({
      method: 'GET',
      url: operatorMe.path,
      headers: { authorization: `bearer ${token}` },
    });
    expect(response.json()).toMatchObject({ code: 0 });
  });

  it('ends after eight hours without a call', async () => {
    const { token } = await freshSession();
    clock += 8 * hourMs - 1_000;
    expect((await me(token)).code).toBe(0);
    clock += 8 * hourMs + 1_000;
    expectRefused(await me(token), sessionInvalid);
  });

  it('stays alive while used, but never beyond 24 hours from sign-in', async () => {
    const { token } = await freshSession();
    for (let hours = 7; hours < 24; hours += 7) {
      clock += 7 * hourMs;
      expect((await me(token)).code, `after ${hours} h`).toBe(0);
    }
    clock += 3 * hourMs + 1_000;
    expectRefused(await me(token), sessionInvalid);
  });

  it('writes activity at most once a minute', async () => {
    const { token, operatorId } = await freshSession();
    const lastSeen = async () => {
      const [row] = await testApp.database.db
        .select({ lastSeenAt: operatorSessions.lastSeenAt })
        .from(operatorSessions)
        .where(eq(operatorSessions.operatorId, operatorId));
      return row?.lastSeenAt.getTime();
    };
    const signedInAt = clock;
    clock += 30_000;
    await me(token);
    expect(await lastSeen()).toBe(signedInAt);
    clock += 31_000;
    await me(token);
    expect(await lastSeen()).toBe(clock);
  });

  it('revokes the token at logout, and only that one', async () => {
    const operator = await createOperator(testApp.database, ['admin']);
    const first = await signIn(testApp, operator, clock);
    clock += 30_000;
    const second = await signIn(testApp, operator, clock);
    const answer = await adminCall(testApp, operatorLogout.path, { bearer: first.token });
    expect(answer).toEqual({ code: 0, msg: 'success', data: null });
    expectRefused(await me(first.token), sessionInvalid);
    expectRefused(
      await adminCall(testApp, operatorLogout.path, { bearer: first.token }),
      sessionInvalid,
    );
    expect((await me(second.token)).code).toBe(0);
  });

  it('refuses a missing, malformed or unknown bearer token', async () => {
    expectRefused(await adminCall(testApp, operatorMe.path), sessionInvalid);
    expectRefused(await me('not-a-token'), sessionInvalid);
    expectRefused(await me('x'.repeat(500)), sessionInvalid);
    const response = await testApp.app.inject({
      method: 'POST',
      url: operatorMe.path,
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
      payload: {},
    });
    expectRefused(response.json(), sessionInvalid);
  });
});
