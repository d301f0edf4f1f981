import { type Language, memberProfileEdit } from '@sb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/session/member-profile';
import { useSessionStore } from '../../../lib/session/session-store';

export function editProfileLanguage(languageCode: Language) {
  return callApi(memberProfileEdit, { languageCode });
}

/** SPEC §5: keeps the server's languageCode equal to the language the user chose. */
export function useEditProfileLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfileLanguage,
    onSuccess: (userInfo) => {
      const session = useSessionStore.getState().session;
      queryClient.setQueryData(profileQueryKey(session?.uid, session?.token), userInfo);
    },
  });
}
