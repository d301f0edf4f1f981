import { type BalanceMovement, maxMovementRangeDays, type walletMovements } from '@sb/contract';
import { dayMs, findCurrencyById } from '@sb/domain';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';

type MovementsInput = z.infer<(typeof walletMovements)['input']>;

const defaultPageSize = 10;

/**
 * Kinds whose ledger reference is an order number the member knows (a bet's, a deposit's, a
 * withdrawal's). The others name the ledger's own bookkeeping (`adjustment:17`, `loan:3:1`),
 * which would read as noise in the member's list.
 */
const orderNumberedKinds = /^(order_|deposit$|withdraw_)/;

/**
 * The window of an inclusive `startTime`–`endTime` pair: both or neither, in order, at most
 * `maxMovementRangeDays` long, as the statistics calls take theirs.
 */
function windowOf(input: MovementsInput): { from?: Date; until?: Date } {
  const { startTime, endTime } = input;
  if (startTime === undefined && endTime === undefined) return {};
  if (startTime === undefined)
    throw new AppError('INVALID_INPUT', 'startTime: required with endTime');
  if (endTime === undefined)
    throw new AppError('INVALID_INPUT', 'endTime: required with startTime');
  if (startTime > endTime)
    throw new AppError('INVALID_INPUT', 'startTime: must not be after endTime');
  if (endTime - startTime >= maxMovementRangeDays * dayMs)
    throw new AppError(
      'INVALID_INPUT',
      `endTime: the range is at most ${maxMovementRangeDays} days`,
    );
  return { from: new Date(startTime), until: new Date(endTime + 1) };
}

/**
 * A page of every movement of the member's available balance, newest first: bets, deposits,
 * withdrawals, adjustments, loans, demo money, read from the ledger as it booked them.
 */
export async function balanceMovementsOf(
  ledger: Pick<Ledger, 'memberBalanceMovements'>,
  userId: number,
  input: MovementsInput,
): Promise<{ records: BalanceMovement[]; total: number }> {
  if (input.currencyId !== undefined && !findCurrencyById(input.currencyId))
    throw new AppError('INVALID_INPUT', `currencyId: ${input.currencyId} is not a currency`);
  const size = input.size ?? defaultPageSize;
  const { rows, total } = await ledger.memberBalanceMovements({
    userId,
    currencyId: input.currencyId,
    ...windowOf(input),
    offset: ((input.page ?? 1) - 1) * size,
    limit: size,
  });
  const records = rows.map((row) => {
    const currency = findCurrencyById(row.currencyId);
    return {
      transactionId: row.transactionId,
      kind: row.kind,
      orderNo: orderNumberedKinds.test(row.kind) ? (row.reference ?? '') : '',
      amount: row.amount,
      balanceAfter: row.balanceAfter,
      currencyId: row.currencyId,
      currencyCode: currency?.currencyCode ?? '',
      scale: currency?.scale ?? 0,
      createTime: row.createdAt.getTime(),
    };
  });
  return { records, total };
}
