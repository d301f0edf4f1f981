import { memberCreateAccount } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { completeLogin } from '../services/login-flow';

export interface RegisterForm {
  account: string;
  password: string;
  promoteCode: string;
}

/** SPEC §7 register: account, double-MD5 password and an optional promotion code. */
export function createMemberAccount(form: RegisterForm) {
  const promoteCode = form.promoteCode.trim();
  return callApi(
    memberCreateAccount,
    {
      account: form.account.trim(),
      pwd: hashPasswordForWire(form.password),
      ...(promoteCode ? { promoteCode } : {}),
    },
    { isAccountCreation: true },
  );
}

export function useCreateMemberAccount() {
  return useMutation({
    mutationFn: createMemberAccount,
    onSuccess: (session) => completeLogin(session, { isRegistration: true }),
  });
}
