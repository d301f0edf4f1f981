import {
  type CollectionOrder,
  collectionCancel,
  collectionCreate,
  collectionOrder,
  depositAddress,
  depositCreate,
  depositList,
  walletPayType,
} from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withIdempotencyKey } from './idempotency';

export const depositQueryKeys = {
  payTypes: ['wallet', 'pay-types'] as const,
  address: (payTypeId: number) => ['wallet', 'deposit-address', payTypeId] as const,
  history: ['wallet', 'deposit-history'] as const,
};

/** getPayType: every deposit pay type, types 1–8. */
export function usePayTypes() {
  return useQuery({
    queryKey: depositQueryKeys.payTypes,
    queryFn: () => callApi(walletPayType, {}),
  });
}

/** createDeposit: answers the hosted pay page's path. */
export function createHostedDeposit(
  input: { scale: number; payTypeId: number; amount: number; toCurrencyId: number },
  idempotencyKey: string,
): Promise<string> {
  return callApi(depositCreate, withIdempotencyKey<typeof depositCreate>(input, idempotencyKey));
}

/** The member's type-5 address on a network, the same every time, so kept while the app runs. */
export function useDepositAddress(payTypeId: number | null) {
  return useQuery({
    queryKey: depositQueryKeys.address(payTypeId ?? 0),
    queryFn: () => callApi(depositAddress, { payTypeId: payTypeId ?? 0 }),
    enabled: payTypeId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** createCPA: a type-2 collection order. */
export function createCollectionOrder(
  input: { scale: number; payTypeId: number; amount: number },
  idempotencyKey: string,
): Promise<CollectionOrder> {
  return callApi(
    collectionCreate,
    withIdempotencyKey<typeof collectionCreate>(input, idempotencyKey),
  );
}

/** The pending collection order, or null. */
export function fetchPendingCollectionOrder(): Promise<CollectionOrder | null> {
  return callApi(collectionOrder, {});
}

export function cancelCollectionOrder(orderNo: string): Promise<null> {
  return callApi(collectionCancel, { orderNo });
}

export interface HistoryPageRequest {
  page: number;
  size: number;
  startTime: number;
  endTime: number;
}

export function fetchDepositHistory(request: HistoryPageRequest) {
  return callApi(depositList, request);
}
