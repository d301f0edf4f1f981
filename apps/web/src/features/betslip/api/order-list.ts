import { defaultOrderPageSize, orderList } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const orderListRootKey = ['order-list'] as const;

/**
 * How often the open orders on screen are read again. A leg of an open parlay settles without
 * any push (its order stays open, so no `H`), and the list must show the leg's result and what
 * the bet can still return soon after.
 */
export const openOrdersRefreshMs = 15_000;

/** The member's open (pending, accepted) or finished orders, newest first, one page at a time. */
export function useOrderList(memberId: number, isSettled: boolean, page: number) {
  return useQuery({
    queryKey: [...orderListRootKey, memberId, isSettled, page] as const,
    queryFn: () => callApi(orderList, { isSettled, page, size: defaultOrderPageSize }),
    enabled: memberId > 0,
    staleTime: 0,
    refetchInterval: isSettled ? false : openOrdersRefreshMs,
  });
}
