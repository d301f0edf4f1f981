import type { ModuleContext } from '../../module-context';
import { registerLedgerDeskRoutes } from './ledger.routes';
import { checkLedger } from './ledger-check';

/**
 * Binds the finance desk's reads of the ledger: a member's statement and the invariants' check.
 * The ledger itself (ledger.service.ts) is built before every module, which all book through it.
 */
export function registerLedgerModule(context: ModuleContext): void {
  const db = context.database.db;
  registerLedgerDeskRoutes(context.app, context.authenticate, {
    ledger: context.ledger,
    check: () => checkLedger(db),
    now: context.now,
  });
}
