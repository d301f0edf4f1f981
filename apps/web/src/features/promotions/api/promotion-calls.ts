import {
  type EnvelopeClaim,
  envelopeParticipate,
  findError,
  memberEnvelopeActivity,
} from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi, isNetworkError } from '../../../lib/api-client';
import { backoffDelayMs } from '../../../lib/backoff';
import { withIdempotencyKey } from '../../../lib/idempotency-key';

/** Every query of the page starts with this, so a push reads them all again at once. */
export const promotionsRootKey = ['promotions'] as const;

/** A page of campaigns is as many as the call gives at once: SPEC lists no paging here. */
const campaignPageSize = 100;

/**
 * The member's red-envelope campaigns (running, coming up and closed in the last 30 days), or
 * only those they grabbed (`mine`, their history). Keyed by the member, so another member's list
 * is never shown after a switch. Read again on every visit of the page: pushes heard elsewhere on
 * the site (a start, an end) and other members' grabs change it while the page is not open. A
 * refusal is the query's error, shown by the page.
 */
export function useEnvelopeCampaigns(memberId: number, isMine: boolean) {
  return useQuery({
    queryKey: [...promotionsRootKey, memberId, isMine ? 'mine' : 'all'],
    queryFn: () =>
      callApi(
        memberEnvelopeActivity,
        { mine: isMine, page: 1, size: campaignPageSize },
        { isSilent: true },
      ),
    enabled: memberId > 0,
    staleTime: 0,
  });
}

/** Retries of a grab that reached no server, with SPEC §9's backoff (100, 200, 400 ms). */
const grabRetriesMax = 3;

/**
 * Grabs an envelope of campaign `id` with `idempotencyKey`. A grab that reached no server is
 * sent again with the same key (the server answers a retry with the same envelope, never a
 * second one), up to three times; the caller keeps the key for a later tap after that, and takes
 * a new one only once the server has answered.
 */
export async function grabEnvelope(
  id: number,
  idempotencyKey: string,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<EnvelopeClaim> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await callApi(
        envelopeParticipate,
        withIdempotencyKey<typeof envelopeParticipate>({ id }, idempotencyKey),
        { isSilent: true },
      );
    } catch (error) {
      if (!isNetworkError(error) || attempt >= grabRetriesMax) throw error;
      await wait(backoffDelayMs(attempt));
    }
  }
}

/** The text key of a refusal in the error catalogue, or null for one it does not know. */
export function refusalKeyOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return findError(error.code)?.key ?? null;
}
