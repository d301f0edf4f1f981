import { memberLoginAuto, type Session } from '@sb/contract';
import { type Credentials, callApi } from '../../../lib/api-client';

/**
 * Resumes a stored member or demo session (at start, or when switching to a saved account).
 * 402 and 403 come back to the caller, which knows whether a dead token ends everything.
 */
export function resumeMember(credentials: Credentials): Promise<Session> {
  return callApi(memberLoginAuto, {}, { credentials, handleAuthCodes: false });
}
