import { defaultOrderPageSize, orderList } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const orderListRootKey = ['order-list'] as const;

/** The member's open (pending, accepted) or finished orders, newest first, one page at a time. */
export function useOrderList(memberId: number, isSettled: boolean, page: number) {
  return useQuery({
    queryKey: [...orderListRootKey, memberId, isSettled, page] as const,
    queryFn: () => callApi(orderList, { isSettled, page, size: defaultOrderPageSize }),
    enabled: memberId > 0,
    staleTime: 0,
  });
}
