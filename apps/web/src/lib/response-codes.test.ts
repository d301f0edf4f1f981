import { describe, expect, it } from 'vitest';
import { classifyResponseCode } from './response-codes';

describe('classifyResponseCode', () => {
  it('treats code 0 as success', () => {
    expect(classifyResponseCode(0)).toEqual({ kind: 'success' });
  });

  it('opens the login window for 402 instead of showing a toast', () => {
    expect(classifyResponseCode(402)).toEqual({ kind: 'open-login' });
  });

  it('ends the session for 403', () => {
    expect(classifyResponseCode(403)).toEqual({ kind: 'end-session' });
  });

  it('shows nothing and keeps the session for 403 on account creation', () => {
    expect(classifyResponseCode(403, { isAccountCreation: true })).toEqual({
      kind: 'fail',
      showToast: false,
    });
  });

  it('still shows other account-creation failures as a toast', () => {
    expect(classifyResponseCode(2001, { isAccountCreation: true })).toEqual({
      kind: 'fail',
      showToast: true,
    });
  });

  it('shows the server message for any other non-zero code', () => {
    expect(classifyResponseCode(2002)).toEqual({ kind: 'fail', showToast: true });
    expect(classifyResponseCode(-1)).toEqual({ kind: 'fail', showToast: true });
  });

  it('leaves codes the caller presents itself out of the toast', () => {
    expect(classifyResponseCode(2003, { quietCodes: [2003, 2004] })).toEqual({
      kind: 'fail',
      showToast: false,
    });
  });
});
