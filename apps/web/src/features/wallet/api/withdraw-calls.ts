import {
  withdrawAccountList,
  withdrawAccountOperate,
  withdrawAccountOperation,
  withdrawBankList,
  withdrawCreate,
  withdrawList,
  withdrawPasswordEdit,
} from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { HistoryPageRequest } from './deposit-calls';
import { withIdempotencyKey } from './idempotency';

export const withdrawQueryKeys = {
  bankList: ['wallet', 'bank-list'] as const,
  payoutAccounts: ['wallet', 'payout-accounts'] as const,
  history: ['wallet', 'withdraw-history'] as const,
};

/**
 * getBankList: the withdrawal channels. Its `holds` and `accounts` are a copy of the member's
 * accounts at the time of the answer; the screens read the accounts from `usePayoutAccounts`.
 */
export function useBankList() {
  return useQuery({
    queryKey: withdrawQueryKeys.bankList,
    queryFn: () => callApi(withdrawBankList, {}),
  });
}

/** getWithdrawAccount: the member's saved payout accounts, oldest first (SPEC §7). */
export function usePayoutAccounts() {
  return useQuery({
    queryKey: withdrawQueryKeys.payoutAccounts,
    queryFn: () => callApi(withdrawAccountList, {}),
  });
}

/** After an account is added or removed: the account list, and the channels' copy of it. */
export function refreshPayoutAccounts(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: withdrawQueryKeys.payoutAccounts }),
    queryClient.invalidateQueries({ queryKey: withdrawQueryKeys.bankList }),
  ]);
}

export function createWithdrawal(
  input: {
    scale: number;
    amount: number;
    accountId: number;
    channelId: number;
    payTypeId: number;
    password: string;
  },
  idempotencyKey: string,
): Promise<string> {
  const { password, ...fields } = input;
  return callApi(
    withdrawCreate,
    withIdempotencyKey<typeof withdrawCreate>(
      { ...fields, pwd: hashPasswordForWire(password) },
      idempotencyKey,
    ),
    // The panel presents 5023 itself, as the lock alert.
    { quietCodes: [5023] },
  );
}

export function fetchWithdrawHistory(request: HistoryPageRequest) {
  return callApi(withdrawList, request);
}

export interface NewPayoutAccount {
  type: number;
  channelId: number;
  payTypeId: number;
  payTypeName: string;
  bankNo: string;
  realName?: string;
  mobile?: string;
  accountType?: string;
  extend1?: string;
  name?: string;
}

export function addPayoutAccount(account: NewPayoutAccount) {
  return callApi(withdrawAccountOperate, { operType: withdrawAccountOperation.add, ...account });
}

export function removePayoutAccount(accountId: number) {
  return callApi(withdrawAccountOperate, { operType: withdrawAccountOperation.remove, accountId });
}

/** setWithdrawPwd: both passwords double-hashed (SPEC §7). */
export function setWithdrawPassword(loginPassword: string, withdrawPassword: string) {
  return callApi(withdrawPasswordEdit, {
    loginPwd: hashPasswordForWire(loginPassword),
    pwd: hashPasswordForWire(withdrawPassword),
  });
}
