import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient } from '../../../lib/api-client';
import { signInPartnerPlayer } from './open-member-login';
import { redeemPartnerPasscode } from './open-passcode-login';

const session = {
  uid: 'u1',
  token: 't1',
  memberId: 12,
  account: null,
  source: 2,
  languageCode: 'en',
  channelType: 'v2',
  agentId: 1,
  principal: 'player-42',
  channel: 'acme',
  type: 3,
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

describe('the partner sign-in calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const failures: string[] = [];

  beforeEach(() => {
    failures.length = 0;
    configureApiClient({
      // A visitor is active when the link is opened; its identity must not be sent.
      currentCredentials: () => ({ uid: 'visitor-uid', token: 'visitor-token' }),
      clientInfo: () => ({ pid: '888', siteNo: '7', lang: 'zh' }),
      onLoginRequired: () => {},
      onSessionInvalid: () => {},
      onFailureMessage: (message) => failures.push(message),
      localMessage: (code) => `local ${code}`,
    });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  function sent(): { url: unknown; body: Record<string, unknown> } {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url, body: JSON.parse(String(init?.body)) as Record<string, unknown> };
  }

  it("sends the link's fields to /open/member/login, with its site number and language", async () => {
    fetchMock.mockResolvedValue(Response.json({ code: 0, msg: 'success', data: session }));
    const answer = await signInPartnerPlayer({
      authToken: 'a.b',
      principal: 'player-42',
      channel: 'acme',
      currencyCode: 'USD',
      siteNo: '9',
      lang: 'en',
    });
    expect(answer.channel).toBe('acme');
    const { url, body } = sent();
    expect(url).toBe('/open/member/login');
    expect(body).toMatchObject({
      authToken: 'a.b',
      principal: 'player-42',
      channel: 'acme',
      currencyCode: 'USD',
      siteNo: '9',
      lang: 'en',
      pid: '888',
    });
    expect(body).not.toHaveProperty('token');
    expect(body).not.toHaveProperty('uid');
  });

  it('redeems a passcode at /open/member/passcode/login, keeping the site number it has', async () => {
    fetchMock.mockResolvedValue(Response.json({ code: 0, msg: 'success', data: session }));
    await redeemPartnerPasscode({ passcode: 'Xy_9', lang: 'zht' });
    const { url, body } = sent();
    expect(url).toBe('/open/member/passcode/login');
    expect(body).toMatchObject({ passcode: 'Xy_9', siteNo: '7', lang: 'zht' });
    expect(body).not.toHaveProperty('token');
  });

  it("fails with the server's code and message, shown as the failure toast", async () => {
    const msg = 'This sign-in link is invalid, has expired or was already used';
    fetchMock.mockResolvedValue(Response.json({ code: 2020, msg, data: null }));
    const failure = await redeemPartnerPasscode({ passcode: 'used', lang: 'en' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 2020, message: msg });
    expect(failures).toEqual([msg]);
  });
});
