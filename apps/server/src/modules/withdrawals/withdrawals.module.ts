import type { ModuleContext } from '../../module-context';
import { createPayoutAccountsRepository } from './payout-accounts.repository';
import { createPayoutAccountsService } from './payout-accounts.service';
import { createWithdrawPasswordService } from './withdraw-password.service';
import { createWithdrawReviewService } from './withdraw-review.service';
import { createWithdrawalsRepository } from './withdrawals.repository';
import { registerWithdrawalsRoutes } from './withdrawals.routes';
import { createWithdrawalsService } from './withdrawals.service';
import { createWithdrawingMemberGate } from './withdrawing-member';

/**
 * Registers the members' withdrawal calls and answers the operator's side (review, payout
 * outcome, unlock) for the back office to bind to its own authentication.
 */
export function registerWithdrawalsModule(
  context: ModuleContext,
  deps: {
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
  return {
    review: createWithdrawReviewService({ repository, ledger, now }),
    /** The back office's queue of withdrawals by status. */
    listByStatus: repository.listByStatus,
    isPasswordLocked: repository.isPasswordLocked,
  };
}

export type WithdrawalsModule = ReturnType<typeof registerWithdrawalsModule>;
