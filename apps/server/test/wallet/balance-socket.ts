import { type BalanceEvent, balanceEventSchema, type Session } from '@sb/contract';
import { io, type Socket } from 'socket.io-client';

/** A member's /app/socket, recording every `balance` event it hears. */
export interface BalanceSocket {
  socket: Socket;
  events: BalanceEvent[];
  /** The next `balance` event not yet taken, waiting up to `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<BalanceEvent>;
  /** Forgets every event heard so far. */
  forget(): void;
  close(): void;
}

/** Connects as the official client does: websocket only, token and uid in the query. */
export async function connectBalanceSocket(
  baseUrl: string,
  session: Pick<Session, 'token' | 'uid'>,
): Promise<BalanceSocket> {
  const socket = io(baseUrl, {
    path: '/app/socket',
    transports: ['websocket'],
    query: { token: session.token, uid: session.uid },
    reconnection: false,
    forceNew: true,
  });
  const events: BalanceEvent[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  socket.on('balance', (payload: unknown) => {
    // Every push must match the contract; a malformed one fails the test that waits for it.
    events.push(balanceEventSchema.parse(payload));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return {
    socket,
    events,
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= events.length) {
        const remainingMs = deadline - Date.now();
        if (remainingMs <= 0) throw new Error('no balance event arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remainingMs);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      taken += 1;
      return events[taken - 1] as BalanceEvent;
    },
    forget() {
      events.length = 0;
      taken = 0;
    },
    close: () => socket.close(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
