import {
  findError,
  type GameBalance,
  type GameProduct,
  gameBalanceList,
  gameItem,
  gameLaunchList,
  gameList,
  gameMemberOnline,
  gameOrderDetail,
  gameOrderList,
  houseSeed,
} from '@sb/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../../lib/api-client';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { selectMemberId, useSessionStore } from '../../../lib/session/session-store';

/** Every query of the games starts with this, so a round or a transfer reads them all again. */
export const gamesRootKey = ['games'] as const;

/**
 * Whose answers a query holds: the identity (a switch to another member never shows the last
 * one's games) and the language (names come in the caller's language).
 */
function useAsker() {
  const uid = useSessionStore((state) => state.session?.uid);
  const memberId = useSessionStore(selectMemberId);
  const { i18n } = useTranslation();
  return { uid, memberId, language: i18n.language };
}

/**
 * The catalogue the caller's switches allow (the server filters it; a visitor gets the site
 * default), narrowed by product and search. Read once the page holds an identity.
 */
export function useGameList(filter: { product?: GameProduct; search?: string } = {}) {
  const { uid, language } = useAsker();
  const search = filter.search?.trim() || undefined;
  return useQuery({
    queryKey: [...gamesRootKey, 'list', uid, language, filter.product ?? 'all', search ?? ''],
    queryFn: () => callApi(gameList, { product: filter.product, search }, { isSilent: true }),
    enabled: uid !== undefined,
    staleTime: 60_000,
  });
}

/**
 * Whether the games link is shown: the unfiltered catalogue answered some product. The server
 * lists only products that hold games and that the caller's switches allow, so a member whose
 * switches allow none has no link, and nothing is shown before the answer.
 */
export function useGamesOpen(): boolean {
  const list = useGameList();
  return (list.data?.products.length ?? 0) > 0;
}

export function useRecentGames() {
  const { uid, memberId, language } = useAsker();
  return useQuery({
    queryKey: [...gamesRootKey, 'recent', uid, language],
    queryFn: () => callApi(gameLaunchList, {}, { isSilent: true }),
    enabled: memberId > 0,
  });
}

/** Players online, read again every half minute while the lobby is open. */
export function usePlayersOnline() {
  const { uid } = useAsker();
  return useQuery({
    queryKey: [...gamesRootKey, 'online', uid],
    queryFn: () => callApi(gameMemberOnline, {}, { isSilent: true }),
    enabled: uid !== undefined,
    refetchInterval: 30_000,
  });
}

/** One game of the catalogue, for the play page. */
export function useGame(gameId: string) {
  const { uid, language } = useAsker();
  return useQuery({
    queryKey: [...gamesRootKey, 'item', uid, language, gameId],
    queryFn: () => callApi(gameItem, { gameId }, { isSilent: true }),
    enabled: uid !== undefined,
    staleTime: 60_000,
    retry: false,
  });
}

/** What a provider holds of the member in a currency: 0 when no balance is listed. */
export function gameBalanceOf(
  balances: readonly GameBalance[] | undefined,
  provider: string,
  currencyId: number | undefined,
): number {
  return (
    balances?.find((balance) => balance.provider === provider && balance.currencyId === currencyId)
      ?.amount ?? 0
  );
}

/** The member's game balances, one per provider and currency holding money. */
export function useGameBalances() {
  const { uid, memberId } = useAsker();
  return useQuery({
    queryKey: [...gamesRootKey, 'balance', uid],
    queryFn: () => callApi(gameBalanceList, {}, { isSilent: true }),
    enabled: memberId > 0,
    staleTime: 0,
  });
}

export function useHouseSeed() {
  const { uid, memberId } = useAsker();
  return useQuery({
    queryKey: [...gamesRootKey, 'seed', uid],
    queryFn: () => callApi(houseSeed, {}, { isSilent: true }),
    enabled: memberId > 0,
  });
}

export const roundPageSize = 20;

export function useRoundPage(page: number, filter: { gameId?: string; status?: 'open' } = {}) {
  const { uid, memberId, language } = useAsker();
  return useQuery({
    queryKey: [
      ...gamesRootKey,
      'rounds',
      uid,
      language,
      page,
      filter.gameId ?? '',
      filter.status ?? '',
    ],
    queryFn: () =>
      callApi(gameOrderList, { page, size: roundPageSize, ...filter }, { isSilent: true }),
    enabled: memberId > 0,
    staleTime: 0,
  });
}

export function useRoundDetail(roundNo: string) {
  const { uid, memberId, language } = useAsker();
  return useQuery({
    queryKey: [...gamesRootKey, 'round', uid, language, roundNo],
    queryFn: () => callApi(gameOrderDetail, { roundNo }, { isSilent: true }),
    enabled: memberId > 0,
    staleTime: 0,
  });
}

/** After money moved: the game balances, the rounds and the main balance are read again. */
export function refreshAfterMoney(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: gamesRootKey });
  void refreshWalletBalance(queryClient);
}

/** Whether the server answered (a refusal): a press after it is a new request with a new key. */
export function wasAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.code > 0;
}

/**
 * What to tell the member of a failed call, in their language: the catalogue's text of the
 * code (8550–8560 and the rest), else the client's own message (no answer, an odd answer).
 */
export function failureTextOf(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    const known = findError(error.code);
    return known ? t(known.key) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
