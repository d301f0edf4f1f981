import {
  type CallOutput,
  predictList,
  predictMine,
  predictRank,
  predictSubmit,
  prospectFind,
  prospectInfo,
  prospectList,
} from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';

const rootKey = 'predictions';
const pageSize = 50;

export type PreviewPage = CallOutput<typeof prospectList>;
export type PreviewDetail = CallOutput<typeof prospectInfo>;
export type PredictRecord = CallOutput<typeof predictList>['records'][number];
export type Leaderboard = CallOutput<typeof predictRank>;
export type MyPrediction = CallOutput<typeof predictMine>['records'][number];

/** Previews of upcoming matches, or those whose names hold the keyword when one is typed. */
export function usePreviews(keyword: string) {
  const { i18n } = useTranslation();
  const wanted = keyword.trim();
  return useQuery({
    queryKey: [rootKey, 'previews', i18n.language, wanted] as const,
    queryFn: () =>
      wanted === ''
        ? callApi(prospectList, { size: pageSize })
        : callApi(prospectFind, { keyword: wanted, size: pageSize }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePreview(matchId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [rootKey, 'preview', i18n.language, matchId] as const,
    queryFn: () => callApi(prospectInfo, { matchId: matchId ?? 0 }),
    enabled: matchId !== null,
    staleTime: 30_000,
  });
}

/** Upcoming matches with the model's view, the members' split and the caller's prediction. */
export function usePredictList(memberId: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [rootKey, 'list', i18n.language, memberId] as const,
    queryFn: () => callApi(predictList, { size: pageSize }),
    staleTime: 10_000,
  });
}

export function useLeaderboard(memberId: number) {
  return useQuery({
    queryKey: [rootKey, 'rank', memberId] as const,
    queryFn: () => callApi(predictRank, { size: 20 }),
    staleTime: 30_000,
  });
}

export function useMyPredictions(memberId: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [rootKey, 'mine', i18n.language, memberId] as const,
    queryFn: () => callApi(predictMine, { size: pageSize }),
    enabled: memberId > 0,
    staleTime: 10_000,
  });
}

/** Enters or changes a prediction; the lists that show it are read again. */
export function useSubmitPrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { matchId: number; homeScore: number; awayScore: number }) =>
      callApi(predictSubmit, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [rootKey] }),
  });
}
