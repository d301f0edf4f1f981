import { describe, expect, it } from 'vitest';
import { checkLoginForm, checkPasswordChangeForm, checkRegisterForm } from './form-rules';

describe('checkRegisterForm', () => {
  it('accepts a valid account and matching passwords', () => {
    expect(
      checkRegisterForm({ account: 'player01', password: 'secret1', confirm: 'secret1' }),
    ).toEqual({});
  });

  it('names each problem', () => {
    expect(checkRegisterForm({ account: '1bad', password: '123', confirm: '1234' })).toEqual({
      account: 'registerPanel.accountRule',
      password: 'registerPanel.passwordRule',
      confirm: 'registerPanel.passwordMismatch',
    });
  });
});

describe('checkPasswordChangeForm', () => {
  it('refuses a new password equal to the current one', () => {
    const errors = checkPasswordChangeForm({
      oldPassword: 'secret1',
      newPassword: 'secret1',
      confirm: 'secret1',
    });
    expect(errors).toEqual({ newPassword: 'passwordPanel.sameAsOld' });
  });

  it('accepts a different, confirmed new password', () => {
    expect(
      checkPasswordChangeForm({
        oldPassword: 'secret1',
        newPassword: 'secret2',
        confirm: 'secret2',
      }),
    ).toEqual({});
  });
});

describe('checkLoginForm', () => {
  it('asks for the captcha only once it is shown', () => {
    const values = { account: 'player01', password: 'x', captchaCode: '' };
    expect(checkLoginForm({ ...values, isCaptchaShown: false })).toEqual({});
    expect(checkLoginForm({ ...values, isCaptchaShown: true })).toEqual({
      captcha: 'loginPanel.captchaCodeRequired',
    });
  });
});
