import { useSessionStore } from '../session/session-store';
import { createOperatorApi } from './operator-api';

/** How long one call may take before the console reports a network failure. */
const requestTimeoutMs = 15_000;

/**
 * The console's one API client, tied to its session store. Same origin as the page (the server
 * serves the console), or VITE_API_BASE_URL like the member site.
 */
export const consoleApi = createOperatorApi({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  requestTimeoutMs,
  session: () => useSessionStore.getState().session,
  onActivity: (at) => useSessionStore.getState().recordActivity(at),
  onSessionEnded: (reason) => useSessionStore.getState().endSession(reason),
});

export const callConsole = consoleApi.call;
export const serverTimeToLocal = consoleApi.toLocalTime;
