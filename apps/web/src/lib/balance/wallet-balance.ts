import {
  type BalanceEntry,
  channelTypes,
  openWalletBalance,
  type Session,
  walletBalance,
} from '@sb/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { buildBalanceMap } from './balance-map';
import { useBalanceLoadStore } from './balance-store';

/** Whose balance to read: the session fields SPEC §4 chooses the call by, plus the partner channel. */
export interface BalanceOwner
  extends Pick<
    Session,
    | 'uid'
    | 'token'
    | 'memberId'
    | 'agentId'
    | 'channelType'
    | 'principal'
    | 'assetID'
    | 'currencyCode'
  > {
  /** The partner's channel, which the partner balance call needs; null when it is not known. */
  channel: string | null;
}

export type BalanceCall =
  | { kind: 'partner'; principal: string; channel: string }
  | { kind: 'member' };

/**
 * SPEC §4: the partner-style call for a user with an agentId and channel type v2, otherwise the
 * normal one. The partner call needs the partner's principal and channel; without both it cannot
 * be made, and the normal call answers partner players as well.
 */
export function balanceCallFor(
  owner: Pick<BalanceOwner, 'agentId' | 'channelType' | 'principal' | 'channel'>,
): BalanceCall {
  const isPartner = owner.agentId > 0 && owner.channelType === channelTypes.partner;
  if (isPartner && owner.principal && owner.channel) {
    return { kind: 'partner', principal: owner.principal, channel: owner.channel };
  }
  return { kind: 'member' };
}

/** The owner's balances, its current currency first, sent with the owner's own uid and token. */
export function fetchWalletBalance(owner: BalanceOwner): Promise<BalanceEntry[]> {
  const credentials = { uid: owner.uid, token: owner.token };
  const call = balanceCallFor(owner);
  if (call.kind === 'partner') {
    return callApi(
      openWalletBalance,
      { principal: call.principal, channel: call.channel },
      { credentials },
    );
  }
  return callApi(walletBalance, {}, { credentials });
}

export const walletBalanceRootKey = ['wallet-balance'] as const;

/** Keyed by identity and load round: a new login or switch never shows another read's answer. */
export function walletBalanceQueryKey(uid: string, token: string, loadRound: number) {
  return [...walletBalanceRootKey, uid, token, loadRound] as const;
}

/** Reads the shown balance again, keeping the current figures until the answer arrives. */
export function refreshWalletBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletBalanceRootKey });
}

/** Only members (memberId > 0) have a wallet; visitors are never asked for one (they get 402). */
export function useWalletBalance(owner: BalanceOwner) {
  const loadRound = useBalanceLoadStore((state) => state.loadRound);
  return useQuery({
    queryKey: walletBalanceQueryKey(owner.uid, owner.token, loadRound),
    queryFn: () => fetchWalletBalance(owner),
    select: buildBalanceMap,
    enabled: owner.memberId > 0,
  });
}
