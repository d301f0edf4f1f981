import { type Language, matchSportsType, matchSysInit, type SysInit } from '@sb/contract';
import { type Visibility, visibilityFor } from '@sb/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { callApi } from '../api-client';
import { queryClient } from '../query-client';
import { sourceFlavours } from '../site';

/**
 * App init (SPEC §3, §4): `/match/api/sysinit` (the control switches, `staticUrl`) and
 * `/match/api/sportsType` (the sports the server offers), read at start and again whenever the
 * match socket says app init changed (`applyPushedSysInit`). The switches' rule (packages/domain
 * `visibilityFor`) is applied to what the page already holds, so nothing hidden lingers on
 * screen between the push and the fresh answers.
 */
export const appInitQueryKeys = {
  all: ['app-init'] as const,
  sysInit: ['app-init', 'sysinit'] as const,
  sportsType: (language: Language) => ['app-init', 'sportsType', language] as const,
};

/** A page whose socket is down still learns a change this often; the push is the usual way. */
const appInitRefreshMs = 5 * 60_000;

interface SiteSwitchesState {
  /** The control switches app init last said; empty (nothing hidden) until it has said any. */
  switches: readonly number[];
  /** Whether app init has said them yet (an answer or the socket): until then they are a guess. */
  hasSwitches: boolean;
  /** SPEC §1's live-stream flavour (session source 1), which never shows play type 2. */
  isLiveStream: boolean;
  /** What this page may show; the same object for the same switches and flavour. */
  visibility: Visibility;
  setSwitches(switches: readonly number[]): void;
  setLiveStream(isLiveStream: boolean): void;
}

export const useSiteSwitchesStore = create<SiteSwitchesState>()((set, get) => ({
  switches: [],
  hasSwitches: false,
  isLiveStream: false,
  visibility: visibilityFor([], false),
  setSwitches(switches) {
    const visibility = visibilityFor(switches, get().isLiveStream);
    if (visibility !== get().visibility || !get().hasSwitches)
      set({ switches: [...switches], hasSwitches: true, visibility });
  },
  setLiveStream(isLiveStream) {
    const visibility = visibilityFor(get().switches, isLiveStream);
    if (visibility !== get().visibility) set({ isLiveStream, visibility });
  },
}));

/** What the page may show now, for components: re-renders only when it changes. */
export function useSiteVisibility(): Visibility {
  return useSiteSwitchesStore((state) => state.visibility);
}

const isSameSysInit = (left: SysInit, right: SysInit) =>
  left.staticUrl === right.staticUrl &&
  left.control_switch.join(',') === right.control_switch.join(',');

/**
 * The match socket's `sysinit` (on connect and on every change, docs/realtime.md): the switches
 * apply at once, and when they differ from what the page held, app init and the sports menu are
 * read again (and whatever listens to `useSiteVisibility` reads its own data again).
 */
export function applyPushedSysInit(pushed: SysInit): void {
  const held = queryClient.getQueryData<SysInit>(appInitQueryKeys.sysInit);
  useSiteSwitchesStore.getState().setSwitches(pushed.control_switch);
  if (held && isSameSysInit(held, pushed)) return;
  queryClient.setQueryData(appInitQueryKeys.sysInit, pushed);
  void queryClient.invalidateQueries({ queryKey: appInitQueryKeys.all });
}

/**
 * Reads app init once the page has an identity (the API client is set up then, as for every
 * match call) and keeps the switches and the flavour in force. Mounted once, at the app's root.
 */
export function useAppInit(options: { hasSession: boolean; source: number }): void {
  const { hasSession, source } = options;
  const sysInit = useQuery({
    queryKey: appInitQueryKeys.sysInit,
    queryFn: () => callApi(matchSysInit, {}, { credentials: null, isSilent: true }),
    enabled: hasSession,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: appInitRefreshMs,
  });
  const switches = sysInit.data?.control_switch;
  useEffect(() => {
    if (switches) useSiteSwitchesStore.getState().setSwitches(switches);
  }, [switches]);
  useEffect(() => {
    useSiteSwitchesStore.getState().setLiveStream(source === sourceFlavours.liveStream);
  }, [source]);
}

/**
 * The sports the server offers (`sportsType`: those the switches leave, in menu order, named in
 * the page's language). Undefined until answered, or when the read failed (silently: the tabs
 * then fall back to the sports the page knows, less those the switches hide).
 */
export function useOfferedSports(options: { hasSession: boolean; language: Language }) {
  return useQuery({
    queryKey: appInitQueryKeys.sportsType(options.language),
    queryFn: () => callApi(matchSportsType, {}, { credentials: null, isSilent: true }),
    enabled: options.hasSession,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: appInitRefreshMs,
  }).data;
}
