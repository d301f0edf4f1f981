import { memberBonusList } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { BalanceOwner } from '../../../lib/balance/wallet-balance';

/** A member holds few bonuses at once (one per campaign grabbed): one page shows them all. */
const bonusPageSize = 50;

/**
 * The member's active bonuses with their rollover. `bonusTotalMinor` (the bonus money the
 * balance shows) is part of the key, so a grab, a conversion or a forfeit, which each change the
 * balance's bonus, reads them again; the tab's visit reads them again too.
 */
export function useActiveBonuses(owner: BalanceOwner, bonusTotalMinor: number) {
  return useQuery({
    queryKey: ['wallet', 'bonuses', owner.uid, owner.token, bonusTotalMinor],
    queryFn: () =>
      callApi(
        memberBonusList,
        { status: 'active', page: 1, size: bonusPageSize },
        { isSilent: true, credentials: { uid: owner.uid, token: owner.token } },
      ),
    enabled: owner.memberId > 0,
    // While a changed total is read again the bonuses shown stay, but never another member's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === owner.uid && previousQuery.queryKey[3] === owner.token
        ? previous
        : undefined,
  });
}
