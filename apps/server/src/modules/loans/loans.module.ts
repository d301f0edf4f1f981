import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import type { Wallet } from '../wallet/wallet.module';
import { registerLoanDeskRoutes } from './loan-desk.routes';
import { createLoanRepository } from './loans.repository';
import { registerLoanRoutes } from './loans.routes';
import { createLoanService, type LoanService } from './loans.service';

/**
 * Registers /app/api/loan, /app/api/repay and /app/api/loan/record over the wallet's members and
 * balances, and the finance desk's credit limits and loans switch.
 */
export function registerLoanModule(
  context: ModuleContext,
  deps: {
    wallet: Pick<Wallet, 'findMember' | 'balanceEntryOf' | 'notifyBalanceChanged'>;
    audit: AuditService;
  },
): LoanService {
  const { wallet } = deps;
  const loans = createLoanService({
    repository: createLoanRepository(context.database.db),
    ledger: context.ledger,
    findMember: wallet.findMember,
    balanceEntryOf: wallet.balanceEntryOf,
    notifyBalanceChanged: wallet.notifyBalanceChanged,
    now: context.now,
  });
  registerLoanRoutes(context.app, context.authenticate, loans);
  registerLoanDeskRoutes(context.app, context.authenticate, { loans, audit: deps.audit });
  return loans;
}
