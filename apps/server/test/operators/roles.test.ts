import {
  auditList,
  defineCall,
  errorCatalogue,
  memberProfile,
  type OperatorRole,
  operatorHasAnyRole,
  operatorMe,
  visitorCreate,
  walletBalance,
} from '@sb/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerCall } from '../../src/http/register-call';
import { operators } from '../../src/modules/operators/operators.schema';
import { authOf, registerMember } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { adminCall, createOperator, expectRefused, signIn } from './helpers';

const codes = {
  memberTokenRefused: errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code,
  notPermitted: errorCatalogue.OPERATOR_NOT_PERMITTED.code,
  sessionInvalid: errorCatalogue.OPERATOR_SESSION_INVALID.code,
  tokenInvalid: errorCatalogue.TOKEN_INVALID.code,
};

/** Back-office calls that exist only in this test, to try role lists the real calls lack. */
const whoAmI = z.object({ operatorId: z.number(), ip: z.string() });
const financeOnly = defineCall({
  path: '/admin/api/test/finance-only',
  auth: { operator: ['finance'] },
  tag: 'test',
  summary: 'finance only',
  input: z.object({}),
  output: whoAmI,
});
const financeOrTrader = defineCall({
  path: '/admin/api/test/finance-or-trader',
  auth: { operator: ['finance', 'trader'] },
  tag: 'test',
  summary: 'finance or trader',
  input: z.object({}),
  output: whoAmI,
});

const clock = Date.parse('2030-05-01T10:00:05Z');
let testApp: TestApp;
/** A token per role set, signed in once for the whole file. */
const tokens = new Map<string, string>();
let memberToken: { uid: string; token: string };
let visitorToken: string;

async function tokenFor(roles: OperatorRole[]): Promise<string> {
  const operator = await createOperator(testApp.database, roles);
  return (await signIn(testApp, operator, clock)).token;
}

beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
  // Members never reach these handlers, so the member authenticator is not needed here.
  for (const definition of [financeOnly, financeOrTrader]) {
    registerCall(
      testApp.app,
      async () => null,
      definition,
      async (_input, context) => ({
        operatorId: context.operator?.operatorId ?? 0,
        ip: context.ip,
      }),
    );
  }
  for (const roles of [['admin'], ['finance'], ['trader'], ['support'], ['support', 'trader']])
    tokens.set(roles.join('+'), await tokenFor(roles as OperatorRole[]));
  memberToken = authOf((await registerMember(testApp)).session);
  const visitor = await testApp.call<{ token: string }>(visitorCreate.path);
  visitorToken = visitor.data.token;
});
afterAll(() => testApp.close());

const tokenOf = (roles: string) => tokens.get(roles) as string;

describe('who may make which call', () => {
  it.each([
    ['admin', financeOnly.path, 0],
    ['finance', financeOnly.path, 0],
    ['trader', financeOnly.path, codes.notPermitted],
    ['support', financeOnly.path, codes.notPermitted],
    ['admin', financeOrTrader.path, 0],
    ['finance', financeOrTrader.path, 0],
    ['trader', financeOrTrader.path, 0],
    ['support', financeOrTrader.path, codes.notPermitted],
    ['support+trader', financeOrTrader.path, 0],
    ['admin', auditList.path, 0],
    ['finance', auditList.path, codes.notPermitted],
    ['support+trader', auditList.path, codes.notPermitted],
    ['support', operatorMe.path, 0],
  ])('an operator with %s calling %s answers %d', async (roles, path, code) => {
    const answer = await adminCall(testApp, path, { bearer: tokenOf(roles) });
    expect(answer.code, answer.msg).toBe(code);
    if (code !== 0) expectRefused(answer, code);
  });

  it('hands the operator to the handler', async () => {
    const answer = await adminCall<{ operatorId: number }>(testApp, financeOnly.path, {
      bearer: tokenOf('finance'),
    });
    const me = await adminCall<{ operatorId: number }>(testApp, operatorMe.path, {
      bearer: tokenOf('finance'),
    });
    expect(answer.data.operatorId).toBe(me.data.operatorId);
  });

  it("applies a change of the operator's roles from its next call", async () => {
    const operator = await createOperator(testApp.database, ['support']);
    const { token } = await signIn(testApp, operator, clock);
    expectRefused(await adminCall(testApp, auditList.path, { bearer: token }), codes.notPermitted);
    await testApp.database.db
      .update(operators)
      .set({ roles: ['admin'] })
      .where(eq(operators.id, operator.operatorId));
    expect((await adminCall(testApp, auditList.path, { bearer: token })).code).toBe(0);
  });

  it("refuses a member's or a visitor's token on a back-office call, wherever it is sent", async () => {
    for (const path of [operatorMe.path, auditList.path]) {
      expectRefused(
        await adminCall(testApp, path, { fields: memberToken }),
        codes.memberTokenRefused,
      );
      expectRefused(
        await adminCall(testApp, path, { bearer: memberToken.token }),
        codes.memberTokenRefused,
      );
      expectRefused(
        await adminCall(testApp, path, { fields: { token: visitorToken } }),
        codes.memberTokenRefused,
      );
    }
  });

  it("refuses an operator's token on member and session calls, wherever it is sent", async () => {
    const operatorToken = tokenOf('admin');
    for (const path of [walletBalance.path, memberProfile.path]) {
      expectRefused(
        await adminCall(testApp, path, { fields: { token: operatorToken } }),
        codes.tokenInvalid,
      );
      expectRefused(await adminCall(testApp, path, { bearer: operatorToken }), codes.tokenInvalid);
    }
    // The member's own call still works beside an operator's bearer header.
    const answer = await adminCall(testApp, memberProfile.path, {
      fields: memberToken,
      bearer: operatorToken,
    });
    expect(answer.code, answer.msg).toBe(0);
  });
});

describe('operatorHasAnyRole', () => {
  it.each([
    [['admin'], ['finance'], true],
    [['admin'], ['admin'], true],
    [['finance'], [], true],
    [['finance'], ['finance', 'trader'], true],
    [['support'], ['finance', 'trader'], false],
    [['finance', 'support'], ['admin'], false],
  ] as [OperatorRole[], OperatorRole[], boolean][])(
    '%j against %j is %s',
    (held, required, isAllowed) => {
      expect(operatorHasAnyRole(held, required)).toBe(isAllowed);
    },
  );
});

describe('registering a back-office call', () => {
  it('refuses a sealed response, which would need a member token', () => {
    const sealed = defineCall({
      ...financeOnly,
      path: '/admin/api/test/sealed',
      sealedResponse: true,
    });
    expect(() =>
      registerCall(
        Fastify(),
        async () => null,
        sealed,
        async () => ({ operatorId: 0, ip: '' }),
      ),
    ).toThrow(/sealed/);
  });
});
