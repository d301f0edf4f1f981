import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Heartbeat } from '@sb/contract';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MatchServer } from '../../src/realtime/match-broadcast';
import { createRoomFrames, eventFrame } from '../../src/realtime/room-frames';

const room = 'A-1-1';
let server: MatchServer;
let url: string;
const httpServer = createServer();

beforeAll(async () => {
  server = new Server(httpServer, { transports: ['websocket'] }) as MatchServer;
  server.on('connection', (socket) => socket.join(room));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

async function connectedClient(): Promise<ClientSocket> {
  const client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  // The server joins the room on connection; give that a turn before broadcasting.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return client;
}

/** Heartbeats carrying `alive`, in the order the client heard them. */
function heard(client: ClientSocket, count: number): Promise<Heartbeat[]> {
  const received: Heartbeat[] = [];
  return new Promise((resolve) => {
    client.on('heartbeat', (message: Heartbeat) => {
      received.push(message);
      if (received.length === count) resolve(received);
    });
  });
}

describe('eventFrame', () => {
  it.each([
    [10, 2],
    [125, 2],
    [126, 4],
    [65_535, 4],
    [65_536, 10],
  ])('writes a text frame of a %i-byte message with a %i-byte header', (bytes, headerBytes) => {
    const text = 'x'.repeat(Math.max(0, bytes - '42["e",""]'.length));
    const frame = eventFrame('e', [text]);
    const payloadLength = frame.length - headerBytes;
    expect(payloadLength).toBe(bytes);
    expect(frame[0]).toBe(0x81);
    const lengthField = frame[1] ?? 0;
    if (headerBytes === 2) expect(lengthField).toBe(payloadLength);
    else if (headerBytes === 4) {
      expect(lengthField).toBe(126);
      expect(frame.readUInt16BE(2)).toBe(payloadLength);
    } else {
      expect(lengthField).toBe(127);
      expect(Number(frame.readBigUInt64BE(2))).toBe(payloadLength);
    }
    expect(frame.subarray(headerBytes).toString()).toBe(`42${JSON.stringify(['e', text])}`);
  });

  it('counts the bytes of names outside ASCII, not their characters', () => {
    const name = 'Динамо Москва – Śląsk Wrocław ⚽';
    const frame = eventFrame('e', [name]);
    const payload = `42${JSON.stringify(['e', name])}`;
    expect(Buffer.byteLength(payload)).toBeGreaterThan(payload.length);
    expect(frame[1]).toBe(Buffer.byteLength(payload));
    expect(frame.length).toBe(2 + Buffer.byteLength(payload));
    expect(frame.subarray(2).toString()).toBe(payload);
  });
});

describe('room frames', () => {
  it('reach the official client as the events sent, small and large alike', async () => {
    const client = await connectedClient();
    const frames = createRoomFrames(server);
    const large = 'y'.repeat(80_000);
    const received = new Promise<unknown[]>((resolve) => {
      const all: unknown[] = [];
      client.on('provider', (message) => {
        all.push(message);
        if (all.length === 2) resolve(all);
      });
    });
    frames.emit(room, 'provider', { epoch: 1, alive: true });
    frames.emit(room, 'provider', { epoch: 2, alive: false, note: large } as never);
    expect(await received).toEqual([
      { epoch: 1, alive: true },
      { epoch: 2, alive: false, note: large },
    ]);
    client.close();
  });

  it('go behind what Engine.IO holds for a socket, so the socket hears them in order', async () => {
    const client = await connectedClient();
    const frames = createRoomFrames(server);
    const order = heard(client, 3);
    const serverSocket = server.of('/').sockets.get(client.id ?? '');
    if (!serverSocket) throw new Error('no server socket');
    // Engine.IO buffers while its transport is busy with a write: hold it busy.
    const transport = serverSocket.conn.transport as unknown as { writable: boolean };
    transport.writable = false;
    serverSocket.emit('heartbeat', { t: 1, epoch: 1, alive: true });
    frames.emit(room, 'heartbeat', { t: 2, epoch: 1, alive: true });
    transport.writable = true;
    (serverSocket.conn as unknown as { flush(): void }).flush();
    frames.emit(room, 'heartbeat', { t: 3, epoch: 1, alive: true });
    expect((await order).map((message) => message.t)).toEqual([1, 2, 3]);
    client.close();
  });

  it('reach busy and idle sockets of one room alike, encoded for Engine.IO when it holds some', async () => {
    const [busy, idle] = [await connectedClient(), await connectedClient()];
    const frames = createRoomFrames(server);
    const heardByBusy = heard(busy, 3);
    const heardByIdle = heard(idle, 2);
    const serverSocket = server.of('/').sockets.get(busy.id ?? '');
    if (!serverSocket) throw new Error('no server socket');
    const connection = serverSocket.conn as unknown as {
      transport: { writable: boolean };
      writeBuffer: unknown[];
      flush(): void;
    };
    // A message held by Engine.IO while its transport is busy: the room's go behind it.
    connection.transport.writable = false;
    serverSocket.emit('heartbeat', { t: 0, epoch: 1, alive: true });
    const name = 'Динамо Москва ⚽';
    frames.emit(room, 'heartbeat', { t: 1, epoch: 1, alive: true, note: name } as never);
    frames.emit(room, 'heartbeat', { t: 2, epoch: 1, alive: false });
    expect(connection.writeBuffer).toHaveLength(3);
    connection.transport.writable = true;
    connection.flush();
    const expected = [
      { t: 1, epoch: 1, alive: true, note: name },
      { t: 2, epoch: 1, alive: false },
    ];
    expect(await heardByBusy).toEqual([{ t: 0, epoch: 1, alive: true }, ...expected]);
    expect(await heardByIdle).toEqual(expected);
    busy.close();
    idle.close();
  });

  it('send to the quiet only what is for the quiet: sockets sent nothing lately in any room', async () => {
    const [talkedTo, quiet] = [await connectedClient(), await connectedClient()];
    const frames = createRoomFrames(server);
    const otherRoom = 'A-1-2';
    await server
      .of('/')
      .sockets.get(talkedTo.id ?? '')
      ?.join(otherRoom);
    const heardByQuiet = heard(quiet, 2);
    const heardByTalkedTo: Heartbeat[] = [];
    talkedTo.on('heartbeat', (message: Heartbeat) => heardByTalkedTo.push(message));
    frames.emit(otherRoom, 'provider', { epoch: 1, alive: true });
    const quietMs = 200;
    frames.emitToQuiet(room, quietMs, 'heartbeat', { t: 1, epoch: 1, alive: true });
    // Sending to the quiet is not sending to the room: the quiet one stays quiet for the next.
    frames.emitToQuiet(room, quietMs, 'heartbeat', { t: 2, epoch: 1, alive: true });
    expect((await heardByQuiet).map((message) => message.t)).toEqual([1, 2]);
    expect(heardByTalkedTo).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, quietMs + 50));
    const nowHeard = heard(talkedTo, 1);
    frames.emitToQuiet(room, quietMs, 'heartbeat', { t: 3, epoch: 1, alive: true });
    expect(await nowHeard).toEqual([{ t: 3, epoch: 1, alive: true }]);
    talkedTo.close();
    quiet.close();
  });

  it('drop a client that leaves too much unread, and go on with the others', async () => {
    const [stalled, reading] = [await connectedClient(), await connectedClient()];
    const maxBufferedBytes = 1024 * 1024;
    const frames = createRoomFrames(server, { maxBufferedBytes });
    const serverSocket = server.of('/').sockets.get(stalled.id ?? '');
    if (!serverSocket) throw new Error('no server socket');
    // The stalled client stops reading its TCP socket: what the server sends piles up.
    const engine = stalled.io.engine as unknown as {
      transport: { ws: { _socket: { pause(): void; resume(): void } } };
    };
    engine.transport.ws._socket.pause();
    let readingHeard = 0;
    reading.on('provider', () => {
      readingHeard += 1;
    });
    const note = 'z'.repeat(100_000);
    let sent = 0;
    // Past the kernel's buffers on both ends, then past the limit: at most 40 MB.
    while (serverSocket.connected && sent < 400) {
      frames.emit(room, 'provider', { epoch: sent, alive: true, note } as never);
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(serverSocket.connected).toBe(false);
    const disconnected = new Promise((resolve) => stalled.once('disconnect', resolve));
    engine.transport.ws._socket.resume();
    await disconnected;
    // The reading client heard every frame sent while the other was still there, and more after.
    frames.emit(room, 'provider', { epoch: -1, alive: true });
    await vi.waitFor(() => expect(readingHeard).toBe(sent + 1));
    reading.close();
  });
});
