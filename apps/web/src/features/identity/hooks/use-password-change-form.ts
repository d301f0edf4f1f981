import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/member-password-edit';
import { checkPasswordChangeForm, type PasswordChangeValues } from '../utils/form-rules';

type Field = keyof PasswordChangeValues;

/** State and submit logic of the password-change form; success logs out (SPEC §4). */
export function usePasswordChangeForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordChangeValues>({
    oldPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const changePassword = useChangePassword();

  const setField = (field: Field) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswordChangeForm(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length > 0) return;
    changePassword.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword });
  };

  return { values, setField, errors, isPending: changePassword.isPending, submit };
}
