import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { captchaInvalidCode, captchaRequiredCode } from '../../../lib/response-codes';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { browserStorages, storageKeys } from '../../../lib/storage';
import { useCaptcha } from '../api/captcha-get';
import { type LoginForm, useLoginWithAccount } from '../api/member-login-account';
import { useAddLoginAccount } from '../api/member-login-account-add';
import { readSaveAccountFlag, writeSaveAccountFlag } from '../store/saved-accounts';
import { checkLoginForm } from '../utils/form-rules';

type LoginErrors = Partial<Record<'account' | 'password' | 'captcha', string>>;

function initialAccount(prefill: string): string {
  return prefill || browserStorages().local.getItem(storageKeys.lastAccount) || '';
}

/**
 * State and submit logic of the login form. The captcha appears when the server answers 2003
 * (captcha required); a wrong answer (2004) or any failed attempt with a captcha fetches a new
 * image, because the server uses each captcha up.
 */
export function useLoginForm() {
  const { t } = useTranslation();
  const loginMode = useDialogStore((state) => state.loginMode);
  const prefill = useDialogStore((state) => state.prefillAccount);
  const [account, setAccount] = useState(() => initialAccount(prefill));
  const [password, setPassword] = useState('');
  const [isSaveAccountOn, setSaveAccountOn] = useState(() =>
    readSaveAccountFlag(browserStorages().local),
  );
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaCode, setCaptchaCode] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const captcha = useCaptcha(captchaRound, isCaptchaShown);
  const login = useLoginWithAccount();
  const addAccount = useAddLoginAccount();
  const mutation = loginMode === 'add' ? addAccount : login;

  const refreshCaptcha = () => {
    setCaptchaRound((round) => round + 1);
    setCaptchaCode('');
  };

  const handleFailure = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    if (error.code === captchaRequiredCode || error.code === captchaInvalidCode) {
      setCaptchaShown(true);
      setErrors({ captcha: error.message });
    }
    if (isCaptchaShown || error.code === captchaRequiredCode) refreshCaptcha();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkLoginForm({ account, password, captchaCode, isCaptchaShown });
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length > 0) return;
    writeSaveAccountFlag(browserStorages().local, isSaveAccountOn);
    const form: LoginForm = { account, password };
    if (isCaptchaShown && captcha.data) {
      const { captchaId, captchaType } = captcha.data;
      form.captcha = { captchaId, captchaType, code: captchaCode.trim() };
    }
    mutation.mutate(form, { onError: handleFailure });
  };

  return {
    loginMode,
    fields: { account, password, captchaCode, isSaveAccountOn },
    setAccount,
    setPassword,
    setCaptchaCode,
    setSaveAccountOn,
    isCaptchaShown,
    captcha,
    refreshCaptcha,
    errors,
    isPending: mutation.isPending,
    submit,
  };
}
