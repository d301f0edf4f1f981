import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientHooks, configureApiClient } from '../api-client';
import { type BalanceOwner, balanceCallFor, fetchWalletBalance } from './wallet-balance';

const member: BalanceOwner = {
  uid: 'u7',
  token: 't7',
  memberId: 7,
  agentId: 0,
  channelType: 'a1',
  principal: null,
  channel: null,
  assetID: 'CNY',
  currencyCode: 'CNY',
};

const partner: BalanceOwner = {
  ...member,
  agentId: 3,
  channelType: 'v2',
  principal: 'player-42',
  channel: 'partner-a',
};

describe('balance call choice (SPEC §4)', () => {
  it('uses the partner call for an agentId with channel type v2', () => {
    expect(balanceCallFor(partner)).toEqual({
      kind: 'partner',
      principal: 'player-42',
      channel: 'partner-a',
    });
  });

  it('uses the partner call for a player a partner link signed in (agent 1 when the token names none)', () => {
    const signedIn = { ...partner, agentId: 1, principal: 'link-player', channel: 'acme' };
    expect(balanceCallFor(signedIn)).toEqual({
      kind: 'partner',
      principal: 'link-player',
      channel: 'acme',
    });
  });

  it('uses the normal call for our own members', () => {
    expect(balanceCallFor(member)).toEqual({ kind: 'member' });
    expect(balanceCallFor({ ...member, agentId: 3 })).toEqual({ kind: 'member' });
    expect(balanceCallFor({ ...partner, agentId: 0 })).toEqual({ kind: 'member' });
    expect(balanceCallFor({ ...partner, channelType: 'a1' })).toEqual({ kind: 'member' });
  });

  it('uses the normal call when the partner principal or channel is not known', () => {
    expect(balanceCallFor({ ...partner, channel: null })).toEqual({ kind: 'member' });
    expect(balanceCallFor({ ...partner, principal: null })).toEqual({ kind: 'member' });
  });
});

describe('fetchWalletBalance', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const balances = [
    {
      currencyId: 1,
      currencyCode: 'CNY',
      assetID: 'CNY',
      scale: 2,
      amount: 1234,
      frozen: 0,
      status: 1,
      creditAmount: 0,
      loanAmount: 0,
      showAmount: '12.34',
      bonusAmount: 0,
      gameAmount: 0,
      marketAmount: 0,
    },
  ];

  beforeEach(() => {
    configureApiClient({
      currentCredentials: () => ({ uid: 'someone-else', token: 'other-token' }),
      clientInfo: () => ({ pid: '888' }),
      onLoginRequired: () => {},
      onSessionInvalid: () => {},
      onFailureMessage: () => {},
      localMessage: (code) => `local ${code}`,
    } satisfies ApiClientHooks);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () =>
      Response.json({ code: 0, msg: 'success', data: balances }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  function sent(): { url: unknown; body: Record<string, unknown> } {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url, body: JSON.parse(String(init?.body)) as Record<string, unknown> };
  }

  it("asks the normal wallet call with the owner's own uid and token", async () => {
    expect(await fetchWalletBalance(member)).toEqual(balances);
    const { url, body } = sent();
    expect(url).toBe('/app/api/wallet/balance');
    expect(body).toMatchObject({ uid: 'u7', token: 't7', pid: '888' });
    expect(body).not.toHaveProperty('principal');
  });

  it('asks the partner call with principal and channel', async () => {
    await fetchWalletBalance(partner);
    const { url, body } = sent();
    expect(url).toBe('/open/v2/wallet/balance');
    expect(body).toMatchObject({
      uid: 'u7',
      token: 't7',
      principal: 'player-42',
      channel: 'partner-a',
    });
  });
});
