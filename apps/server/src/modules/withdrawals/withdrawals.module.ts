import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import { createPayoutAccountsRepository } from './payout-accounts.repository';
import { createPayoutAccountsService } from './payout-accounts.service';
import { registerWithdrawDeskRoutes } from './withdraw-desk.routes';
import { createWithdrawPasswordService } from './withdraw-password.service';
import { createWithdrawQueue } from './withdraw-queue';
import { createWithdrawReviewService } from './withdraw-review.service';
import { createWithdrawalsRepository } from './withdrawals.repository';
import { registerWithdrawalsRoutes } from './withdrawals.routes';
import { createWithdrawalsService } from './withdrawals.service';
import { createWithdrawingMemberGate } from './withdrawing-member';

/**
 * Registers the members' withdrawal calls and the finance desk's side (queue, review, payout
 * outcome, unlock); answers whether a member's withdrawals are locked, for the members desk.
 */
export function registerWithdrawalsModule(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    /** The wallet's balance push, after a withdrawal held or gave back money. */
    notifyBalanceChanged: (userId: number) => Promise<void>;
  },
) {
  const { database, ledger, identity, now } = context;
  const repository = createWithdrawalsRepository(database.db);
  const accounts = createPayoutAccountsService({
    repository: createPayoutAccountsRepository(database.db),
    now,
  });
  const passwords = createWithdrawPasswordService({ repository, identity, now });
  const withdrawals = createWithdrawalsService({ repository, accounts, passwords, ledger, now });
  registerWithdrawalsRoutes(context.app, context.authenticate, {
    memberOf: createWithdrawingMemberGate(identity),
    accounts,
    passwords,
    withdrawals,
    notifyBalanceChanged: (userId) => void deps.notifyBalanceChanged(userId),
  });
  registerWithdrawDeskRoutes(context.app, context.authenticate, {
    review: createWithdrawReviewService({ repository, ledger, now }),
    queue: createWithdrawQueue({ repository, identity, ledger }),
    audit: deps.audit,
    notifyBalanceChanged: (userId) => void deps.notifyBalanceChanged(userId),
  });
  return { isPasswordLocked: repository.isPasswordLocked };
}

export type WithdrawalsModule = ReturnType<typeof registerWithdrawalsModule>;
