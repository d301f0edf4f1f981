import { type QueuedWithdrawal, withdrawStatus } from '@sb/contract';
import type { IdentityService } from '../identity/identity.service';
import type { Ledger } from '../ledger/ledger.service';
import { queuedPayeeOf, toWithdrawRecord } from './withdrawals.mappers';
import type { WithdrawalsRepository } from './withdrawals.repository';

/**
 * The finance desk's queue of withdrawals by status, a page at a time, with what an operator
 * decides on: the member's account name and balance, and where the money would go. A page's
 * members and balances are read in one query each, whatever the page holds.
 */
export function createWithdrawQueue(deps: {
  repository: Pick<WithdrawalsRepository, 'listByStatus'>;
  identity: Pick<IdentityService, 'accountNames'>;
  ledger: Pick<Ledger, 'membersBalances'>;
}) {
  const { repository, identity, ledger } = deps;
  return {
    /** By default the withdrawals waiting for review. */
    async list(query: {
      status?: number | undefined;
      userId?: number | undefined;
      page: number;
      size: number;
    }): Promise<{ records: QueuedWithdrawal[]; total: number }> {
      const { rows, total } = await repository.listByStatus({
        statuses:
          query.status === undefined
            ? [withdrawStatus.onWithdrawal, withdrawStatus.locking]
            : [query.status],
        userId: query.userId,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      const userIds = [...new Set(rows.map((row) => row.userId))];
      const [accounts, balances] = await Promise.all([
        identity.accountNames(userIds),
        ledger.membersBalances(userIds),
      ]);
      const records = rows.map((row) => {
        const balance = balances
          .get(row.userId)
          ?.find((entry) => entry.currencyId === row.currencyId);
        return {
          ...toWithdrawRecord(row),
          userId: row.userId,
          account: accounts.get(row.userId) ?? null,
          payee: queuedPayeeOf(row.payee),
          balance: { amount: balance?.amount ?? 0, frozen: balance?.frozen ?? 0 },
        };
      });
      return { records, total };
    },
  };
}

export type WithdrawQueue = ReturnType<typeof createWithdrawQueue>;
