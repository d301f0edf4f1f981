import type { Database } from '../../db/database';
import { createLoanRepository } from './loans.repository';

/** A member's credit in one currency as the balance entry and the session show it. */
export interface CreditLine {
  /** The credit limit, minor units; 0 while loans are off. */
  creditAmount: number;
  /** What the member owes, minor units; shown even while loans are off. */
  loanAmount: number;
}

export const noCredit: CreditLine = { creditAmount: 0, loanAmount: 0 };

/**
 * Reads members' credit lines for the wallet's balances and identity's session, without caching:
 * one indexed query per read, so a limit an operator changes shows at once on every process.
 */
export function createCreditReader(db: Database) {
  const repository = createLoanRepository(db);

  async function creditLinesOf(userId: number): Promise<Map<number, CreditLine>> {
    const rows = await repository.readCreditLines(userId);
    return new Map(
      rows.map((row) => [
        row.currencyId,
        { creditAmount: row.loansEnabled ? row.creditLimit : 0, loanAmount: row.outstanding },
      ]),
    );
  }

  return {
    creditLinesOf,
    async creditLineOf(userId: number, currencyId: number): Promise<CreditLine> {
      return (await creditLinesOf(userId)).get(currencyId) ?? noCredit;
    },
  };
}

export type CreditReader = ReturnType<typeof createCreditReader>;
