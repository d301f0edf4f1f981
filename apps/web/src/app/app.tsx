import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/toaster';
import { useIdentityRuntime } from '../features/identity/hooks/use-identity-runtime';
import { queryClient } from '../lib/query-client';
import { useAppSocketConnection } from './app-socket-connection';
import { useRefetchOnLanguageChange } from './language-refetch';
import { useMemberBalanceLifecycle } from './member-balance';
import { AppRoutes } from './router';
import { useSiteInit } from './site-init';

function AppRuntime() {
  useIdentityRuntime();
  useMemberBalanceLifecycle();
  useAppSocketConnection();
  useRefetchOnLanguageChange();
  useSiteInit();
  return (
    <>
      <AppRoutes />
      <Toaster />
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRuntime />
    </QueryClientProvider>
  );
}
