import { memberPasswordEdit } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { finishPasswordChange } from '../services/session-flow';

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
}

export function changePassword(form: PasswordChangeForm) {
  return callApi(memberPasswordEdit, {
    oldPwd: hashPasswordForWire(form.oldPassword),
    pwd: hashPasswordForWire(form.newPassword),
  });
}

/** SPEC §4: the server revokes every session of the member, so success logs out here too. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => finishPasswordChange(),
  });
}
