import { type CallInput, openMemberLogin, type Session } from '@sb/contract';
import { callApi } from '../../../lib/api-client';

/** The fields of a partner link that `/open/member/login` takes (SPEC §7), siteNo included. */
export interface PartnerLoginFields {
  authToken: string;
  principal: string;
  channel: string;
  currencyCode?: string | undefined;
  /** The partner's site number, sent as the client-info field of the same name. */
  siteNo?: string | undefined;
  /** The language the server answers in (a client-info field). */
  lang: string;
}

/**
 * Signs a partner's player in with the signed authToken of the partner's link. No identity is
 * sent: the link names the player. A failure's message is shown as a toast by the API client.
 */
export function signInPartnerPlayer(fields: PartnerLoginFields): Promise<Session> {
  // siteNo and lang are client-info fields every call may carry, which the call's input omits.
  const input = fields as CallInput<typeof openMemberLogin>;
  return callApi(openMemberLogin, input, { credentials: null, handleAuthCodes: false });
}
