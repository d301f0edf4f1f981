import { type CallInput, openPasscodeLogin, type Session } from '@sb/contract';
import { callApi } from '../../../lib/api-client';

/**
 * Redeems the one-time passcode of a partner link (SPEC §2, §8). No identity is sent: the
 * passcode names the player. A failure's message is shown as a toast by the API client.
 */
export function redeemPartnerPasscode(fields: {
  passcode: string;
  /** The partner's site number and the language the server answers in (client-info fields). */
  siteNo?: string | undefined;
  lang: string;
}): Promise<Session> {
  // siteNo and lang are client-info fields every call may carry, which the call's input omits.
  const input = fields as CallInput<typeof openPasscodeLogin>;
  return callApi(openPasscodeLogin, input, { credentials: null, handleAuthCodes: false });
}
