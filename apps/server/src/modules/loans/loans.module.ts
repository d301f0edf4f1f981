import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context';
import { walletOf } from '../wallet/wallet.module';
import { createLoanRepository } from './loans.repository';
import { registerLoanRoutes } from './loans.routes';
import { createLoanService, type LoanService } from './loans.service';

const loansByApp = new WeakMap<FastifyInstance, LoanService>();

/** The loan service of an app, for the operator calls (credit limits, the loans switch). */
export function loansOf(app: FastifyInstance): LoanService {
  const loans = loansByApp.get(app);
  if (!loans) throw new Error('the loans module is not registered on this app');
  return loans;
}

/** Registers /app/api/loan, /app/api/repay and /app/api/loan/record; needs the wallet module. */
export function registerLoanModule(context: ModuleContext): LoanService {
  const wallet = walletOf(context.app);
  const loans = createLoanService({
    repository: createLoanRepository(context.database.db),
    ledger: context.ledger,
    findMember: wallet.findMember,
    balanceEntryOf: wallet.balanceEntryOf,
    notifyBalanceChanged: wallet.notifyBalanceChanged,
    now: context.now,
  });
  loansByApp.set(context.app, loans);
  registerLoanRoutes(context.app, context.authenticate, loans);
  return loans;
}
