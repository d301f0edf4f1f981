import { withdrawStatus } from '@sb/contract';
import { toWithdrawRecord } from './withdrawals.mappers';
import type { WithdrawalsRepository } from './withdrawals.repository';

/** The finance desk's queue of withdrawals by status, a page at a time, with the member. */
export function createWithdrawQueue(repository: Pick<WithdrawalsRepository, 'listByStatus'>) {
  return {
    /** By default the withdrawals waiting for review. */
    async list(query: {
      status?: number | undefined;
      userId?: number | undefined;
      page: number;
      size: number;
    }) {
      const { rows, total } = await repository.listByStatus({
        statuses:
          query.status === undefined
            ? [withdrawStatus.onWithdrawal, withdrawStatus.locking]
            : [query.status],
        userId: query.userId,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return {
        records: rows.map((row) => ({ ...toWithdrawRecord(row), userId: row.userId })),
        total,
      };
    },
  };
}

export type WithdrawQueue = ReturnType<typeof createWithdrawQueue>;
