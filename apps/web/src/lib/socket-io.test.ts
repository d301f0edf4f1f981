import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWhenSilent } from './socket-io';

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
