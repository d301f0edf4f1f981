import type { Session } from '@sb/contract';
import {
  type IdentityKind,
  identityKindOf,
  useSessionStore,
} from '../../../lib/session/session-store';
import { browserStorages, storageKeys } from '../../../lib/storage';
import { removeIdentity, saveIdentity, writeActiveSession } from '../store/identity-storage';

/**
 * Makes a session the active identity: stored under its kind's keys (SPEC §3), written to the
 * tab's session key and put in the store. A member and a demo identity exclude each other, so
 * adopting one drops the other; the visitor identity is kept for falling back to on logout.
 */
export function adoptSession(session: Session): IdentityKind {
  const kind = identityKindOf(session);
  const storages = browserStorages();
  saveIdentity(storages.local, kind, session);
  if (kind === 'member') removeIdentity(storages.local, 'demo');
  if (kind === 'demo') removeIdentity(storages.local, 'member');
  writeActiveSession(storages.session, session);
  useSessionStore.getState().setIdentity(kind, session);
  return kind;
}

/** Forgets one identity kind locally and, when it is the active one, leaves no identity active. */
export function forgetIdentity(kind: IdentityKind): void {
  const storages = browserStorages();
  removeIdentity(storages.local, kind);
  if (kind !== 'visitor') storages.local.removeItem(storageKeys.isXyUser);
  const state = useSessionStore.getState();
  if (state.kind === kind) {
    writeActiveSession(storages.session, null);
    state.clearIdentity();
  }
}
