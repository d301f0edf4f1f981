import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import {
  type ClientCommand,
  type ClientReply,
  type DeliveryColumns,
  deltaFramePrefix,
  monotonicMs,
  type OpenClients,
} from './fanout-protocol';

/**
 * A share of the fan-out benchmark's clients, in a process of its own (forked by
 * fanout.bench.ts): either official Socket.IO clients (of the product's `/match/socket`, or of the
 * peer speaking its wire protocol) or plain `ws` clients of the plain peer. Each records the seq
 * and arrival time of every delta it hears; the server process holds the due times.
 */

/** Connections opened at once: enough to connect 2000 in a few seconds, few enough not to time out. */
const connectWave = 100;
const connectTimeoutMs = 10_000;

/** Growable columns, so 20 000 deliveries a second cost no object per delivery. */
function createDeliveryLog() {
  let capacity = 1 << 18;
  let clients = new Int32Array(capacity);
  let seqs = new Int32Array(capacity);
  let receivedAt = new Float64Array(capacity);
  let count = 0;
  function grow(): void {
    capacity *= 2;
    const moreClients = new Int32Array(capacity);
    const moreSeqs = new Int32Array(capacity);
    const moreTimes = new Float64Array(capacity);
    moreClients.set(clients);
    moreSeqs.set(seqs);
    moreTimes.set(receivedAt);
    clients = moreClients;
    seqs = moreSeqs;
    receivedAt = moreTimes;
  }
  return {
    record(client: number, seq: number, at: number): void {
      if (count === capacity) grow();
      clients[count] = client;
      seqs[count] = seq;
      receivedAt[count] = at;
      count += 1;
    },
    columns(): DeliveryColumns {
      return {
        clients: clients.slice(0, count),
        seqs: seqs.slice(0, count),
        receivedAt: receivedAt.slice(0, count),
      };
    },
  };
}

const deliveries = createDeliveryLog();
let frameBytes = 0;
let frames = 0;
let disconnects = 0;
let isClosing = false;
const closers: (() => void)[] = [];
let cpuAtMark = process.cpuUsage();

function openSocketIoClient(index: number, room: string, command: OpenClients): Promise<void> {
  const { address } = command;
  const socket: Socket = io(address.url, {
    path: address.path,
    transports: ['websocket'],
    query: address.query ?? {},
    reconnection: false,
    // One connection per client, as 2000 browsers would have; without it they would share one.
    forceNew: true,
    timeout: connectTimeoutMs,
  });
  closers.push(() => socket.disconnect());
  socket.on('delta', (message: { seq: number }) => {
    deliveries.record(index, message.seq, monotonicMs());
  });
  socket.on('disconnect', () => {
    if (!isClosing) disconnects += 1;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      // The engine hands over each message without its one-character engine.io type.
      socket.io.engine.on('data', (data: unknown) => {
        if (typeof data === 'string' && data.startsWith(deltaFramePrefix.slice(1))) {
          frameBytes += data.length + 1;
          frames += 1;
        }
      });
      socket
        .timeout(connectTimeoutMs)
        .emitWithAck('join-room', { rooms: [room] })
        .then((answer: { code: number; msg: string }) => {
          if (answer.code === 0) resolve();
          else reject(new Error(`join-room ${room} refused: ${answer.msg}`));
        }, reject);
    });
  });
}

function openWsClient(index: number, room: string, command: OpenClients): Promise<void> {
  const socket = new WebSocket(`${command.address.url}/?room=${encodeURIComponent(room)}`, {
    perMessageDeflate: false,
  });
  closers.push(() => socket.terminate());
  socket.on('message', (data: Buffer) => {
    const text = data.toString();
    if (!text.startsWith(deltaFramePrefix)) return;
    frameBytes += text.length;
    frames += 1;
    // Parsed before the clock is read, as Socket.IO's client parses before calling a handler.
    const [, message] = JSON.parse(text.slice(2)) as [string, { seq: number }];
    deliveries.record(index, message.seq, monotonicMs());
  });
  socket.on('close', () => {
    if (!isClosing) disconnects += 1;
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => resolve());
  });
}

async function openClients(command: OpenClients): Promise<ClientReply> {
  const startedAt = monotonicMs();
  const end = command.firstClient + command.clientCount;
  const open = command.kind === 'ws' ? openWsClient : openSocketIoClient;
  for (let first = command.firstClient; first < end; first += connectWave) {
    const wave: Promise<void>[] = [];
    for (let index = first; index < Math.min(first + connectWave, end); index += 1) {
      const room = command.rooms[Math.floor(index / command.clientsPerRoom)];
      if (room === undefined) throw new Error(`no room for client ${index}`);
      wave.push(open(index, room, command));
    }
    await Promise.all(wave);
  }
  return { type: 'opened', clients: command.clientCount, connectMs: monotonicMs() - startedAt };
}

function collect(): ClientReply {
  const cpu = process.cpuUsage(cpuAtMark);
  return {
    type: 'collected',
    deliveries: deliveries.columns(),
    frameBytes,
    frames,
    cpuMs: (cpu.user + cpu.system) / 1000,
    disconnects,
  };
}

async function handle(command: ClientCommand): Promise<ClientReply> {
  switch (command.type) {
    case 'open':
      return openClients(command);
    case 'mark':
      cpuAtMark = process.cpuUsage();
      frameBytes = 0;
      frames = 0;
      return { type: 'marked' };
    case 'collect':
      return collect();
    case 'close':
      isClosing = true;
      for (const close of closers) close();
      return { type: 'closed' };
  }
}

process.on('message', (command: ClientCommand) => {
  handle(command).then(
    (reply) => process.send?.(reply),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.send?.({ type: 'failed', message } satisfies ClientReply);
    },
  );
});
