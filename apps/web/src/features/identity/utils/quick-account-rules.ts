import { quickAccountPlaceholderPassword } from '@sb/domain';
import { type FormErrors, passwordLengthMax, passwordLengthMin } from './form-rules';

export interface QuickAccountPasswordValues {
  password: string;
  confirm: string;
}

/**
 * The quick account's own password: the register form's length rule, a matching confirm, and
 * not the placeholder it replaces (the server refuses that too). Answers i18n keys by field.
 */
export function checkQuickAccountPasswordForm(
  values: QuickAccountPasswordValues,
): FormErrors<keyof QuickAccountPasswordValues> {
  const { password, confirm } = values;
  const errors: FormErrors<keyof QuickAccountPasswordValues> = {};
  if (password.length < passwordLengthMin || password.length > passwordLengthMax)
    errors.password = 'registerPanel.passwordRule';
  else if (password === quickAccountPlaceholderPassword)
    errors.password = 'quickAccount.notPlaceholder';
  if (confirm !== password) errors.confirm = 'registerPanel.passwordMismatch';
  return errors;
}
