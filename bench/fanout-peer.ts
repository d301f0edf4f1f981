import WebSocket, { WebSocketServer } from 'ws';
import type { DueUpdate } from './fanout-feed';
import { deltaFramePrefix } from './fanout-protocol';

/**
 * The yardstick: a plain `ws` server that keeps its clients in groups by the `room` of their
 * URL and broadcasts each update as one frame written to every member, with nothing in between
 * (no read model, no rooms adapter, no per-socket packet handling).
 */
export async function startWsPeer(options: {
  roomNames: string[];
  /** The product's own delta content of each room, so the peer's frames are as long. */
  deltaDataOf: (roomIndex: number) => unknown;
  epoch: number;
}) {
  const groups = options.roomNames.map(() => new Set<WebSocket>());
  const roomIndexes = new Map(options.roomNames.map((name, index) => [name, index]));
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  server.on('connection', (socket, request) => {
    const room = new URL(request.url ?? '/', 'ws://peer').searchParams.get('room') ?? '';
    const group = groups[roomIndexes.get(room) ?? -1];
    if (!group) {
      socket.close(1008, 'unknown room');
      return;
    }
    group.add(socket);
    socket.on('close', () => group.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the peer is not listening on a TCP port');

  return {
    url: `ws://127.0.0.1:${address.port}`,
    deliver(batch: DueUpdate[]): void {
      for (const update of batch) {
        const group = groups[update.roomIndex];
        if (!group) continue;
        const message = {
          room: options.roomNames[update.roomIndex],
          epoch: options.epoch,
          seq: update.seq,
          data: options.deltaDataOf(update.roomIndex),
        };
        // Encoded once per update, as Socket.IO encodes a room broadcast once for all members.
        const frame = `${deltaFramePrefix}${JSON.stringify(message)}]`;
        for (const socket of group) if (socket.readyState === WebSocket.OPEN) socket.send(frame);
      }
    },
    async close(): Promise<void> {
      for (const socket of server.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
