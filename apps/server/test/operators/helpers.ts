import { randomBytes } from 'node:crypto';
import type { OperatorRole, OperatorSession } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/database';
import { createAuditService } from '../../src/modules/operators/audit.service';
import { createOperatorAccounts } from '../../src/modules/operators/operator-accounts.service';
import { createOperatorRepository } from '../../src/modules/operators/operators.repository';
import { totpCodeAt } from '../../src/modules/operators/totp';
import { createMemoryCounterStore } from '../../src/platform/counter-store';
import type { TestApp } from '../test-app';

export type Answer<T = unknown> = { code: number; msg: string; data: T };

/** An operator a test created, with the secrets a person would hold. */
export interface TestOperator {
  operatorId: number;
  username: string;
  password: string;
  totpSecret: string;
}

/** A user name no other test has used. */
export function newOperatorName(prefix = 'op'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

let addressCounter = 0;
/** A caller address no other test has used, so per-address counts never carry across tests. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Creates an operator through the module's own service, as the CLI does. */
export async function createOperator(
  database: DatabaseHandle,
  roles: OperatorRole[],
  username = newOperatorName(),
): Promise<TestOperator> {
  const db = database.db;
  const accounts = createOperatorAccounts({
    db,
    repository: createOperatorRepository(db),
    audit: createAuditService({ db, now: () => new Date() }),
  });
  const created = await accounts.create({ username, roles }, { operatorId: null, reason: 'test' });
  if (!created?.generatedPassword) throw new Error(`operator ${username} was not created`);
  return {
    operatorId: created.operator.operatorId,
    username: created.operator.username,
    password: created.generatedPassword,
    totpSecret: created.totpSecret,
  };
}

/** Posts fields to a call, with an operator token as the bearer when given. */
export async function adminCall<T = unknown>(
  testApp: Pick<TestApp, 'app'>,
  path: string,
  options: { bearer?: string; fields?: Record<string, unknown>; ip?: string } = {},
): Promise<Answer<T>> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: path,
    payload: options.fields ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.bearer ? { authorization: `Bearer ${options.bearer}` } : {},
  });
  expect(response.statusCode, `${path} HTTP status`).toBe(200);
  return response.json();
}

/** The login fields for an operator at a moment, the code read from its authenticator. */
export function loginFields(operator: TestOperator, atMs: number, overrides = {}) {
  return {
    username: operator.username,
    password: hashPasswordForWire(operator.password),
    totp: totpCodeAt(operator.totpSecret, atMs),
    ...overrides,
  };
}

/** Signs an operator in and answers its session; fails the test on a refusal. */
export async function signIn(
  testApp: Pick<TestApp, 'app'>,
  operator: TestOperator,
  atMs: number,
  ip = freshIp(),
): Promise<OperatorSession> {
  const answer = await adminCall<OperatorSession>(testApp, '/admin/api/login', {
    fields: loginFields(operator, atMs),
    ip,
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data;
}

/** A new operator holding `roles`, signed in at `atMs`: its session token. */
export async function operatorToken(
  testApp: Pick<TestApp, 'app' | 'database'>,
  roles: OperatorRole[],
  atMs: number,
): Promise<string> {
  return (await signIn(testApp, await createOperator(testApp.database, roles), atMs)).token;
}

/**
 * A trader, a finance operator and an admin, each signed in at `atMs`: the back-office tests act
 * as one role and check that the others are refused or admitted.
 */
export async function roleTokens(
  testApp: Pick<TestApp, 'app' | 'database'>,
  atMs: number,
): Promise<{ trader: string; finance: string; admin: string }> {
  return {
    trader: await operatorToken(testApp, ['trader'], atMs),
    finance: await operatorToken(testApp, ['finance'], atMs),
    admin: await operatorToken(testApp, ['admin'], atMs),
  };
}

export function expectRefused(answer: Answer, code: number): void {
  expect(answer, answer.msg).toMatchObject({ code, data: null });
  expect(answer.msg).not.toBe('');
}

/** An app over a database the test opened itself (the CLI's, a server process's). */
export async function buildAppOver(database: DatabaseHandle): Promise<FastifyInstance> {
  return buildApp({
    config: {
      LOG_LEVEL: 'silent',
      PARTNER_SECRETS: new Map(),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: undefined,
      WEB_DIST_DIR: undefined,
    },
    database,
    counters: createMemoryCounterStore(),
  });
}
