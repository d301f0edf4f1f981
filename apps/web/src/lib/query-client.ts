import { QueryClient } from '@tanstack/react-query';

/**
 * Calls fail with a server code that a retry would not change, and the API client already shows
 * the failure, so queries do not retry or refetch on focus by themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
