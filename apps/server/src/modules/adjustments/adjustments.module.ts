import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import type { WalletMember } from '../wallet/wallet.service';
import { createAdjustmentRepository } from './adjustments.repository';
import { registerAdjustmentRoutes } from './adjustments.routes';
import { createAdjustmentService } from './adjustments.service';

/** The finance desk's manual adjustments of members' main balances, through the ledger. */
export function registerAdjustmentsModule(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    /** What the wallet needs of a member, blocked members included (identity's). */
    findMember: (userId: number) => Promise<WalletMember>;
    notifyBalanceChanged: (userId: number) => Promise<void>;
    /**
     * ADJUSTMENT_APPROVAL_ABOVE: major units one operator may move alone, per operator and per
     * member in a rolling day; past it an adjustment needs a second operator.
     */
    approvalAboveMajor: number;
  },
): void {
  const { now } = context;
  const adjustments = createAdjustmentService({
    repository: createAdjustmentRepository(context.database.db),
    ledger: context.ledger,
    now,
    approvalAboveMajor: deps.approvalAboveMajor,
    findMember: deps.findMember,
  });
  registerAdjustmentRoutes(context.app, context.authenticate, {
    adjustments,
    audit: deps.audit,
    notifyBalanceChanged: (userId) => void deps.notifyBalanceChanged(userId),
  });
}
