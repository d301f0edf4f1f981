import { memberLoginAccountAdd } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { completeLogin } from '../services/login-flow';
import type { LoginForm } from './member-login-account';
import { loginCaptchaCodes } from './member-login-account';

/** Signs in one more account while the current one stays valid, then switches to it. */
export function addLoginAccount(form: LoginForm) {
  return callApi(
    memberLoginAccountAdd,
    { account: form.account.trim(), pwd: hashPasswordForWire(form.password), ...form.captcha },
    { quietCodes: loginCaptchaCodes },
  );
}

export function useAddLoginAccount() {
  return useMutation({
    mutationFn: addLoginAccount,
    onSuccess: (session) => completeLogin(session),
  });
}
