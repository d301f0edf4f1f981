import type { HistoryKind } from '../store/wallet-screen-store';

/** A column of the funds history, named by its text key under `walletUi.history`. */
export type HistoryColumn =
  | 'orderNo'
  | 'time'
  | 'method'
  | 'amount'
  | 'credited'
  | 'status'
  | 'remark'
  | 'action';

/**
 * The columns that mean something for each kind of record. A deposit is paid in one currency and
 * credited, perhaps in another (type 8), and a type-2 order may still take a receipt; a
 * withdrawal is paid out in the currency it froze, so it has neither a credited amount nor an
 * action.
 */
export const historyColumns: Record<HistoryKind, readonly HistoryColumn[]> = {
  deposit: ['orderNo', 'time', 'method', 'amount', 'credited', 'status', 'remark', 'action'],
  withdraw: ['orderNo', 'time', 'method', 'amount', 'status', 'remark'],
};

/** SPEC §4 deposit status 2: only a completed deposit has credited anything. */
const completedDeposit = 2;

/** Whether a deposit's credited amount is money the member got, rather than what it would be. */
export function isCredited(status: number): boolean {
  return status === completedDeposit;
}
