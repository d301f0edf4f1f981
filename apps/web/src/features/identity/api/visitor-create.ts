import { type Session, visitorCreate } from '@sb/contract';
import { callApi } from '../../../lib/api-client';

/** SPEC §4: an anonymous visitor identity, created on a first visit or when another ends. */
export function createVisitor(): Promise<Session> {
  return callApi(visitorCreate, {}, { credentials: null });
}
