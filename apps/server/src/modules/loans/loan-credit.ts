import type { Database } from '../../db/database';
import { prepareCreditLinesRead } from './loans.repository';

/** A member's credit in one currency as the balance entry and the session show it. */
export interface CreditLine {
  /** The credit limit, minor units; 0 while loans are off. */
  creditAmount: number;
  /** What the member owes, minor units; shown even while loans are off. */
  loanAmount: number;
}

export const noCredit: CreditLine = { creditAmount: 0, loanAmount: 0 };

type CreditRow = Awaited<ReturnType<ReturnType<typeof prepareCreditLinesRead>['ofMember']>>[number];

/**
 * Reads members' credit lines for the wallet's balances and identity's session, without caching:
 * one indexed query per read, so a limit an operator changes shows at once on every process.
 */
export function createCreditReader(db: Database) {
  const readCreditLines = prepareCreditLinesRead(db);
  const lineOf = (row: CreditRow): CreditLine => ({
    creditAmount: row.loansEnabled ? row.creditLimit : 0,
    loanAmount: row.outstanding,
  });

  async function creditLinesOf(userId: number): Promise<Map<number, CreditLine>> {
    const rows = await readCreditLines.ofMember(userId);
    return new Map(rows.map((row) => [row.currencyId, lineOf(row)]));
  }

  return {
    creditLinesOf,

    /** The credit lines of several members in one read, by user id (none for a member without). */
    async creditLinesOfMembers(
      userIds: readonly number[],
    ): Promise<Map<number, Map<number, CreditLine>>> {
      const byMember = new Map<number, Map<number, CreditLine>>();
      for (const row of await readCreditLines.ofMembers(userIds)) {
        const lines = byMember.get(row.userId) ?? new Map<number, CreditLine>();
        lines.set(row.currencyId, lineOf(row));
        byMember.set(row.userId, lines);
      }
      return byMember;
    },
    async creditLineOf(userId: number, currencyId: number): Promise<CreditLine> {
      return (await creditLinesOf(userId)).get(currencyId) ?? noCredit;
    },
  };
}

export type CreditReader = ReturnType<typeof createCreditReader>;
