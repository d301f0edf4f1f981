import { memberCreateTryPlay } from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { completeLogin } from '../services/login-flow';

/** A demo (try-play) account with its own demo balance (SPEC §4, DESIGN §6). */
export function createTryPlayAccount() {
  return callApi(memberCreateTryPlay, {}, { credentials: null });
}

export function useCreateTryPlayAccount() {
  return useMutation({
    mutationFn: createTryPlayAccount,
    onSuccess: (session) => completeLogin(session),
  });
}
