import {
  commonFieldsSchema,
  memberCreateAccount,
  memberLoginAccount,
  memberProfile,
  visitorCreate,
} from '@sb/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientHooks, ApiError, callApi, configureApiClient } from './api-client';

const session = {
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

function answer(code: number, msg: string, data: unknown = null) {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200 });
}

let hooks: { [K in keyof ApiClientHooks]: ReturnType<typeof vi.fn> };
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  hooks = {
    currentCredentials: vi.fn(() => ({ uid: 'u1', token: 't1' })),
    clientInfo: vi.fn(() => ({ pid: '888', siteNo: '7', lang: 'en' })),
    onLoginRequired: vi.fn(),
    onSessionInvalid: vi.fn(),
    onFailureMessage: vi.fn(),
    localMessage: vi.fn((code: number) => `local ${code}`),
  };
  configureApiClient(hooks as unknown as ApiClientHooks);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function sentBody(): Record<string, unknown> {
  const init = fetchMock.mock.calls[0]?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('callApi', () => {
  it('posts JSON with token, uid, client info and only the call’s own fields', async () => {
    fetchMock.mockResolvedValue(answer(0, 'success', session));
    await callApi(memberLoginAccount, { account: 'player01', pwd: 'a'.repeat(32) });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/app/api/member/login/account');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    const body = sentBody();
    expect(body).toMatchObject({ uid: 'u1', token: 't1', pid: '888', account: 'player01' });
    const allowed = commonFieldsSchema.extend(memberLoginAccount.input.shape).strict();
    expect(allowed.safeParse(body).success).toBe(true);
  });

  it('sends no identity when asked to (public calls such as visitor creation)', async () => {
    fetchMock.mockResolvedValue(answer(0, 'success', session));
    await callApi(visitorCreate, {}, { credentials: null });
    expect(sentBody()).not.toHaveProperty('token');
  });

  it('resolves with the parsed data on code 0', async () => {
    fetchMock.mockResolvedValue(answer(0, 'success', session));
    await expect(callApi(visitorCreate, {})).resolves.toMatchObject({ uid: 'u1' });
    expect(hooks.onFailureMessage).not.toHaveBeenCalled();
  });

  it('opens the login window on 402 without a toast', async () => {
    fetchMock.mockResolvedValue(answer(402, 'Please log in first'));
    await expect(callApi(memberProfile, {})).rejects.toMatchObject({ code: 402 });
    expect(hooks.onLoginRequired).toHaveBeenCalledOnce();
    expect(hooks.onFailureMessage).not.toHaveBeenCalled();
  });

  it('ends the session on 403 without a toast', async () => {
    fetchMock.mockResolvedValue(answer(403, 'Your session has expired'));
    await expect(callApi(memberProfile, {})).rejects.toBeInstanceOf(ApiError);
    expect(hooks.onSessionInvalid).toHaveBeenCalledOnce();
    expect(hooks.onFailureMessage).not.toHaveBeenCalled();
  });

  it('leaves 402 and 403 to the caller when asked to', async () => {
    fetchMock.mockResolvedValue(answer(403, 'expired'));
    await expect(callApi(memberProfile, {}, { handleAuthCodes: false })).rejects.toMatchObject({
      code: 403,
    });
    expect(hooks.onSessionInvalid).not.toHaveBeenCalled();
  });

  it('shows nothing for a 403 on account creation', async () => {
    fetchMock.mockResolvedValue(answer(403, 'expired'));
    const input = { account: 'player01', pwd: 'a'.repeat(32) };
    await expect(
      callApi(memberCreateAccount, input, { isAccountCreation: true }),
    ).rejects.toMatchObject({ code: 403 });
    expect(hooks.onSessionInvalid).not.toHaveBeenCalled();
    expect(hooks.onFailureMessage).not.toHaveBeenCalled();
  });

  it('shows the server message for other codes', async () => {
    fetchMock.mockResolvedValue(answer(2002, 'Wrong account or password'));
    const input = { account: 'player01', pwd: 'a'.repeat(32) };
    await expect(callApi(memberLoginAccount, input)).rejects.toMatchObject({ code: 2002 });
    expect(hooks.onFailureMessage).toHaveBeenCalledWith('Wrong account or password');
  });

  it('reports a network failure with the local message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(visitorCreate, {})).rejects.toMatchObject({ code: -1 });
    // Once no query has claimed the failure as a read (lib/network-outage.ts).
    await vi.waitFor(() => expect(hooks.onFailureMessage).toHaveBeenCalledWith('local -1'));
  });

  it('rejects data that does not match the contract', async () => {
    fetchMock.mockResolvedValue(answer(0, 'success', { uid: 1 }));
    await expect(callApi(visitorCreate, {})).rejects.toMatchObject({ code: -2 });
  });
});
