import { randomBytes } from 'node:crypto';
import {
  type BalanceEntry,
  type DepositRecord,
  depositList,
  memberCreateTryPlay,
  type Session,
  walletBalance,
} from '@sb/contract';
import { requireCurrency } from '@sb/domain';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { depositOrders, depositReceipts } from '../../src/modules/deposits/deposits.schema';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { callbackHeaders, signCallback } from '../../src/modules/payments/callback-signature';
import { authOf, expectOk, registerMember } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';

export const testSandboxSecret = 'deposits-test-sandbox-secret-0123456789abcdef';
export const sandboxCallbackPath = '/payments/sandbox/callback';

export interface DepositsTestApp extends TestApp {
  /** Moves the server's clock (not the test's) forward. */
  advanceClock(ms: number): void;
  /** The server's clock, in epoch milliseconds. */
  serverNow(): number;
}

/**
 * The real server on a fresh database, like createTestApp, with the payment settings a test
 * needs: blocks only when asked (interval 0) unless a test wants the timer, and a known sandbox
 * secret so tests can sign callbacks of their own.
 */
export async function createDepositsTestApp(
  options: { blockIntervalMs?: number; confirmations?: number } = {},
): Promise<DepositsTestApp> {
  let offsetMs = 0;
  const testApp = await createTestApp({
    config: {
      PAYMENT_SANDBOX_SECRET: testSandboxSecret,
      PAYMENT_SANDBOX_BLOCK_MS: options.blockIntervalMs ?? 0,
      PAYMENT_CONFIRMATIONS: options.confirmations ?? 3,
    },
    now: () => new Date(Date.now() + offsetMs),
  });
  return {
    ...testApp,
    advanceClock(ms) {
      offsetMs += ms;
    },
    serverNow: () => Date.now() + offsetMs,
  };
}

export type Answer<T = unknown> = { code: number; msg: string; data: T };

/** A new member and the fields its calls carry. */
export async function newMember(testApp: TestApp) {
  const { session } = await registerMember(testApp);
  return { session, auth: authOf(session) };
}

export async function newDemoMember(testApp: TestApp) {
  const session = expectOk(await testApp.call<Session>(memberCreateTryPlay.path));
  return { session, auth: authOf(session) };
}

/** The member's balance in a currency, minor units (0 when it holds none). */
export async function balanceOf(
  testApp: TestApp,
  auth: Record<string, string>,
  currencyCode: string,
): Promise<number> {
  const entries = expectOk(await testApp.call<BalanceEntry[]>(walletBalance.path, auth));
  return entries.find((entry) => entry.currencyCode === currencyCode)?.amount ?? 0;
}

export async function depositRecords(testApp: TestApp, auth: Record<string, string>) {
  return expectOk(
    await testApp.call<{ records: DepositRecord[]; total: number }>(depositList.path, {
      ...auth,
      size: 100,
    }),
  ).records;
}

/** Rows in the deposit tables, to prove a refused call changed nothing. */
export async function countDepositRows(testApp: TestApp) {
  const { db } = testApp.database;
  const [orders] = await db.select({ rows: count() }).from(depositOrders);
  const [receipts] = await db.select({ rows: count() }).from(depositReceipts);
  return { orders: orders?.rows ?? 0, receipts: receipts?.rows ?? 0 };
}

/** Asserts what `npm run ledger:check` asserts, over this test's database. */
export async function expectLedgerBalanced(testApp: TestApp): Promise<void> {
  const result = await checkLedger(testApp.database.db);
  expect(result).toMatchObject({
    ok: true,
    unbalancedTransactions: [],
    driftedAccounts: [],
    negativeAccounts: [],
  });
  expect(result.transactions).toBeGreaterThan(0);
}

/** Posts a callback body signed as given (the test secret, now, a fresh nonce by default). */
export async function sendCallback(
  testApp: DepositsTestApp,
  body: string,
  options: { secret?: string; timestampMs?: number; nonce?: string; signature?: string } = {},
) {
  const timestampMs = options.timestampMs ?? testApp.serverNow();
  const nonce = options.nonce ?? randomBytes(18).toString('base64url');
  const signature =
    options.signature ??
    signCallback(options.secret ?? testSandboxSecret, body, timestampMs, nonce);
  const response = await testApp.app.inject({
    method: 'POST',
    url: sandboxCallbackPath,
    headers: {
      'content-type': 'application/json',
      [callbackHeaders.timestamp]: String(timestampMs),
      [callbackHeaders.nonce]: nonce,
      [callbackHeaders.signature]: signature,
    },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Answer<{
    orderNo: string | null;
    status: number | null;
    isFinal: boolean;
  }>;
}

export const usdt = requireCurrency('USDT');
export const cny = requireCurrency('CNY');
export const brl = requireCurrency('BRL');

/** The sandbox payment id of a pay URL (`/sandbox/pay/{paymentId}?key=…`). */
export function paymentIdOf(payUrl: string): string {
  return new URL(payUrl, 'http://sandbox.test').pathname.split('/').pop() ?? '';
}

function payUrlWith(payUrl: string, fields: Record<string, string>): URL {
  const url = new URL(payUrl, 'http://sandbox.test');
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return url;
}

/** The pay URL with more query fields (`lang`), as the member site opens it. */
export function withQuery(payUrl: string, fields: Record<string, string>): string {
  const url = payUrlWith(payUrl, fields);
  return `${url.pathname}${url.search}`;
}

/**
 * The address a pay page's button posts to: the action after the payment, the pay URL's key
 * and any other fields (`lang`) in the query, as the page writes it.
 */
export function payButtonUrl(
  payUrl: string,
  action: 'complete' | 'fail',
  fields: Record<string, string> = {},
): string {
  const url = payUrlWith(payUrl, fields);
  return `${url.pathname}/${action}${url.search}`;
}

/** Presses a button on the sandbox pay page and answers the page. */
export async function pressPayButton(
  testApp: TestApp,
  payUrl: string,
  action: 'complete' | 'fail',
) {
  const response = await testApp.app.inject({ method: 'POST', url: payButtonUrl(payUrl, action) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  return response.body;
}
