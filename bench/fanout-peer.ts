import WebSocket, { WebSocketServer } from 'ws';
import type { DueUpdate } from './fanout-feed';
import { deltaFramePrefix } from './fanout-protocol';

/** Engine.IO's heartbeat, as a Socket.IO server sends it by default. */
const pingIntervalMs = 25_000;
const pingTimeoutMs = 20_000;

/**
 * Just enough of the Engine.IO 4 and Socket.IO 5 wire protocol over a plain WebSocket for the
 * official client: the open packet, the namespace connect, `join-room` with its ack and the
 * heartbeat. Everything else a client sends is ignored.
 */
function speakSocketIo(socket: WebSocket, sid: string, join: (room: string) => boolean): void {
  socket.send(
    `0${JSON.stringify({ sid, upgrades: [], pingInterval: pingIntervalMs, pingTimeout: pingTimeoutMs, maxPayload: 1_000_000 })}`,
  );
  // The heartbeat, or the client closes the connection after 45 s. Engine.IO times each socket's
  // ping from its own connection, so the pings of a server's sockets are spread as they connected;
  // one timer pinging every socket at once would stall the machine in whichever slice it fell.
  const pingTimer = setInterval(() => {
    if (socket.readyState === WebSocket.OPEN) socket.send('2');
  }, pingIntervalMs);
  socket.on('close', () => clearInterval(pingTimer));
  socket.on('message', (data: Buffer) => {
    const text = data.toString();
    if (text.startsWith('40')) socket.send(`40${JSON.stringify({ sid: `${sid}-io` })}`);
    const joinRoom = /^42(\d+)\["join-room",(.*)\]$/.exec(text);
    if (!joinRoom) return;
    const { rooms } = JSON.parse(joinRoom[2] ?? '{}') as { rooms?: string[] };
    const isJoined = (rooms ?? []).every(join);
    socket.send(`43${joinRoom[1]}[${JSON.stringify({ code: isJoined ? 0 : 1, msg: '' })}]`);
  });
}

/**
 * The yardsticks: a `ws` server that keeps its clients in groups and broadcasts each update as
 * one frame written to every member, with nothing in between (no read model, no rooms adapter,
 * no per-socket packet handling). Speaking `plain`, a client's group is the `room` of its URL;
 * speaking `socket.io` (the wire protocol only, see `speakSocketIo`), the official Socket.IO
 * client connects to it and joins with `join-room`, so the client library's own cost is measured
 * apart from any server's.
 */
export async function startWsPeer(options: {
  roomNames: string[];
  /** The product's own delta content of each room, so the peer's frames are as long. */
  deltaDataOf: (roomIndex: number) => unknown;
  epoch: number;
  protocol: 'plain' | 'socket.io';
}) {
  const groups = options.roomNames.map(() => new Set<WebSocket>());
  const roomIndexes = new Map(options.roomNames.map((name, index) => [name, index]));
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  let nextSid = 0;
  server.on('connection', (socket, request) => {
    const joined: Set<WebSocket>[] = [];
    const join = (room: string): boolean => {
      const group = groups[roomIndexes.get(room) ?? -1];
      if (!group) return false;
      group.add(socket);
      joined.push(group);
      return true;
    };
    socket.on('close', () => {
      for (const group of joined) group.delete(socket);
    });
    if (options.protocol === 'socket.io') {
      nextSid += 1;
      speakSocketIo(socket, `peer-${nextSid}`, join);
      return;
    }
    const room = new URL(request.url ?? '/', 'ws://peer').searchParams.get('room') ?? '';
    if (!join(room)) socket.close(1008, 'unknown room');
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
