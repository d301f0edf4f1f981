import { accountNameSchema } from '@sb/contract';

/** Login passwords: long enough to resist guessing, short enough to type on a phone. */
export const passwordLengthMin = 6;
export const passwordLengthMax = 20;

/** i18n keys of the problems found, by field; an empty object means the form can be sent. */
export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

export interface RegisterValues {
  account: string;
  password: string;
  confirm: string;
}

function passwordError(password: string): string | undefined {
  const length = password.length;
  return length < passwordLengthMin || length > passwordLengthMax
    ? 'registerPanel.passwordRule'
    : undefined;
}

function withoutEmpty<Field extends string>(errors: FormErrors<Field>): FormErrors<Field> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, value]) => value !== undefined),
  ) as FormErrors<Field>;
}

/** Register form: the contract's account-name rule, a password rule and a matching confirm. */
export function checkRegisterForm(values: RegisterValues): FormErrors<keyof RegisterValues> {
  return withoutEmpty({
    account: accountNameSchema.safeParse(values.account).success
      ? undefined
      : 'registerPanel.accountRule',
    password: passwordError(values.password),
    confirm: values.confirm === values.password ? undefined : 'registerPanel.passwordMismatch',
  });
}

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function checkPasswordChangeForm(
  values: PasswordChangeValues,
): FormErrors<keyof PasswordChangeValues> {
  const newPasswordError =
    passwordError(values.newPassword) ??
    (values.newPassword === values.oldPassword ? 'passwordPanel.sameAsOld' : undefined);
  return withoutEmpty({
    oldPassword: values.oldPassword ? undefined : 'loginPanel.passwordRequired',
    newPassword: newPasswordError,
    confirm: values.confirm === values.newPassword ? undefined : 'registerPanel.passwordMismatch',
  });
}

export interface LoginValues {
  account: string;
  password: string;
  captchaCode: string;
  isCaptchaShown: boolean;
}

export function checkLoginForm(
  values: LoginValues,
): FormErrors<'account' | 'password' | 'captcha'> {
  return withoutEmpty({
    account: values.account.trim() ? undefined : 'loginPanel.accountRequired',
    password: values.password ? undefined : 'loginPanel.passwordRequired',
    captcha:
      values.isCaptchaShown && !values.captchaCode.trim()
        ? 'loginPanel.captchaCodeRequired'
        : undefined,
  });
}
