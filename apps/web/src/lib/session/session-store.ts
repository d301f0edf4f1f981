import { channelTypes, type Session, type UserInfo } from '@sb/contract';
import { create } from 'zustand';
import { site } from '../site';

/**
 * SPEC §4 identity kinds this client holds. A partner's player is a member whose session says so
 * (see `isPartnerSession`), kept under the member's keys.
 */
export type IdentityKind = 'visitor' | 'member' | 'demo';

interface SessionState {
  kind: IdentityKind | null;
  session: Session | null;
  userInfo: UserInfo | null;
  /** True while no identity is held and one is being resumed or created. */
  isResolving: boolean;
  setIdentity(kind: IdentityKind, session: Session): void;
  setUserInfo(userInfo: UserInfo | null): void;
  setResolving(isResolving: boolean): void;
  clearIdentity(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  kind: null,
  session: null,
  userInfo: null,
  isResolving: true,
  setIdentity: (kind, session) => set({ kind, session, userInfo: null, isResolving: false }),
  setUserInfo: (userInfo) => set({ userInfo }),
  setResolving: (isResolving) => set({ isResolving }),
  clearIdentity: () => set({ kind: null, session: null, userInfo: null }),
}));

/** SPEC §3: memberId 0 means not logged in. */
export function selectMemberId(state: SessionState): number {
  return state.session?.memberId ?? 0;
}

export function selectIsMember(state: SessionState): boolean {
  return selectMemberId(state) > 0;
}

/** SPEC §1: the session field source picks the flavour, 2 by default. */
export function selectSource(state: SessionState): number {
  return state.session?.source ?? site.defaultSource;
}

/** Which kind of identity a session is: demo accounts carry pUid > 0 (SPEC §6). */
export function identityKindOf(session: Pick<Session, 'memberId' | 'pUid'>): IdentityKind {
  if (session.pUid > 0) return 'demo';
  return session.memberId > 0 ? 'member' : 'visitor';
}

/** SPEC §6: a partner (SDK) player is flagged by a channelType other than a1. */
export function isPartnerSession(session: Pick<Session, 'channelType'>): boolean {
  return session.channelType !== channelTypes.site;
}

export function selectIsPartner(state: SessionState): boolean {
  return state.session ? isPartnerSession(state.session) : false;
}
