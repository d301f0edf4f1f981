import { errorCatalogue } from '@sb/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientHooks, ApiError, configureApiClient } from '../../../lib/api-client';
import { grabEnvelope, refusalKeyOf } from './promotion-calls';

const claim = {
  campaignId: 4,
  amount: 1_234,
  currencyId: 1,
  scale: 2,
  money: 'cash',
  bonusId: null,
  freeBetId: null,
  claimedAt: 1_000,
};
const answer = (code: number, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg: code === 0 ? 'success' : 'refused', data }));
const fetchMock = vi.fn<typeof fetch>();
const noWait = () => Promise.resolve();

function sentKeys(): unknown[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).idempotencyKey);
}

beforeEach(() => {
  configureApiClient({
    currentCredentials: () => ({ uid: 'u1', token: 't1' }),
    clientInfo: () => ({}),
    onLoginRequired: () => {},
    onSessionInvalid: () => {},
    onFailureMessage: () => {},
    localMessage: (code: number) => `local ${code}`,
  } satisfies ApiClientHooks);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('grabbing an envelope', () => {
  it('sends the campaign and the idempotency key, and answers the envelope', async () => {
    fetchMock.mockResolvedValue(answer(0, claim));
    await expect(grabEnvelope(4, 'key-1', noWait)).resolves.toEqual(claim);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ id: 4, idempotencyKey: 'key-1' });
  });

  it('sends a grab that reached no server again with the same key', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('network'))
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValue(answer(0, claim));
    await expect(grabEnvelope(4, 'key-2', noWait)).resolves.toEqual(claim);
    expect(sentKeys()).toEqual(['key-2', 'key-2', 'key-2']);
  });

  it('gives up after three retries, and never retries a refusal', async () => {
    fetchMock.mockRejectedValue(new TypeError('network'));
    await expect(grabEnvelope(4, 'key-3', noWait)).rejects.toBeInstanceOf(ApiError);
    expect(sentKeys()).toEqual(['key-3', 'key-3', 'key-3', 'key-3']);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(answer(errorCatalogue.ENVELOPES_GONE.code));
    const refusal = await grabEnvelope(4, 'key-4', noWait).catch((error: unknown) => error);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(refusalKeyOf(refusal)).toBe('error.envelopesGone');
  });
});
