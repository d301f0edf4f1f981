import type { BalanceMovementKind } from '@sb/contract';

/** Each kind of balance movement (the ledger's kinds, contract balance-movements.ts) by its name. */
export const movementKindTextKeys: Record<BalanceMovementKind, string> = {
  order_stake: 'records.kindOrderStake',
  order_release: 'records.kindOrderRelease',
  order_settle: 'records.kindOrderSettle',
  order_unsettle: 'records.kindOrderUnsettle',
  order_cash_out: 'records.kindOrderCashOut',
  order_debt_recovery: 'records.kindOrderDebtRecovery',
  deposit: 'records.kindDeposit',
  withdraw_freeze: 'records.kindWithdrawFreeze',
  withdraw_release: 'records.kindWithdrawRelease',
  withdraw_payout_failed: 'records.kindWithdrawPayoutFailed',
  adjustment: 'records.kindAdjustment',
  loan_borrow: 'records.kindLoanBorrow',
  loan_repay: 'records.kindLoanRepay',
  demo_grant: 'records.kindDemoGrant',
};

/**
 * The text key naming a movement's kind. A kind the page does not know yet (the ledger gained
 * one) is named as a balance change, never shown as the ledger's raw name.
 */
export function movementKindTextKey(kind: string): string {
  return movementKindTextKeys[kind as BalanceMovementKind] ?? 'records.kindOther';
}
