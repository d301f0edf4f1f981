import {
  findError,
  type MarketOption,
  type MatchWire,
  masterRank,
  matchLegList,
  type RankWindow,
  type SharePlaced,
  shareCopy,
  type shareFeeds,
  shareFollow,
  shareKey,
  shareList,
  sharePersonalData,
  shareUnfollow,
  shareVerify,
} from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../../lib/api-client';

/** The page's language: answers name the legs in it (`legNames`), so it keys their queries. */
function usePageLanguage() {
  const { i18n } = useTranslation();
  return parseLanguage(i18n.language);
}

/** A share and its proof by code; a refusal (8100 unknown or withdrawn) is the query's error. */
export function useShareVerify(code: string) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['share-verify', code, language],
    queryFn: () => callApi(shareVerify, { code }, { isSilent: true }),
    retry: false,
  });
}

/** The key that signs shares, kept for the page's life: the pinned key of the browser's check. */
export function useShareKey() {
  return useQuery({
    queryKey: ['share-key'],
    queryFn: () => callApi(shareKey, {}, { isSilent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The text key of a refusal in the error catalogue, or null for one it does not know. */
export function refusalKeyOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return findError(error.code)?.key ?? null;
}

/** SPEC §9: the leg list is asked with a page of 1000 matches. */
const legListSize = 1000;

/** A shared leg as the book has it now: its match and option, or null where either is gone. */
export interface LegNow {
  match: MatchWire | null;
  option: MarketOption | null;
}

/**
 * The legs' matches and options now, priced for the caller, through the leg list (SPEC §7), one
 * call per sport. A match or option the book no longer lists answers null.
 */
export async function fetchLegsNow(legs: SharePlaced['legs']): Promise<LegNow[]> {
  const sportIds = [...new Set(legs.map((leg) => leg.sportId))];
  const answers = await Promise.all(
    sportIds.map((sportId) => {
      const matchId = [
        ...new Set(legs.filter((leg) => leg.sportId === sportId).map((l) => l.gameId)),
      ];
      return callApi(matchLegList, { sportId, matchId, size: legListSize }, { isSilent: true });
    }),
  );
  const matches = new Map<number, MatchWire>();
  for (const answer of answers) for (const match of answer.records) matches.set(match.b, match);
  return legs.map((leg) => {
    const match = matches.get(leg.gameId) ?? null;
    const options = match ? Object.values(match.z).flatMap((lines) => Object.values(lines)) : [];
    const option = options.flat().find((entry) => entry.oi === leg.optId) ?? null;
    return { match, option };
  });
}

/** Tells the server the member copied the share to their slip (it counts distinct members). */
export function reportCopy(code: string) {
  return callApi(shareCopy, { code }, { isSilent: true });
}

/** A feed of the Shares tab (docs/community.md, Feeds). */
export type ShareFeed = (typeof shareFeeds)[number];

/** Shares on one page of the tab. */
export const shareFeedPageSize = 10;

/** One page of a feed, by sport when `sportId` is given; `following` is for members only. */
export function useShareFeed(feed: ShareFeed, sportId: number | undefined, page: number) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['share-list', feed, sportId ?? 0, page, language],
    queryFn: () =>
      callApi(
        shareList,
        { feed, page, size: shareFeedPageSize, ...(sportId ? { sportId } : {}) },
        { isSilent: true },
      ),
    retry: false,
  });
}

export const tipsterProfileKey = (tipsterId: number) => ['share-tipster', tipsterId] as const;

/** A tipster's public profile; a tipster without one answers 8103 as the query's error. */
export function useTipsterProfile(tipsterId: number, viewerId: number) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: [...tipsterProfileKey(tipsterId), viewerId, language],
    queryFn: () => callApi(sharePersonalData, { tipsterId }, { isSilent: true }),
    retry: false,
  });
}

/** Follows or stops following a tipster; refusals are shown by the API client. */
export function setFollowing(tipsterId: number, isFollowing: boolean) {
  return callApi(isFollowing ? shareFollow : shareUnfollow, { tipsterId });
}

/** Tipsters on one page of the Top tipsters tab. */
export const tipsterRankPageSize = 10;

/** One page of the tipster ranking over a window of days, by sport when `sportId` is given. */
export function useTipsterRank(days: RankWindow, sportId: number | undefined, page: number) {
  return useQuery({
    queryKey: ['share-rank', days, sportId ?? 0, page],
    queryFn: () =>
      callApi(
        masterRank,
        { window: days, page, size: tipsterRankPageSize, ...(sportId ? { sportId } : {}) },
        { isSilent: true },
      ),
    retry: false,
  });
}
