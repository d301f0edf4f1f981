import {
  allCalls,
  type CallDefinition,
  errorCatalogue,
  isOperatorAuth,
  type OperatorRole,
  operatorHasAnyRole,
  operatorLogout,
  operatorRoles,
  visitorCreate,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { adminCall, createOperator, expectRefused, signIn } from './helpers';

/**
 * Every call of the contract against every kind of caller it must refuse: back-office calls
 * against no credentials, member and visitor tokens (in the fields or as the bearer) and each
 * operator role the call does not admit; member and session calls against operator tokens.
 * The refusal comes before the call's fields are read, so empty fields are enough.
 */
const codes = {
  memberTokenRefused: errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code,
  notPermitted: errorCatalogue.OPERATOR_NOT_PERMITTED.code,
  sessionInvalid: errorCatalogue.OPERATOR_SESSION_INVALID.code,
  tokenInvalid: errorCatalogue.TOKEN_INVALID.code,
  loginRequired: errorCatalogue.LOGIN_REQUIRED.code,
};
const authCodes = new Set<number>(Object.values(codes));

const backOfficeCalls = allCalls.filter((call) => isOperatorAuth(call.auth));
const memberCalls = allCalls.filter((call) => call.auth === 'member' || call.auth === 'session');

const clock = Date.parse('2030-05-01T10:00:05Z');
let testApp: TestApp;
const roleTokens = new Map<OperatorRole, string>();
let member: { uid: string; token: string };
let visitorToken: string;
/** Cells of the matrix checked, for the summary at the end. */
let cells = 0;

async function expectCode(path: string, options: Parameters<typeof adminCall>[2], code: number) {
  expectRefused(await adminCall(testApp, path, options), code);
  cells += 1;
}

beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
  for (const role of operatorRoles) {
    const operator = await createOperator(testApp.database, [role]);
    roleTokens.set(role, (await signIn(testApp, operator, clock)).token);
  }
  member = authOf((await registerMember(testApp)).session);
  visitorToken = (await testApp.call<{ token: string }>(visitorCreate.path)).data.token;
});
afterAll(async () => {
  console.info(`authorization matrix: ${cells} cells checked`);
  await testApp.close();
});

describe('every back-office call', () => {
  it('is more than a handful, each one of them registered', () => {
    expect(backOfficeCalls.length).toBeGreaterThan(25);
    for (const call of backOfficeCalls)
      expect(testApp.app.hasRoute({ method: 'POST', url: call.path }), call.path).toBe(true);
  });

  it.each(backOfficeCalls.map((call) => [call.path, call] as const))(
    '%s refuses no credentials, member and visitor tokens, and roles it does not admit',
    async (path, call: CallDefinition) => {
      await expectCode(path, {}, codes.sessionInvalid);
      await expectCode(path, { bearer: 'not-a-session-token' }, codes.sessionInvalid);
      await expectCode(path, { fields: member }, codes.memberTokenRefused);
      await expectCode(path, { bearer: member.token }, codes.memberTokenRefused);
      await expectCode(path, { fields: { token: visitorToken } }, codes.memberTokenRefused);
      const required = isOperatorAuth(call.auth) ? call.auth.operator : [];
      for (const role of operatorRoles) {
        const bearer = roleTokens.get(role) as string;
        if (!operatorHasAnyRole([role], required)) {
          await expectCode(path, { bearer }, codes.notPermitted);
          continue;
        }
        // Signing out would end the session the rest of the matrix uses: it is tried last.
        if (path === operatorLogout.path) continue;
        // Admitted: whatever the answer (most calls refuse empty fields), it is not about who.
        const answer = await adminCall(testApp, path, { bearer });
        expect(authCodes.has(answer.code), `${role} on ${path}: ${answer.msg}`).toBe(false);
        cells += 1;
      }
    },
  );
});

describe('every member and session call', () => {
  it('is more than a handful', () => {
    expect(memberCalls.length).toBeGreaterThan(50);
  });

  it.each(memberCalls.map((call) => [call.path, call] as const))(
    '%s refuses operator tokens wherever they are sent, and no token',
    async (path, call: CallDefinition) => {
      await expectCode(path, {}, codes.tokenInvalid);
      for (const role of operatorRoles) {
        const operatorToken = roleTokens.get(role) as string;
        await expectCode(path, { fields: { token: operatorToken } }, codes.tokenInvalid);
        await expectCode(path, { bearer: operatorToken }, codes.tokenInvalid);
      }
      if (call.auth === 'member')
        await expectCode(path, { fields: { token: visitorToken } }, codes.loginRequired);
    },
  );
});

describe('signing out', () => {
  it('ends the session for every back-office call', async () => {
    const bearer = roleTokens.get('admin') as string;
    expect((await adminCall(testApp, operatorLogout.path, { bearer })).code).toBe(0);
    for (const call of backOfficeCalls)
      await expectCode(call.path, { bearer }, codes.sessionInvalid);
  });
});
