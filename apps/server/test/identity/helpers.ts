import { randomBytes } from 'node:crypto';
import { type CallDefinition, memberCreateAccount, type Session } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { captchas, sessions, users } from '../../src/modules/identity/identity.schema';
import { partnerTokenUses } from '../../src/modules/identity/partner-token.schema';
import type { TestApp } from '../test-app';

export type Answer<T = unknown> = { code: number; msg: string; data: T };

/** A password as the client sends it (SPEC §5: double MD5). */
export const wirePassword = (plain: string) => hashPasswordForWire(plain);

/**
 * A nonce for a partner's claims: a token works once, and tokens signed alike within one second
 * would be one token (docs/identity.md, Partner authToken).
 */
export const partnerTokenNonce = () => randomBytes(8).toString('hex');

/** A fresh account name that fits the contract's rule (letter first, 6-16 characters). */
export function newAccountName(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

let addressCounter = 0;
/**
 * A caller address no other test has used: failed-login counts are kept per address and one
 * test app serves a whole file, so each test that fails logins calls from its own address.
 */
export function freshIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Asserts success and answers the data. */
export function expectOk<T>(answer: Answer<T>): T {
  expect(answer, answer.msg).toMatchObject({ code: 0, msg: 'success' });
  return answer.data;
}

/** Asserts a refusal with the given code and the envelope's null data. */
export function expectRefused(answer: Answer, code: number): void {
  expect(answer).toMatchObject({ code, data: null });
  expect(answer.msg).not.toBe('');
}

/**
 * Checks data against a call's contract output. zod drops keys a schema does not name, so
 * comparing the parsed value with the original also refuses fields the contract does not list.
 */
export function expectContractOutput<C extends CallDefinition>(definition: C, data: unknown) {
  const parsed = definition.output.parse(data);
  expect(parsed).toEqual(data);
  return parsed as ReturnType<C['output']['parse']>;
}

/** Registers a member and answers its session with the plain password used. */
export async function registerMember(
  testApp: TestApp,
  options: { account?: string; password?: string; ip?: string } = {},
) {
  const account = options.account ?? newAccountName();
  const password = options.password ?? `pw-${randomBytes(4).toString('hex')}`;
  const answer = await testApp.call<Session>(
    memberCreateAccount.path,
    { account, pwd: wirePassword(password) },
    options.ip,
  );
  const session = expectContractOutput(memberCreateAccount, expectOk(answer));
  return { account, password, session };
}

/** The token and uid fields a session call carries. */
export const authOf = (session: Pick<Session, 'uid' | 'token'>) => ({
  uid: session.uid,
  token: session.token,
});

/** Rows in the identity tables, to prove a refused call changed nothing. */
export async function countIdentityRows(testApp: TestApp) {
  const { db } = testApp.database;
  const [userCount] = await db.select({ rows: count() }).from(users);
  const [sessionCount] = await db.select({ rows: count() }).from(sessions);
  const [captchaCount] = await db.select({ rows: count() }).from(captchas);
  const [partnerTokenCount] = await db.select({ rows: count() }).from(partnerTokenUses);
  return {
    users: userCount?.rows ?? 0,
    sessions: sessionCount?.rows ?? 0,
    captchas: captchaCount?.rows ?? 0,
    partnerTokensUsed: partnerTokenCount?.rows ?? 0,
  };
}

/** A raw request, for encodings and statuses `call` does not cover; the body parsed as JSON. */
export async function inject(testApp: TestApp, options: InjectOptions) {
  const response = await testApp.app.inject(options);
  return { statusCode: response.statusCode, body: response.json() as Answer };
}

/** Form-encodes fields the way a browser's default POST does. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
