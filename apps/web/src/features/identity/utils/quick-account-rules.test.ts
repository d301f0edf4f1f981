import { quickAccountPlaceholderPassword } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { checkQuickAccountPasswordForm } from './quick-account-rules';

describe('the quick account password form', () => {
  it('accepts a password of 6 to 20 characters confirmed', () => {
    expect(checkQuickAccountPasswordForm({ password: 'secret-7', confirm: 'secret-7' })).toEqual(
      {},
    );
  });

  it('refuses a short or long password with the register rule', () => {
    expect(checkQuickAccountPasswordForm({ password: 'abc', confirm: 'abc' })).toEqual({
      password: 'registerPanel.passwordRule',
    });
    const long = 'x'.repeat(21);
    expect(checkQuickAccountPasswordForm({ password: long, confirm: long }).password).toBe(
      'registerPanel.passwordRule',
    );
  });

  it('refuses the placeholder it replaces', () => {
    const placeholder = quickAccountPlaceholderPassword;
    expect(checkQuickAccountPasswordForm({ password: placeholder, confirm: placeholder })).toEqual({
      password: 'quickAccount.notPlaceholder',
    });
  });

  it('refuses a confirm that differs', () => {
    expect(checkQuickAccountPasswordForm({ password: 'secret-7', confirm: 'secret-8' })).toEqual({
      confirm: 'registerPanel.passwordMismatch',
    });
  });
});
