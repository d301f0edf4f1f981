import { memberChangeCurrency, type UserInfo } from '@sb/contract';
import { callApi } from '../../../lib/api-client';
import type { BalanceOwner } from '../../../lib/balance/wallet-balance';

/**
 * Makes `currencyId` the member's play currency: the one bets, limits and the header balance use
 * (SPEC §4 change/currency). Answers the member's profile as it now is.
 */
export function changePlayCurrency(
  owner: Pick<BalanceOwner, 'uid' | 'token'>,
  currencyId: number,
): Promise<UserInfo> {
  return callApi(
    memberChangeCurrency,
    { currencyId },
    { credentials: { uid: owner.uid, token: owner.token } },
  );
}
