import { visitorCreate } from '@sb/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiClientHooks,
  ApiError,
  callApi,
  configureApiClient,
  localErrorCodes,
} from './api-client';
import { createNetworkOutage, networkOutage } from './network-outage';
import { readRetriesMax, readRetryDelayMs, shouldRetryRead } from './query-client';
import { useToastStore } from './toast-store';

describe('createNetworkOutage', () => {
  function outage() {
    const warn = vi.fn();
    const deferred: (() => void)[] = [];
    const tracker = createNetworkOutage({ warn, defer: (run) => deferred.push(run) });
    const flush = () => {
      for (const run of deferred.splice(0)) run();
    };
    return { warn, tracker, flush };
  }

  it('warns once for the failed reads of one outage, and again after the server answered', () => {
    const { warn, tracker } = outage();
    tracker.readFailed(new Error('a'));
    tracker.readFailed(new Error('b'));
    tracker.readFailed(new Error('c'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(tracker.isDown).toBe(true);
    tracker.answered();
    expect(tracker.isDown).toBe(false);
    tracker.readFailed(new Error('d'));
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('shows the error of a failure no query claimed, and not that of a claimed one', () => {
    const { tracker, flush } = outage();
    const write = new Error('write');
    const read = new Error('read');
    const showWrite = vi.fn();
    const showRead = vi.fn();
    tracker.failed(write, showWrite);
    tracker.failed(read, showRead);
    tracker.readFailed(read);
    flush();
    expect(showWrite).toHaveBeenCalledOnce();
    expect(showRead).not.toHaveBeenCalled();
  });
});

describe('reads through the query client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const hooks = {
    currentCredentials: () => ({ uid: 'u1', token: 't1' }),
    clientInfo: () => ({}),
    onLoginRequired: vi.fn(),
    onSessionInvalid: vi.fn(),
    onFailureMessage: vi.fn(),
    localMessage: (code: number) => `local ${code}`,
  } satisfies ApiClientHooks;
  const visitor = {
    uid: 'u1',
    token: 't1',
    memberId: 0,
    account: null,
    source: 2,
    languageCode: 'en',
    channelType: 'a1',
    agentId: 0,
    principal: null,
    channel: null,
    type: 0,
    pUid: 0,
    oddsConfig: [0, 0, 0, 0, 0],
    creditAmount: 0,
    loanAmount: 0,
    currencyCode: 'CNY',
    currencyId: 1,
    assetID: 'CNY',
    expiresAt: 1,
    hasPlaceholderPassword: false,
  };
  const answer = (code: number, data: unknown = null) =>
    new Response(JSON.stringify({ code, msg: code === 0 ? 'success' : 'refused', data }));
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const client = () =>
    new QueryClient({
      defaultOptions: { queries: { retry: shouldRetryRead, retryDelay: readRetryDelayMs } },
    });
  const warnings = () => useToastStore.getState().toasts.filter((t) => t.tone === 'warning');

  beforeEach(() => {
    configureApiClient(hooks);
    fetchMock.mockReset();
    hooks.onFailureMessage.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useToastStore.setState({ toasts: [] });
    networkOutage.answered();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('retries after network errors with the backoff, with one warning and no error toast', async () => {
    fetchMock.mockImplementationOnce(offline);
    fetchMock.mockImplementationOnce(offline);
    fetchMock.mockResolvedValueOnce(answer(0, visitor));
    const startedAt = Date.now();
    const data = await client().fetchQuery({
      queryKey: ['visitor'],
      queryFn: () => callApi(visitorCreate, {}),
    });
    expect(data).toMatchObject({ uid: 'u1' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Two backoff steps, 100 and 200 ms, each jittered by at most half.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(150);
    expect(warnings()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hooks.onFailureMessage).not.toHaveBeenCalled();
    expect(networkOutage.isDown).toBe(false);
  });

  it('does not retry a server code, which shows as the server said', async () => {
    fetchMock.mockResolvedValue(answer(2002));
    await expect(
      client().fetchQuery({ queryKey: ['refused'], queryFn: () => callApi(visitorCreate, {}) }),
    ).rejects.toMatchObject({ code: 2002 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hooks.onFailureMessage).toHaveBeenCalledWith('refused');
    expect(warnings()).toHaveLength(0);
  });

  it('retries a network error up to the last retry, and nothing else at all', () => {
    const offlineError = new ApiError(localErrorCodes.network, 'offline');
    expect(shouldRetryRead(0, offlineError)).toBe(true);
    expect(shouldRetryRead(readRetriesMax - 1, offlineError)).toBe(true);
    expect(shouldRetryRead(readRetriesMax, offlineError)).toBe(false);
    expect(shouldRetryRead(0, new ApiError(localErrorCodes.unexpectedAnswer, 'odd'))).toBe(false);
    expect(shouldRetryRead(0, new TypeError('a bug'))).toBe(false);
  });

  it('keeps the error toast of a call made outside a query, every time', async () => {
    fetchMock.mockImplementation(offline);
    await expect(callApi(visitorCreate, {})).rejects.toMatchObject({ code: -1 });
    await expect(callApi(visitorCreate, {})).rejects.toMatchObject({ code: -1 });
    await vi.waitFor(() => expect(hooks.onFailureMessage).toHaveBeenCalledTimes(2));
    expect(warnings()).toHaveLength(0);
  });
});
