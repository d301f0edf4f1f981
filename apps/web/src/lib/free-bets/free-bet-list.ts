import { type FreeBet, memberFreeBetList } from '@sb/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type Credentials, callApi } from '../api-client';

/**
 * The member's free bets (docs/promotions.md, Free bets), read once for the wallet and the bet
 * slip: the wallet lists them, the slip offers the available ones on a bet. A placement, a
 * settlement or a grab changes them, so those read them again through `refreshFreeBets`.
 */
export const freeBetListRootKey = ['free-bets'] as const;

/** One page holds what a member has: available ones first, then a short history. */
export const freeBetPageSize = 50;

/** Whose free bets to read: the member's id keeps a signed-out slip from asking. */
export interface FreeBetOwner extends Credentials {
  memberId: number;
}

export function useFreeBets(owner: FreeBetOwner) {
  return useQuery({
    queryKey: [...freeBetListRootKey, owner.uid, owner.token] as const,
    queryFn: (): Promise<{ records: FreeBet[]; total: number }> =>
      callApi(
        memberFreeBetList,
        { page: 1, size: freeBetPageSize },
        { isSilent: true, credentials: { uid: owner.uid, token: owner.token } },
      ),
    enabled: owner.memberId > 0 && owner.token !== '',
    // Read again whenever the wallet or the slip shows them: a settled or voided bet changes them.
    staleTime: 0,
  });
}

/** Reads every member's free bets again (after a placement, a settlement or a grab). */
export function refreshFreeBets(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: freeBetListRootKey });
}
