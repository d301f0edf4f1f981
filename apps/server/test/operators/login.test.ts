import { errorCatalogue, type OperatorSession, operatorLogin, operatorMe } from '@sb/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions, operators } from '../../src/modules/operators/operators.schema';
import { sha256Hex } from '../../src/platform/secrets';
import { createTestApp, type TestApp } from '../test-app';
import {
  adminCall,
  createOperator,
  expectRefused,
  freshIp,
  loginFields,
  newOperatorName,
  signIn,
} from './helpers';

/** The limits this suite pins as numbers, so changing them in the code fails here. */
const attemptsPerUsername = 5;
const failuresPerAddress = 20;
/** A well-formed password hash no operator has. */
const wrongPassword = '0'.repeat(32);
const failed = errorCatalogue.OPERATOR_LOGIN_FAILED.code;
const locked = errorCatalogue.OPERATOR_LOGIN_LOCKED.code;

/** A clock the tests move; the server reads it through `now`, codes are made from it. */
let clock = Date.parse('2030-01-01T00:00:10Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => testApp.close());

const login = (fields: Record<string, unknown>, ip = freshIp()) =>
  adminCall<OperatorSession>(testApp, operatorLogin.path, { fields, ip });

async function sessionCount(operatorId: number): Promise<number> {
  const [row] = await testApp.database.db
    .select({ sessions: count() })
    .from(operatorSessions)
    .where(eq(operatorSessions.operatorId, operatorId));
  return row?.sessions ?? 0;
}

describe('operator login', () => {
  it('signs in with the right password and code, answering a bearer token', async () => {
    const operator = await createOperator(testApp.database, ['finance', 'support']);
    const answer = await login(loginFields(operator, clock));
    expect(answer.code, answer.msg).toBe(0);
    expect(operatorLogin.output.parse(answer.data)).toEqual(answer.data);
    expect(answer.data).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: clock + 24 * 3_600_000,
      idleTimeoutMs: 8 * 3_600_000,
      operator: {
        operatorId: operator.operatorId,
        username: operator.username,
        roles: ['finance', 'support'],
      },
    });
    const me = await adminCall(testApp, operatorMe.path, { bearer: answer.data.token });
    expect(me).toMatchObject({ code: 0, data: { username: operator.username } });

    const [session] = await testApp.database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operator.operatorId));
    expect(session?.tokenHash).toBe(sha256Hex(answer.data.token));
    const [row] = await testApp.database.db
      .select()
      .from(operators)
      .where(eq(operators.id, operator.operatorId));
    expect(row?.lastLoginAt?.getTime()).toBe(clock);
  });

  it('accepts the user name in any case', async () => {
    const operator = await createOperator(testApp.database, ['trader']);
    const answer = await login(
      loginFields(operator, clock, { username: ` ${operator.username.toUpperCase()} ` }),
    );
    expect(answer.code, answer.msg).toBe(0);
  });

  it('answers a wrong password, a wrong code and an unknown name alike, creating nothing', async () => {
    const operator = await createOperator(testApp.database, ['admin']);
    const right = loginFields(operator, clock);
    const wrongCode = String((Number(right.totp) + 1) % 1_000_000).padStart(6, '0');
    const answers = [
      await login({ ...right, password: wrongPassword }),
      await login({ ...right, totp: wrongCode }),
      await login({ ...right, username: newOperatorName() }),
    ];
    for (const answer of answers) expectRefused(answer, failed);
    expect(new Set(answers.map((answer) => answer.msg)).size).toBe(1);
    expect(await sessionCount(operator.operatorId)).toBe(0);
    // The refusals did not use the code up: it still signs in.
    expect((await login(right)).code).toBe(0);
  });

  it("accepts the code of the step before or after the server's, not two steps away", async () => {
    const early = await createOperator(testApp.database, ['support']);
    expect((await login(loginFields(early, clock - 30_000))).code).toBe(0);
    const late = await createOperator(testApp.database, ['support']);
    expect((await login(loginFields(late, clock + 30_000))).code).toBe(0);
    const stale = await createOperator(testApp.database, ['support']);
    expectRefused(await login(loginFields(stale, clock - 60_000)), failed);
    expectRefused(await login(loginFields(stale, clock + 60_000)), failed);
  });

  it('never takes a code twice, even while it is still inside the window', async () => {
    const operator = await createOperator(testApp.database, ['finance']);
    const fields = loginFields(operator, clock);
    expect((await login(fields)).code).toBe(0);
    expectRefused(await login(fields), failed);
    clock += 30_000;
    // The old code is now the previous step's, which the window would still accept.
    expectRefused(await login(fields), failed);
    expect((await login(loginFields(operator, clock))).code).toBe(0);
    expect(await sessionCount(operator.operatorId)).toBe(2);
  });

  it('lets exactly one of many simultaneous sign-ins with one code through', async () => {
    const operator = await createOperator(testApp.database, ['finance']);
    const fields = loginFields(operator, clock);
    const answers = await Promise.all(
      Array.from({ length: attemptsPerUsername }, () => login(fields)),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === failed)).toHaveLength(
      attemptsPerUsername - 1,
    );
    expect(await sessionCount(operator.operatorId)).toBe(1);
  });

  it('refuses a disabled operator once its factors are right, and ends its sessions', async () => {
    const operator = await createOperator(testApp.database, ['admin']);
    const session = await signIn(testApp, operator, clock);
    await testApp.database.db
      .update(operators)
      .set({ disabledAt: new Date(clock) })
      .where(eq(operators.id, operator.operatorId));
    expectRefused(
      await adminCall(testApp, operatorMe.path, { bearer: session.token }),
      errorCatalogue.OPERATOR_SESSION_INVALID.code,
    );
    clock += 30_000;
    expectRefused(await login(loginFields(operator, clock)), errorCatalogue.OPERATOR_DISABLED.code);
    clock += 30_000;
    expectRefused(
      await login({ ...loginFields(operator, clock), password: wrongPassword }),
      failed,
    );
  });

  it.each([
    [{ totp: undefined }, 'totp'],
    [{ totp: '12345' }, 'totp'],
    [{ totp: '12a456' }, 'totp'],
    [{ password: 'plain-text' }, 'password'],
    [{ username: 'x' }, 'username'],
    [{ role: 'admin' }, 'unknown field "role"'],
  ])('refuses %j naming %s, and creates no session', async (override, field) => {
    const operator = await createOperator(testApp.database, ['admin']);
    const answer = await login(loginFields(operator, clock, override));
    expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
    expect(answer.msg).toContain(field);
    expect(await sessionCount(operator.operatorId)).toBe(0);
  });
});

describe('operator login limits', () => {
  /** Attempts with a wrong password and code for a user name, one after another, from one address. */
  async function failLogins(username: string, ip: string, times: number) {
    const answers = [];
    for (let attempt = 0; attempt < times; attempt += 1)
      answers.push(await login({ username, password: wrongPassword, totp: '000000' }, ip));
    return answers;
  }

  it('locks a user name after five attempts, then refuses even the right password and code', async () => {
    const operator = await createOperator(testApp.database, ['admin']);
    const failures = await failLogins(operator.username, freshIp(), attemptsPerUsername);
    for (const answer of failures) expectRefused(answer, failed);
    expectRefused(await login(loginFields(operator, clock)), locked);
    expect(await sessionCount(operator.operatorId)).toBe(0);
  });

  it('locks an unknown user name the same way, so the lock tells nothing about names', async () => {
    const answers = await failLogins(newOperatorName(), freshIp(), attemptsPerUsername + 1);
    expect(answers.map((answer) => answer.code)).toEqual([
      ...Array(attemptsPerUsername).fill(failed),
      locked,
    ]);
  });

  it('gives a burst of parallel guesses exactly the allowed number of tries', async () => {
    const operator = await createOperator(testApp.database, ['admin']);
    const wrong = { ...loginFields(operator, clock), password: wrongPassword };
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(wrong)));
    expect(answers.filter((answer) => answer.code === failed)).toHaveLength(attemptsPerUsername);
    expect(answers.filter((answer) => answer.code === locked)).toHaveLength(
      12 - attemptsPerUsername,
    );
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const operator = await createOperator(testApp.database, ['admin']);
    const ip = freshIp();
    await failLogins(operator.username, ip, attemptsPerUsername - 1);
    expect((await login(loginFields(operator, clock), ip)).code).toBe(0);
    await failLogins(operator.username, ip, attemptsPerUsername - 1);
    clock += 30_000;
    expect((await login(loginFields(operator, clock), ip)).code).toBe(0);
  });

  it('locks an address after twenty failures over any names, and only that address', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < failuresPerAddress; attempt += 1) {
      const [answer] = await failLogins(newOperatorName(), ip, 1);
      expect(answer?.code).toBe(failed);
    }
    const operator = await createOperator(testApp.database, ['admin']);
    expectRefused(await login(loginFields(operator, clock), ip), locked);
    expect((await login(loginFields(operator, clock), freshIp())).code).toBe(0);
  });
});
