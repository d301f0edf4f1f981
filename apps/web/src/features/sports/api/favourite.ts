import { favoriteAdd, favoriteDelete } from '@sb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';

/** SPEC §3 favourite payload: type 0 is a league, anything else a match. */
export const favouriteKind = { league: 0, match: 1 } as const;

export interface FavouriteChange {
  subjectId: number;
  sportId: number;
  type: number;
  /** True adds, false removes. */
  isOn: boolean;
}

/**
 * Adds or removes a favourite (SPEC §4): success shows `favSucc` on add; a failure shows the
 * server's message (the API client does that). The lists are read again so flags and the
 * favourites view (type 6) follow.
 */
export function useFavouriteToggle() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ isOn, ...payload }: FavouriteChange) => {
      if (isOn) await callApi(favoriteAdd, payload);
      else await callApi(favoriteDelete, payload);
    },
    onSuccess: (_nothing, change) => {
      if (change.isOn) showToast('success', t('sportsFavourites.favSucc'));
      return queryClient.invalidateQueries({ queryKey: ['sports', 'match-list'] });
    },
  });
}
