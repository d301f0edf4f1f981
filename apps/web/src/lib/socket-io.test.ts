import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from './site';
import {
  closeWhenSilent,
  createSocketHolder,
  endSocket,
  handshakeQuery,
  type SocketState,
  watchConnection,
} from './socket-io';

const silenceLimitMs = 300;
let server: Server;
let url: string;
/** Connections the server has seen, by the client's `name` query. */
const connections = new Map<string, number>();
const httpServer = createServer();

beforeAll(async () => {
  server = new Server(httpServer, { transports: ['websocket'] });
  server.on('connection', (socket) => {
    const name = String(socket.handshake.query.name);
    connections.set(name, (connections.get(name) ?? 0) + 1);
    // A talkative server says something more often than the client's limit; a silent one
    // keeps the connection open and says nothing (Engine.IO pings every 25 s by default).
    if (socket.handshake.query.talk !== 'yes') return;
    const timer = setInterval(() => socket.emit('news', Date.now()), silenceLimitMs / 3);
    socket.on('disconnect', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

function watchedClient(name: string, talk: boolean): Socket {
  const socket = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    query: { name, talk: talk ? 'yes' : 'no' },
    reconnectionDelay: 50,
    reconnectionDelayMax: 50,
  });
  closeWhenSilent(socket, silenceLimitMs);
  return socket;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('closeWhenSilent', () => {
  it('closes a connection the server has gone silent on, and the client reconnects', async () => {
    const socket = watchedClient('silent', false);
    const drops: string[] = [];
    socket.on('disconnect', (reason) => drops.push(reason));
    await sleep(silenceLimitMs * 4);
    expect(drops.length).toBeGreaterThanOrEqual(1);
    expect(connections.get('silent')).toBeGreaterThanOrEqual(2);
    socket.disconnect();
  });

  it('keeps a connection the server talks on', async () => {
    const socket = watchedClient('talking', true);
    const drops: string[] = [];
    socket.on('disconnect', (reason) => drops.push(reason));
    await sleep(silenceLimitMs * 4);
    expect(drops).toEqual([]);
    expect(connections.get('talking')).toBe(1);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('lets go of the manager once the client disconnects on its own', async () => {
    const socket = watchedClient('leaving', false);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.disconnect();
    expect(socket.io.listeners('packet')).toEqual([]);
    expect(socket.io.listeners('ping')).toEqual([]);
    await sleep(silenceLimitMs * 2);
    expect(connections.get('leaving')).toBe(1);
  });
});

/** A Socket.IO server on 127.0.0.1 that can stop and come back on the same port. */
async function startServer(
  port = 0,
  onConnection: (socket: import('socket.io').Socket) => void = () => {},
  middleware?: Parameters<Server['use']>[0],
) {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  if (middleware) io.use(middleware);
  io.on('connection', onConnection);
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const address = http.address() as AddressInfo;
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    io,
    /** Drops every connection and stops listening, as a server going away does. */
    stop: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** A port nothing listens on: taken from the system, then let go. */
async function freePort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function watched(socket: Socket): SocketState[] {
  const states: SocketState[] = [];
  watchConnection(socket, (state) => states.push(state));
  return states;
}

const kinds = (states: SocketState[]) => states.map((state) => state.kind);

describe('handshakeQuery', () => {
  it("carries SPEC §3's token, uid, realm and process, the language, and the source when there is one", () => {
    expect(handshakeQuery({ uid: 'u1', token: 't1' }, 1, 'zht')).toEqual({
      token: 't1',
      uid: 'u1',
      realm: site.realm,
      process: site.process,
      lang: 'zht',
      source: '1',
    });
    expect(handshakeQuery({ uid: 'u1', token: 't1' }, undefined, 'en')).not.toHaveProperty(
      'source',
    );
  });

  it('reaches the server with the holder of a connection', async () => {
    const seen: Record<string, unknown>[] = [];
    const server = await startServer(0, (socket) => seen.push({ ...socket.handshake.query }));
    const holder = createSocketHolder({
      identityOf: (credentials) => credentials.token,
      open: (load, query) => load(server.url, { transports: ['websocket'], query }),
    });
    holder.connect({ uid: 'u9', token: 't9' }, 2, 'en');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({
      token: 't9',
      uid: 'u9',
      realm: 'alpha',
      process: 'sport',
      source: '2',
      lang: 'en',
    });
    // The same identity in another language connects again, in that language.
    holder.connect({ uid: 'u9', token: 't9' }, 2, 'en');
    holder.connect({ uid: 'u9', token: 't9' }, 2, 'zh');
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toMatchObject({ token: 't9', lang: 'zh' });
    holder.connect(null, undefined);
    await server.stop();
  });
});

describe('watchConnection', () => {
  it('tells a refusal by the server apart from a network failure, and does not ask again', async () => {
    let attempts = 0;
    const server = await startServer(
      0,
      () => {},
      (_socket, next) => {
        attempts += 1;
        next(
          Object.assign(new Error('token unknown'), { data: { code: 403, msg: 'token unknown' } }),
        );
      },
    );
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const states = watched(socket);
    await expect.poll(() => states.at(-1)?.kind).toBe('refused');
    expect(states.at(-1)).toEqual({
      kind: 'refused',
      refusal: { code: 403, msg: 'token unknown' },
    });
    await sleep(500);
    expect(attempts).toBe(1);
    expect(kinds(states)).toEqual(['connecting', 'refused']);
    socket.disconnect();
    await server.stop();
  });

  it('asks again, with the backoff, when the server could not check the token', async () => {
    let attempts = 0;
    const server = await startServer(
      0,
      () => {},
      (_socket, next) => {
        attempts += 1;
        if (attempts < 3)
          next(Object.assign(new Error('busy'), { data: { code: 1099, msg: 'busy' } }));
        else next();
      },
    );
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const states = watched(socket);
    await expect.poll(() => states.at(-1)?.kind, { timeout: 3_000 }).toBe('connected');
    expect(attempts).toBe(3);
    expect(kinds(states)).toEqual(['connecting', 'refused', 'connected']);
    socket.disconnect();
    await server.stop();
  });

  it('asks nothing more once the client ended a socket that was waiting to ask again', async () => {
    let attempts = 0;
    const server = await startServer(
      0,
      () => {},
      (_socket, next) => {
        attempts += 1;
        next(Object.assign(new Error('busy'), { data: { code: 1099, msg: 'busy' } }));
      },
    );
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const states = watched(socket);
    await expect.poll(() => states.at(-1)?.kind).toBe('refused');
    endSocket(socket);
    const attemptsWhenEnded = attempts;
    await sleep(600);
    expect(attempts).toBe(attemptsWhenEnded);
    await server.stop();
  });

  it('says offline while the server is away and connected once it is back on its port', async () => {
    const first = await startServer();
    const socket = connect(first.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 100,
    });
    const states = watched(socket);
    const reconnectErrors: Error[] = [];
    socket.io.on('reconnect_error', (error) => reconnectErrors.push(error));
    await expect.poll(() => states.at(-1)?.kind).toBe('connected');
    await first.stop();
    await expect.poll(() => states.at(-1)).toEqual({ kind: 'offline', reason: 'network' });
    expect(kinds(states)).toEqual(['connecting', 'connected', 'connecting', 'offline']);
    expect(reconnectErrors.length).toBeGreaterThan(0);
    const back = await startServer(first.port);
    await expect.poll(() => states.at(-1)?.kind, { timeout: 3_000 }).toBe('connected');
    socket.disconnect();
    await back.stop();
  });

  it('reads a connect timeout, which Socket.IO 4 reports as connect_error "timeout"', async () => {
    // Takes the TCP connection and never answers the WebSocket handshake.
    const held: import('node:net').Socket[] = [];
    const mute = createTcpServer((connection) => held.push(connection));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const { port } = mute.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      forceNew: true,
      timeout: 200,
      reconnection: false,
    });
    const states = watched(socket);
    await expect.poll(() => states.at(-1)).toEqual({ kind: 'offline', reason: 'timeout' });
    socket.disconnect();
    for (const connection of held) connection.destroy();
    await new Promise<void>((resolve) => mute.close(() => resolve()));
  });

  it('hears reconnect_failed when the attempts run out, and tries again later itself', async () => {
    const port = await freePort();
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionAttempts: 2,
      reconnectionDelay: 20,
      reconnectionDelayMax: 20,
    });
    let failed = 0;
    socket.io.on('reconnect_failed', () => {
      failed += 1;
    });
    const states = watched(socket);
    await expect.poll(() => states.at(-1)).toEqual({ kind: 'offline', reason: 'gave-up' });
    expect(failed).toBe(1);
    const server = await startServer(port);
    await expect.poll(() => states.at(-1)?.kind, { timeout: 3_000 }).toBe('connected');
    socket.disconnect();
    await server.stop();
  });

  it('says ended when the server closes the connection on purpose, and stops with the client', async () => {
    const server = await startServer(0, (socket) => {
      setTimeout(() => socket.disconnect(true), 50);
    });
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const states = watched(socket);
    await expect.poll(() => states.at(-1)?.kind).toBe('ended');
    endSocket(socket);
    expect(socket.io.listeners('reconnect_error')).toEqual([]);
    expect(socket.io.listeners('reconnect_failed')).toEqual([]);
    await server.stop();
  });
});
