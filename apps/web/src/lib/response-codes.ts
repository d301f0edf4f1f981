import { errorCatalogue } from '@sb/contract';

/** What the client does with a response code (SPEC §8). */
export type ResponseAction =
  | { kind: 'success' }
  /** 402: a member-only call made as a visitor; open the login window. */
  | { kind: 'open-login' }
  /** 403: the token no longer works; clear storage and fall back to a fresh visitor. */
  | { kind: 'end-session' }
  /** Any other code: fail the call, with an error toast unless the caller shows it itself. */
  | { kind: 'fail'; showToast: boolean };

export interface ClassifyOptions {
  /**
   * SPEC §8: on account creation a 403 shows nothing; it is a public call, so a 403 there says
   * nothing about the session the browser already holds either.
   */
  isAccountCreation?: boolean;
  /** Codes the caller presents itself (for example the captcha codes on the login form). */
  quietCodes?: readonly number[];
}

export const loginRequiredCode = errorCatalogue.LOGIN_REQUIRED.code;
export const sessionInvalidCode = errorCatalogue.TOKEN_INVALID.code;
export const captchaRequiredCode = errorCatalogue.CAPTCHA_REQUIRED.code;
export const captchaInvalidCode = errorCatalogue.CAPTCHA_INVALID.code;

export function classifyResponseCode(code: number, options: ClassifyOptions = {}): ResponseAction {
  if (code === 0) return { kind: 'success' };
  if (code === loginRequiredCode) return { kind: 'open-login' };
  if (code === sessionInvalidCode) {
    return options.isAccountCreation ? { kind: 'fail', showToast: false } : { kind: 'end-session' };
  }
  return { kind: 'fail', showToast: !(options.quietCodes ?? []).includes(code) };
}
