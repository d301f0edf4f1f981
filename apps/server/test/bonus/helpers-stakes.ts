import { orderStatus } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
} from '../../src/modules/ledger/ledger.schema';
import { orders } from '../../src/modules/orders/orders.schema';
import type { TestApp } from '../test-app';

/** Every posting of the transactions naming `reference`: kind, account and amount, in order. */
export async function postingsOf(testApp: TestApp, reference: string) {
  const rows = await testApp.database.db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      userId: ledgerAccounts.userId,
      bucket: ledgerAccounts.bucket,
      systemCode: ledgerAccounts.systemCode,
      amount: ledgerPostings.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerTransactions.reference, reference))
    .orderBy(ledgerTransactions.id, ledgerPostings.id);
  return rows.map((row) => ({
    transactionId: row.transactionId,
    kind: row.kind,
    account: row.userId === null ? (row.systemCode as string) : row.bucket,
    amount: row.amount,
  }));
}

/** What the transactions of `kinds` naming `reference` put on each account, summed. */
export async function netOf(testApp: TestApp, reference: string, kinds?: readonly string[]) {
  const sums: Record<string, number> = {};
  for (const posting of await postingsOf(testApp, reference))
    if (!kinds || kinds.includes(posting.kind))
      sums[posting.account] = (sums[posting.account] ?? 0) + posting.amount;
  return sums;
}

/** Every transaction naming `reference` balances on its own. */
export async function expectEachBalanced(testApp: TestApp, reference: string) {
  const byTransaction = new Map<number, number>();
  for (const posting of await postingsOf(testApp, reference))
    byTransaction.set(
      posting.transactionId,
      (byTransaction.get(posting.transactionId) ?? 0) + posting.amount,
    );
  for (const sum of byTransaction.values()) expect(sum).toBe(0);
}

/** The order's row. */
export async function orderRow(testApp: TestApp, orderNo: string) {
  const [row] = await testApp.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

/** Waits until the order leaves pending (a live bet's delay). */
export async function decidedRow(testApp: TestApp, orderNo: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await orderRow(testApp, orderNo);
    if (row.status !== orderStatus.pending) return row;
    if (Date.now() > until) throw new Error(`order ${orderNo} is still pending`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
