import { type CashOutResult, errorCatalogue, orderCashOut, orderCashOutQuote } from '@sb/contract';
import { type ApiError, callApi } from '../../../lib/api-client';

const offerChangedCode = errorCatalogue.CASH_OUT_OFFER_CHANGED.code;

/** The current offer of an open bet, minor units; refusals (not available, suspended) throw. */
export async function fetchCashOutOffer(orderNo: string): Promise<number> {
  return (await callApi(orderCashOutQuote, { orderNo }, { isSilent: true })).offer;
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
