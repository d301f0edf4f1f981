import { type CashOutResult, errorCatalogue, orderCashOut, orderCashOutQuote } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, callApi } from '../../../lib/api-client';

const offerChangedCode = errorCatalogue.CASH_OUT_OFFER_CHANGED.code;

/** An open bet's offer is asked again this often while my bets shows it (prices move). */
export const cashOutQuoteRefreshMs = 5_000;

export const cashOutQuoteKey = (orderNo: string) => ['cash-out-quote', orderNo] as const;

/** The current offer of an open bet, minor units; refusals (not available, suspended) throw. */
export async function fetchCashOutOffer(orderNo: string): Promise<number> {
  return (await callApi(orderCashOutQuote, { orderNo }, { isSilent: true })).offer;
}

/**
 * The offer of an accepted bet from the quote call, asked again every 5 s while shown. A refusal
 * (7151 not available, 7152 a market suspended) is the query's error until an answer replaces
 * it; it is not retried, the next refresh asks again.
 */
export function useCashOutQuote(orderNo: string, isWanted = true) {
  return useQuery({
    queryKey: cashOutQuoteKey(orderNo),
    enabled: isWanted,
    queryFn: () => fetchCashOutOffer(orderNo),
    refetchInterval: cashOutQuoteRefreshMs,
    retry: false,
    staleTime: 0,
    gcTime: cashOutQuoteRefreshMs,
  });
}

/** The offer in a CASH_OUT_OFFER_CHANGED message, or null for any other failure. */
export function offerOf(error: ApiError): number | null {
  if (error.code !== offerChangedCode) return null;
  const match = /offer is now (\d+)/.exec(error.message);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * Cashes the order out for at least `amount`, the offer the member saw. Refusals are shown by the
 * API client; a lower offer comes back as an ApiError whose offer `offerOf` reads.
 */
export function cashOutOrder(
  orderNo: string,
  amount: number,
  scale: number,
  idempotencyKey: string,
): Promise<CashOutResult> {
  const input = { orderNo, amount, scale, idempotencyKey };
  return callApi(orderCashOut, input);
}
