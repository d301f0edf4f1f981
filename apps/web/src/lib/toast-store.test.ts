import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastDurationMs, useToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('removes a toast after SPEC’s 2500 ms', () => {
    useToastStore.getState().show('error', 'Wrong account or password');
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('shows a repeated message once, for the full time again', () => {
    const { show } = useToastStore.getState();
    show('error', 'Wrong account or password');
    vi.advanceTimersByTime(2000);
    show('error', 'Wrong account or password');
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('keeps at most four toasts', () => {
    for (let index = 0; index < 6; index++) useToastStore.getState().show('info', `m${index}`);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
  });
});
