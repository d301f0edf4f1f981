import {
  type BalanceEntry,
  loanBorrow,
  loanRecordList,
  loanRepay,
  type Session,
} from '@sb/contract';
import { sql } from 'drizzle-orm';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { type Answer, authOf, registerMember } from '../identity/helpers';
import type { TestApp } from '../test-app';

/** The operator id tests act as when they set limits and switches. */
export const testOperatorId = 7;

export const cny = 1;
export const usdt = 10;

export type LoanAnswer = Answer<{
  record: {
    orderNo: string;
    type: number;
    amount: number;
    scale: number;
    currencyId: number;
    currencyCode: string;
    loanAmount: number;
    createTime: number;
  };
  balance: BalanceEntry;
} | null>;

export const enableLoans = (testApp: TestApp, isEnabled = true) =>
  testApp.modules.loans.setLoansEnabled(isEnabled, testOperatorId);

/** A new member, with a credit limit in CNY when one is given. */
export async function registerBorrower(testApp: TestApp, limitMinor?: number) {
  const { session } = await registerMember(testApp);
  if (limitMinor !== undefined)
    await testApp.modules.loans.setLoanLimit(session.memberId, cny, limitMinor, testOperatorId);
  return session;
}

export function borrow(
  testApp: TestApp,
  session: Session,
  fields: Record<string, unknown>,
): Promise<LoanAnswer> {
  return testApp.call(loanBorrow.path, { ...authOf(session), ...fields });
}

export function repay(
  testApp: TestApp,
  session: Session,
  fields: Record<string, unknown>,
): Promise<LoanAnswer> {
  return testApp.call(loanRepay.path, { ...authOf(session), ...fields });
}

export function loanRecords(testApp: TestApp, session: Session, fields = {}) {
  return testApp.call<{
    records: { orderNo: string; type: number; amount: number; currencyId: number }[];
    total: number;
    page: number;
    size: number;
  } | null>(loanRecordList.path, { ...authOf(session), ...fields });
}

export async function balanceOf(testApp: TestApp, session: Session, currencyId = cny) {
  const answer = await testApp.call<BalanceEntry[]>('/app/api/wallet/balance', authOf(session));
  const entry = answer.data.find((item) => item.currencyId === currencyId);
  if (!entry) throw new Error(`no balance entry for currency ${currencyId}`);
  return entry;
}

/** Money that arrives from outside (as a deposit would), so a member has more than they borrowed. */
export async function fund(testApp: TestApp, userId: number, amount: number, key: string) {
  await createLedger(testApp.database.db).transfer({
    idempotencyKey: key,
    kind: 'test_deposit',
    postings: [
      { account: { systemCode: 'deposits_in_transit', currencyId: cny }, amount: -amount },
      { account: { userId, bucket: 'main', currencyId: cny }, amount },
    ],
  });
}

/** Takes money out of a member's available balance (as a stake would). */
export async function spend(testApp: TestApp, userId: number, amount: number, key: string) {
  await createLedger(testApp.database.db).transfer({
    idempotencyKey: key,
    kind: 'test_stake',
    postings: [
      { account: { userId, bucket: 'main', currencyId: cny }, amount: -amount },
      { account: { systemCode: 'stakes_held', currencyId: cny }, amount },
    ],
  });
}

/** Rows in the loan and ledger tables, to prove a refused call changed nothing. */
export async function countMoneyRows(testApp: TestApp) {
  const result = (await testApp.database.db.execute(sql`
    select (select count(*) from loan_records)::int as records,
           (select count(*) from ledger_transactions)::int as transactions,
           (select coalesce(sum(outstanding), 0)::text from loan_accounts) as outstanding`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows[0];
}
