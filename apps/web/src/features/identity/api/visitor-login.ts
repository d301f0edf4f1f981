import { type Session, visitorLogin } from '@sb/contract';
import { type Credentials, callApi } from '../../../lib/api-client';

/**
 * Resumes a stored visitor. A dead token just fails here: the caller then creates a new
 * visitor instead of wiping storage.
 */
export function resumeVisitor(credentials: Credentials): Promise<Session> {
  return callApi(visitorLogin, {}, { credentials, handleAuthCodes: false });
}
