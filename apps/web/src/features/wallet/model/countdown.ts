/**
 * SPEC §4 collection order countdown: the time left until `expireTime`, read on the server's clock
 * (the local clock plus the stored server-time delta), never below zero.
 */
export function remainingMs(
  expireTimeMs: number,
  localNowMs: number,
  serverDeltaMs: number,
): number {
  return Math.max(0, expireTimeMs - (localNowMs + serverDeltaMs));
}

/** mm:ss, minutes not capped at 59 so a long expiry still reads right. */
export function formatCountdown(remaining: number): string {
  const totalSeconds = Math.ceil(remaining / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The server's clock minus ours, from an HTTP Date header read at `localNowMs`; 0 when absent. */
export function serverDeltaFromDateHeader(dateHeader: string | null, localNowMs: number): number {
  if (!dateHeader) return 0;
  const serverMs = Date.parse(dateHeader);
  return Number.isNaN(serverMs) ? 0 : serverMs - localNowMs;
}
