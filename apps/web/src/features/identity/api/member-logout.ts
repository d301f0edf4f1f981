import { memberLogout } from '@sb/contract';
import { type Credentials, callApi } from '../../../lib/api-client';

/**
 * Revokes the member's token on the server. Logging out goes ahead locally whatever the answer,
 * so failures are neither shown nor treated as a 403.
 */
export async function revokeMemberToken(credentials: Credentials): Promise<void> {
  await callApi(memberLogout, {}, { credentials, handleAuthCodes: false, isSilent: true });
}
