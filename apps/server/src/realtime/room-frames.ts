import type { MatchSocketServerEvents } from '@sb/contract';
import type { Socket } from 'socket.io';
import type { MatchServer } from './match-broadcast';

/**
 * Room broadcasts written as one WebSocket frame, built once and handed to each socket's
 * WebSocket as it stands. `io.to(room).emit` encodes a broadcast once too, but then passes it
 * through Socket.IO's and Engine.IO's per-socket packet handling (a packet object, a write
 * buffer, flush and drain events, a write callback to learn when the transport is writable
 * again): on `/match/socket`, with thousands of sockets each hearing every change of its match,
 * that handling cost a third of the server's time per delivery (see docs/realtime.md).
 *
 * A socket gets the frame directly only when nothing of Engine.IO's is waiting to go before it:
 * its connection is open, its write buffer empty and its WebSocket open. Otherwise the event,
 * encoded once for the room, is written through Engine.IO behind what it holds, so every socket
 * hears its messages in the order they were sent whichever way each went. Payloads are plain
 * JSON (Socket.IO would send binary attachments as separate frames; nothing this server
 * broadcasts holds any).
 */

/** What a frame is written through: the WebSocket's sender, as Engine.IO itself writes frames. */
interface FrameSender {
  sendFrame(list: Buffer[]): void;
}

/** The parts of the `ws` WebSocket under Engine.IO's transport this relies on. */
interface TransportWebSocket {
  readyState: number;
  /** Bytes sent and not yet taken by the kernel: what the client has left unread beyond it. */
  bufferedAmount: number;
  terminate(): void;
  _sender?: Partial<FrameSender>;
}

/** The parts of Engine.IO's connection and its WebSocket transport this relies on. */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: { name: string; socket?: TransportWebSocket };
}

const webSocketOpen = 1;

/**
 * A client that leaves this much of what was sent to it unread, beyond what the kernel holds,
 * is dropped: it is far behind the odds (its link cannot carry what it follows), or its
 * connection died without closing, and everything sent meanwhile would wait in this process's
 * memory until Engine.IO's ping gives up on it (35 s). Dropped, a live client reconnects and
 * starts again from fresh snapshots. The bound stays well above what a `join-room` of 300 rooms
 * in match view sends at once (the simulated book's match views: 7 KB at the median, 20 KB at
 * most, so 6 MB), lest a client on a slow link be dropped for the snapshots it asked for.
 */
export const slowClientBufferedBytes = 16 * 1024 * 1024;
/** The same for what Engine.IO holds for a socket while its transport is busy, in packets. */
const slowClientHeldPackets = 1_000;

/** A Socket.IO event of the main namespace (`2` and its JSON), as Socket.IO's encoder writes it. */
function eventPacket(event: string, args: readonly unknown[]): string {
  return `2${JSON.stringify([event, ...args])}`;
}

/**
 * One unmasked, final text frame (RFC 6455 §5.2) holding an Engine.IO message (`4`) that holds
 * a Socket.IO packet.
 */
function packetFrame(packet: string): Buffer {
  const payload = `4${packet}`;
  const length = Buffer.byteLength(payload);
  const headerLength = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
  // The payload is written straight after the header: no buffer of its own to copy from.
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (headerLength === 2) frame[1] = length;
  else if (headerLength === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(payload, headerLength);
  return frame;
}

/** The WebSocket frame of a Socket.IO event of the main namespace. */
export function eventFrame(event: string, args: readonly unknown[]): Buffer {
  return packetFrame(eventPacket(event, args));
}

/** Sends `/match/socket` events to the sockets of one of its rooms on this process. */
export function createRoomFrames(
  io: MatchServer,
  { maxBufferedBytes = slowClientBufferedBytes }: { maxBufferedBytes?: number } = {},
) {
  const namespace = io.of('/');
  /**
   * Rooms sent an event lately, in two generations: a name added to a set costs the busy path
   * nothing it keeps (no time stamp), and `emitToQuiet` moves the generations on.
   */
  let sentNow = new Set<string>();
  let sentBefore = new Set<string>();
  let generationStartedAt = performance.now();

  /**
   * Writes the event to the socket; returns its frame, built on the first socket that takes one.
   * The frame goes to the WebSocket's sender directly when nothing of Engine.IO's waits to go
   * before it. A client fallen too far behind is dropped instead.
   */
  function write(socket: Socket, packet: string, frame: Buffer | undefined): Buffer | undefined {
    const connection = socket.conn as unknown as EngineConnection;
    if (connection.readyState !== 'open') return frame;
    const { transport, writeBuffer } = connection;
    const webSocket = transport.name === 'websocket' ? transport.socket : undefined;
    if (webSocket?.readyState === webSocketOpen) {
      if (
        webSocket.bufferedAmount > maxBufferedBytes ||
        writeBuffer.length > slowClientHeldPackets
      ) {
        webSocket.terminate();
        return frame;
      }
      const sender = webSocket._sender;
      if (writeBuffer.length === 0 && typeof sender?.sendFrame === 'function') {
        const built = frame ?? packetFrame(packet);
        sender.sendFrame([built]);
        return built;
      }
    }
    // Behind what Engine.IO holds for the socket, as Socket.IO's own emit would write it (which
    // would encode the event again for every busy socket).
    socket.conn.write(packet);
    return frame;
  }

  /**
   * Whether a room of the socket was sent an event within the last `quietMs` (at least the last
   * half of it).
   */
  function hasHeardLately(socket: Socket): boolean {
    for (const room of socket.rooms) if (sentNow.has(room) || sentBefore.has(room)) return true;
    return false;
  }

  function startGeneration(quietMs: number): void {
    const now = performance.now();
    const age = now - generationStartedAt;
    if (age < quietMs / 2) return;
    // The current generation becomes the one before while it holds less than `quietMs`.
    sentBefore = age < quietMs ? sentNow : new Set();
    sentNow = new Set();
    generationStartedAt = now;
  }

  return {
    emit<Event extends keyof MatchSocketServerEvents>(
      room: string,
      event: Event,
      ...args: Parameters<MatchSocketServerEvents[Event]>
    ): void {
      const members = namespace.adapter.rooms.get(room);
      if (!members || members.size === 0) return;
      sentNow.add(room);
      // Encoded once for the room, whichever way each socket takes.
      let packet: string | undefined;
      let frame: Buffer | undefined;
      for (const id of members) {
        const socket = namespace.sockets.get(id);
        if (!socket) continue;
        packet ??= eventPacket(event, args);
        frame = write(socket, packet, frame);
      }
    },
    /**
     * Sends the event only to the room's sockets that were sent nothing through these frames (in
     * any room of theirs) for `quietMs`, at least half of it. It does not count as sending to the
     * room: the others did not hear it.
     */
    emitToQuiet<Event extends keyof MatchSocketServerEvents>(
      room: string,
      quietMs: number,
      event: Event,
      ...args: Parameters<MatchSocketServerEvents[Event]>
    ): void {
      startGeneration(quietMs);
      const members = namespace.adapter.rooms.get(room);
      if (!members) return;
      let packet: string | undefined;
      let frame: Buffer | undefined;
      for (const id of members) {
        const socket = namespace.sockets.get(id);
        if (!socket || hasHeardLately(socket)) continue;
        packet ??= eventPacket(event, args);
        frame = write(socket, packet, frame);
      }
    },
  };
}
