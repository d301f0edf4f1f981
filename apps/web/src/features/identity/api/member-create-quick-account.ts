import { memberCreateQuickAccount } from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { completeLogin } from '../services/login-flow';
import { useQuickAccountStore } from '../store/quick-account-store';

/** Quick account creation (SPEC §5): the server picks the name and the placeholder password. */
export function createQuickAccount() {
  return callApi(memberCreateQuickAccount, {}, { isAccountCreation: true });
}

/** Signs the new account in, then shows its name and asks for a password of its own. */
export function useCreateQuickAccount() {
  return useMutation({
    mutationFn: createQuickAccount,
    onSuccess: (session) => {
      completeLogin(session, { isRegistration: true });
      useQuickAccountStore.getState().openDialog(true);
    },
  });
}
