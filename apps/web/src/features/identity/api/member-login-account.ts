import { memberLoginAccount } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { captchaInvalidCode, captchaRequiredCode } from '../../../lib/response-codes';
import { completeLogin } from '../services/login-flow';

export interface LoginForm {
  account: string;
  password: string;
  /** Set once the server has asked for a captcha (code 2003). */
  captcha?: { captchaId: string; code: string; captchaType: number };
}

/** SPEC §7: domainType 3 marks a login from the web site. */
const webDomainType = 3;

/**
 * The captcha codes are shown by the form next to the captcha, not as a toast, because the
 * form has to react to them anyway (show a captcha, fetch a new one).
 */
export const loginCaptchaCodes = [captchaRequiredCode, captchaInvalidCode];

export function loginWithAccount(form: LoginForm) {
  return callApi(
    memberLoginAccount,
    {
      account: form.account.trim(),
      pwd: hashPasswordForWire(form.password),
      domainType: webDomainType,
      ...form.captcha,
    },
    { quietCodes: loginCaptchaCodes },
  );
}

export function useLoginWithAccount() {
  return useMutation({
    mutationFn: loginWithAccount,
    onSuccess: (session) => completeLogin(session),
  });
}
