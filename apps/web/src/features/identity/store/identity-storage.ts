import { type Session, sessionSchema } from '@sb/contract';
import type { Credentials } from '../../../lib/api-client';
import type { IdentityKind } from '../../../lib/session/session-store';
import { activeSessionKey, readJson, storageKeys, writeJson } from '../../../lib/storage';

interface IdentityKeys {
  uid: string;
  token: string;
  session: string;
}

/** SPEC §3: each identity kind keeps its uid, token and session under its own keys. */
export const identityKeys: Record<IdentityKind, IdentityKeys> = {
  member: {
    uid: storageKeys.memberUid,
    token: storageKeys.memberToken,
    session: storageKeys.memberSession,
  },
  demo: {
    uid: storageKeys.demoUid,
    token: storageKeys.demoToken,
    session: storageKeys.demoSession,
  },
  visitor: {
    uid: storageKeys.visitorUid,
    token: storageKeys.visitorToken,
    session: storageKeys.visitorSession,
  },
};

/** Kinds to try resuming at start, most specific first: a member outranks a demo and a visitor. */
export const resumeOrder: readonly IdentityKind[] = ['member', 'demo', 'visitor'];

export function saveIdentity(local: Storage, kind: IdentityKind, session: Session): void {
  const keys = identityKeys[kind];
  local.setItem(keys.uid, session.uid);
  local.setItem(keys.token, session.token);
  writeJson(local, keys.session, session);
  local.setItem(storageKeys.channelType, session.channelType);
  if (kind === 'demo') local.setItem(storageKeys.tryPlay, '1');
}

export function removeIdentity(local: Storage, kind: IdentityKind): void {
  const keys = identityKeys[kind];
  local.removeItem(keys.uid);
  local.removeItem(keys.token);
  local.removeItem(keys.session);
  if (kind === 'demo') local.removeItem(storageKeys.tryPlay);
}

export function readCredentials(local: Storage, kind: IdentityKind): Credentials | null {
  const keys = identityKeys[kind];
  const uid = local.getItem(keys.uid);
  const token = local.getItem(keys.token);
  return uid && token ? { uid, token } : null;
}

/** The stored session of a kind, or undefined when missing or no longer in the current shape. */
export function readStoredSession(local: Storage, kind: IdentityKind): Session | undefined {
  const parsed = sessionSchema.safeParse(readJson(local, identityKeys[kind].session));
  return parsed.success ? parsed.data : undefined;
}

/** The tab's active session (SPEC §3 session key omgMide), for code that reads it directly. */
export function writeActiveSession(session: Storage, value: Session | null): void {
  if (value) writeJson(session, activeSessionKey, value);
  else session.removeItem(activeSessionKey);
}
