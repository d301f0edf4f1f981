import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateMemberAccount } from '../api/member-create-account';
import { checkRegisterForm, type RegisterValues } from '../utils/form-rules';

/** State and submit logic of the register form; the server's own refusals arrive as toasts. */
export function useRegisterForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<RegisterValues>({ account: '', password: '', confirm: '' });
  const [promoteCode, setPromoteCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof RegisterValues, string>>>({});
  const register = useCreateMemberAccount();

  const setField = (field: keyof RegisterValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRegisterForm(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length > 0) return;
    register.mutate({ account: values.account, password: values.password, promoteCode });
  };

  return {
    values,
    promoteCode,
    setPromoteCode,
    setField,
    errors,
    isPending: register.isPending,
    submit,
  };
}
