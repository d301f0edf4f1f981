import { QueryClient } from '@tanstack/react-query';
import { isNetworkError } from './api-client';
import { backoffDelayMs } from './backoff';
import { networkOutage } from './network-outage';

/**
 * A read that failed on the network is tried this many times more: with SPEC §9's backoff
 * (jittered by half, so many pages do not come back at the same instant) that is about 30 s,
 * longer than most drops of a mobile connection, before the query shows its error.
 */
export const readRetriesMax = 8;

/**
 * Reads that failed on the network are tried again with SPEC §9's backoff, and the outage
 * shows one warning toast (lib/network-outage.ts). A server code is the server's answer, which
 * a retry would not change, and the API client has already shown it: no retry.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (!isNetworkError(error)) return false;
  networkOutage.readFailed(error as object);
  return failureCount < readRetriesMax;
}

export function readRetryDelayMs(failureCount: number): number {
  return backoffDelayMs(failureCount, { jitter: 0.5 });
}

/** Queries do not refetch on focus by themselves; mutations never retry (a write may have landed). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetryRead,
      retryDelay: readRetryDelayMs,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
