import type { Session, UserInfo } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { hasPlaceholderPassword } from './quick-account-store';

const session = (flag: boolean) =>
  ({ memberId: 7, pUid: 0, account: 'qa0123456789', hasPlaceholderPassword: flag }) as Session;
const userInfo = (flag: boolean) => ({ hasPlaceholderPassword: flag }) as UserInfo;

describe('whether the member still has to set a password', () => {
  it("follows the session until the profile arrives, then the profile's word", () => {
    expect(hasPlaceholderPassword({ kind: 'member', session: session(true), userInfo: null })).toBe(
      true,
    );
    expect(
      hasPlaceholderPassword({ kind: 'member', session: session(true), userInfo: userInfo(false) }),
    ).toBe(false);
    expect(
      hasPlaceholderPassword({ kind: 'member', session: session(false), userInfo: userInfo(true) }),
    ).toBe(true);
  });

  it('is false for visitors, demo players and when nobody is signed in', () => {
    expect(
      hasPlaceholderPassword({ kind: 'visitor', session: session(true), userInfo: null }),
    ).toBe(false);
    expect(hasPlaceholderPassword({ kind: 'demo', session: session(true), userInfo: null })).toBe(
      false,
    );
    expect(hasPlaceholderPassword({ kind: null, session: null, userInfo: null })).toBe(false);
  });
});
