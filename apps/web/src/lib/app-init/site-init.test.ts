import { visibilityFor } from '@sb/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../query-client';
import { appInitQueryKeys, applyPushedSysInit, useSiteSwitchesStore } from './site-init';

const sysInit = (control_switch: number[]) => ({ staticUrl: '/static', control_switch });

beforeEach(() => {
  queryClient.clear();
  useSiteSwitchesStore.setState({
    switches: [],
    hasSwitches: false,
    isLiveStream: false,
    visibility: visibilityFor([], false),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the switches a page holds', () => {
  it('apply a pushed change at once and read app init and the sports menu again', () => {
    queryClient.setQueryData(appInitQueryKeys.sysInit, sysInit([]));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyPushedSysInit(sysInit([20]));
    const { visibility, switches, hasSwitches } = useSiteSwitchesStore.getState();
    expect(switches).toEqual([20]);
    expect(hasSwitches).toBe(true);
    expect(visibility.isSportVisible(3)).toBe(false);
    expect(visibility).toBe(visibilityFor([20], false));
    expect(queryClient.getQueryData(appInitQueryKeys.sysInit)).toEqual(sysInit([20]));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['app-init'] });
  });

  it('read nothing again when the socket repeats what the page holds (on every connect)', () => {
    queryClient.setQueryData(appInitQueryKeys.sysInit, sysInit([2, 30]));
    useSiteSwitchesStore.getState().setSwitches([2, 30]);
    const held = useSiteSwitchesStore.getState().visibility;
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyPushedSysInit(sysInit([2, 30]));
    expect(invalidate).not.toHaveBeenCalled();
    expect(useSiteSwitchesStore.getState().visibility).toBe(held);
  });

  it('read app init when a push comes before the first answer', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyPushedSysInit(sysInit([1000]));
    expect(useSiteSwitchesStore.getState().visibility.isSportVisible(1000)).toBe(false);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('hide play type 2 in the live-stream flavour, and the switches stay as they were', () => {
    useSiteSwitchesStore.getState().setSwitches([3]);
    useSiteSwitchesStore.getState().setLiveStream(true);
    const { visibility } = useSiteSwitchesStore.getState();
    expect([...visibility.hiddenPlays(1)].sort()).toEqual([2, 7]);
    useSiteSwitchesStore.getState().setLiveStream(false);
    expect([...useSiteSwitchesStore.getState().visibility.hiddenPlays(1)]).toEqual([7]);
  });
});
