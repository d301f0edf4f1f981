import { userType } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

interface Credentials {
  uid: string;
  token: string;
}

/** `/app/api/user/type`: what kind of identity the token is, as the server knows it now. */
export function fetchUserType(credentials: Credentials) {
  return callApi(userType, {}, { credentials });
}

/**
 * The kind of the active identity's token, read once per token: a token never changes kind, so
 * the answer is kept for as long as the token is the active one.
 */
export function useUserType(credentials: Credentials | null) {
  return useQuery({
    queryKey: ['user-type', credentials?.uid, credentials?.token] as const,
    queryFn: () => fetchUserType(credentials as Credentials),
    enabled: credentials !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
