import { errorCatalogue, type Refused } from '@sb/contract';
import type { Socket } from 'socket.io';
import { createTokenBucket } from '../platform/token-bucket';

/** Packets of any kind a socket may send: a burst, then so many a second. */
export interface PacketLimit {
  burst: number;
  perSecond: number;
}

/**
 * A socket middleware against flooding: a socket sending packets of any kind faster than
 * `limit` hears `refused` (event `flood`, RATE_LIMITED) and is disconnected. Bound first, so a
 * flood is cut before any other middleware or handler reads its packets.
 */
export function guardAgainstFlood(
  socket: Socket,
  limit: PacketLimit,
  emitRefused: (refused: Refused) => void,
): void {
  const packets = createTokenBucket(limit.burst, limit.perSecond);
  socket.use((_packet, next) => {
    if (packets.take()) return next();
    emitRefused({
      event: 'flood',
      code: errorCatalogue.RATE_LIMITED.code,
      msg: 'too many messages, disconnected',
    });
    socket.disconnect(true);
  });
}
