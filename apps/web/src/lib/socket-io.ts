import type { io } from 'socket.io-client';

let loading: Promise<typeof io> | undefined;

/**
 * The Socket.IO client, loaded on first use rather than with the first page: the match list
 * paints from its HTTP answer, and the sockets only bring what changes after it. Both sockets
 * share the one load.
 */
export function loadSocketIo(): Promise<typeof io> {
  loading ??= import('socket.io-client').then((module) => module.io);
  return loading;
}
