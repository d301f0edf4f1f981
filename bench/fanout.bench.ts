import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { snapshotSeq } from './fanout-feed';
import {
  type ClientCommand,
  type ClientReply,
  type FanoutKind,
  type LoadShape,
  monotonicMs,
  type ServerCommand,
  type ServerReply,
} from './fanout-protocol';
import type { BenchResult } from './report';

const roomCount = 100;
const clientsPerRoom = 20;
const clientCount = roomCount * clientsPerRoom;
/**
 * Each contender's clients are shared among this many processes, one per core of a 2-core
 * machine: 2000 official clients take more than one core to receive 20 000 messages a second,
 * and a single client process that falls behind measures its own backlog instead of the server.
 * 2000 browsers would each have a machine of their own.
 */
const clientProcessesPerKind = 2;
/**
 * Client processes yield the cores to the servers (a higher niceness; every contender's alike).
 * They stand in for 2000 machines of their own, yet on two shared cores a client process waking
 * for a burst took the core from the server it measures. A 2-ms timer in each server found its
 * stalls over 10 ms adding to 120-250 ms a run, the server running a third of that time: its
 * timers were due and it waited for a core. With the clients niced: 56-143 ms, and the servers'
 * hand-off p99 2.7-2.8 ms for product and wire peer alike (3.1-4.3 ms before).
 */
const clientProcessNiceness = 10;
const updatesPerRoomPerSecond = 10;
/**
 * The servers take turns in slices this long, so that whatever else the machine is doing falls
 * on all alike instead of on whichever happened to run at the time.
 */
const sliceMs = 1_000;
/** Slices per server before anything is counted: JIT, socket buffers, steady state. */
const warmupSlices = 2;
/**
 * Counted slices per server. A p99 is set by a few stalls of the machine's (a GC pause, a
 * preempted process): with 20 slices one stall of 200 ms made a contender's p99 on its own, and
 * the same code measured from 0.3 to 4.6 times the wire peer in one afternoon; 40 take in twice
 * as many, so one stall no longer decides a run.
 */
const measuredSlices = 40;
/** After the last slice, time for the slowest delivery to land before counting what is lost. */
const drainMs = 1_000;
const p99RatioLimit = 1.25;
/**
 * Stalls caused by other processes land on either server at random and can make the peer look
 * as slow as the product, so the target is only declared met on a machine this quiet.
 */
const quietMachineCores = 0.25;

const updatesPerRoom =
  (warmupSlices + measuredSlices) * (sliceMs / 1_000) * updatesPerRoomPerSecond;
const load: LoadShape = {
  roomCount,
  perRoomPerSecond: updatesPerRoomPerSecond,
  seqSlots: snapshotSeq + updatesPerRoom + 1,
};
const kinds: FanoutKind[] = ['ws', 'wire', 'socket.io'];
const serverWorkerPath = fileURLToPath(new URL('./fanout-server-worker.ts', import.meta.url));
const clientsWorkerPath = fileURLToPath(new URL('./fanout-clients-worker.ts', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker process gets this process's loader flags (so it runs TypeScript the same way) but not
 * an inline script this process may have been started with.
 */
function childExecArgv(parentArgv: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < parentArgv.length; index += 1) {
    const flag = parentArgv[index] ?? '';
    if (['--eval', '-e', '--print', '-p'].includes(flag)) {
      index += 1;
      continue;
    }
    if (/^--(eval|print|input-type)=/.test(flag)) continue;
    kept.push(flag);
  }
  return kept;
}

type Failure = { type: 'failed'; message: string };

/** A worker process answering one command at a time. */
function startWorkerProcess<Command extends { type: string }, Reply extends { type: string }>(
  path: string,
  closeCommand: Command,
  niceness = 0,
) {
  const child: ChildProcess = fork(path, [], {
    execArgv: childExecArgv(process.execArgv),
    serialization: 'advanced',
  });
  if (niceness !== 0 && child.pid !== undefined) setPriority(child.pid, niceness);
  let waiting: ((reply: Reply | Failure) => void) | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      waiting?.({ type: 'failed', message: `${path} exited with code ${code}` });
      resolve();
    });
  });
  child.on('error', (error) => {
    waiting?.({ type: 'failed', message: `${path}: ${error.message}` });
    waiting = undefined;
  });
  child.on('message', (reply: Reply) => {
    const wake = waiting;
    waiting = undefined;
    wake?.(reply);
  });

  async function request<Kind extends Reply['type']>(
    command: Command,
    expected: Kind,
  ): Promise<Extract<Reply, { type: Kind }>> {
    const reply = await new Promise<Reply | Failure>((resolve) => {
      waiting = resolve;
      child.send(command);
    });
    if (reply.type === 'failed') throw new Error((reply as Failure).message);
    if (reply.type !== expected) throw new Error(`${path} answered ${reply.type}`);
    return reply as Extract<Reply, { type: Kind }>;
  }

  return {
    request,
    /** Closes what the process holds, lets it end, and ends it if it does not. */
    async stop(): Promise<void> {
      if (child.exitCode !== null) return;
      if (child.connected) {
        await request(closeCommand, 'closed').catch(() => undefined);
        child.disconnect();
      }
      const timeout = sleep(5_000).then(() => 'timeout');
      if ((await Promise.race([exited.then(() => 'exited'), timeout])) === 'timeout') {
        child.kill();
        await exited;
      }
    },
  };
}

const startServerProcess = () =>
  startWorkerProcess<ServerCommand, ServerReply>(serverWorkerPath, { type: 'close' });
const startClientProcess = () =>
  startWorkerProcess<ClientCommand, ClientReply>(
    clientsWorkerPath,
    { type: 'close' },
    clientProcessNiceness,
  );
type ServerProcess = ReturnType<typeof startServerProcess>;
type ClientProcess = ReturnType<typeof startClientProcess>;
type ServerFigures = Extract<ServerReply, { type: 'collected' }>;
type ClientFigures = Extract<ClientReply, { type: 'collected' }>;

/** What the client processes of one contender received, as if one process had. */
function mergeClientFigures(parts: ClientFigures[]): ClientFigures {
  const column = <T extends Int32Array | Float64Array>(
    pick: (part: ClientFigures) => T,
    create: (length: number) => T,
  ): T => {
    const merged = create(parts.reduce((total, part) => total + pick(part).length, 0));
    let offset = 0;
    for (const part of parts) {
      merged.set(pick(part), offset);
      offset += pick(part).length;
    }
    return merged;
  };
  const total = (pick: (part: ClientFigures) => number) =>
    parts.reduce((sum, part) => sum + pick(part), 0);
  return {
    type: 'collected',
    deliveries: {
      clients: column(
        (part) => part.deliveries.clients,
        (length) => new Int32Array(length),
      ),
      seqs: column(
        (part) => part.deliveries.seqs,
        (length) => new Int32Array(length),
      ),
      receivedAt: column(
        (part) => part.deliveries.receivedAt,
        (length) => new Float64Array(length),
      ),
    },
    frameBytes: total((part) => part.frameBytes),
    frames: total((part) => part.frames),
    cpuMs: total((part) => part.cpuMs),
    disconnects: total((part) => part.disconnects),
  };
}

/** The kernel counts CPU time in /proc/stat in ticks of 1/100 s (USER_HZ) on every Linux build. */
const procStatTickMs = 10;

/**
 * Busy CPU time of the whole machine so far (every core, steal included), from /proc/stat;
 * undefined where there is none. The machine may be shared, so the report says how much of it
 * other processes took while the runs were measured.
 */
function machineBusyMs(): number | undefined {
  try {
    const [cpuLine] = readFileSync('/proc/stat', 'utf8').split('\n', 1);
    const ticks = (cpuLine ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return (user + nice + system + irq + softirq + steal) * procStatTickMs;
  } catch {
    return undefined;
  }
}

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
};

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

interface RunFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  expected: number;
  delivered: number;
  duplicates: number;
  /** From due until the server's hand-off returned, per update: the server's share. */
  handOffP99Ms: number;
  meanFrameBytes: number;
  /** Server CPU time per delivery during its measured slices. */
  serverCpuPerDeliveryUs: number;
  /** CPU time of the client processes per delivery since the measured slices began. */
  clientCpuPerDeliveryUs: number;
  disconnects: number;
  connectMs: number;
}

/**
 * Matches every delivery to the due time of its update. Only updates of measured slices count;
 * each is expected once by each of its room's 20 clients.
 */
function runFigures(server: ServerFigures, clients: ClientFigures, connectMs: number): RunFigures {
  const { dueAt } = server;
  const { seqSlots } = load;
  let expected = 0;
  for (const due of dueAt) if (!Number.isNaN(due)) expected += clientsPerRoom;
  const { deliveries } = clients;
  const seen = new Uint8Array(clientCount * seqSlots);
  const latencies = new Float64Array(deliveries.seqs.length);
  let delivered = 0;
  let duplicates = 0;
  for (let index = 0; index < deliveries.seqs.length; index += 1) {
    const client = deliveries.clients[index] ?? -1;
    const seq = deliveries.seqs[index] ?? -1;
    if (client < 0 || client >= clientCount || seq < 0 || seq >= seqSlots) continue;
    const due = dueAt[Math.floor(client / clientsPerRoom) * seqSlots + seq] ?? Number.NaN;
    if (Number.isNaN(due)) continue;
    const key = client * seqSlots + seq;
    if (seen[key]) {
      duplicates += 1;
      continue;
    }
    seen[key] = 1;
    latencies[delivered] = (deliveries.receivedAt[index] ?? Number.NaN) - due;
    delivered += 1;
  }
  const sorted = latencies.subarray(0, delivered).sort();
  return {
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    expected,
    delivered,
    duplicates,
    handOffP99Ms: percentile(Float64Array.from(server.handOffLags).sort(), 0.99),
    meanFrameBytes: clients.frames > 0 ? clients.frameBytes / clients.frames : 0,
    serverCpuPerDeliveryUs: (server.slicesCpuMs * 1_000) / expected,
    clientCpuPerDeliveryUs: (clients.cpuMs * 1_000) / expected,
    disconnects: clients.disconnects,
    connectMs,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const us = (value: number) => `${value.toFixed(1)} µs`;

/**
 * Fan-out of the product's `/match/socket` against a plain `ws` broadcast of the same load. Each
 * server and each share of its clients runs in a process of its own; the servers take turns.
 */
export async function benchFanout(): Promise<BenchResult> {
  const servers = new Map<FanoutKind, ServerProcess>();
  const clients = new Map<FanoutKind, ClientProcess[]>();
  for (const kind of kinds) {
    servers.set(kind, startServerProcess());
    clients.set(
      kind,
      Array.from({ length: clientProcessesPerKind }, () => startClientProcess()),
    );
  }
  const serverOf = (kind: FanoutKind) => servers.get(kind) as ServerProcess;
  const clientsOf = (kind: FanoutKind) => clients.get(kind) ?? [];
  /** The same command to every client process of a contender, and their answers. */
  const askClients = <Kind extends ClientReply['type']>(
    kind: FanoutKind,
    command: (share: number) => ClientCommand,
    expected: Kind,
  ) =>
    Promise.all(clientsOf(kind).map((worker, share) => worker.request(command(share), expected)));
  try {
    const connectMs = new Map<FanoutKind, number>();
    const clientsPerProcess = Math.ceil(roomCount / clientProcessesPerKind) * clientsPerRoom;
    for (const kind of kinds) {
      const started = await serverOf(kind).request({ type: 'start', kind, load }, 'started');
      const opened = await askClients(
        kind,
        (share) => ({
          type: 'open',
          kind,
          address: started.address,
          rooms: started.roomNames,
          clientsPerRoom,
          firstClient: share * clientsPerProcess,
          clientCount: Math.min(clientsPerProcess, clientCount - share * clientsPerProcess),
        }),
        'opened',
      );
      connectMs.set(kind, Math.max(...opened.map((answer) => answer.connectMs)));
    }

    const runSlices = async (count: number, isMeasured: boolean) => {
      for (let slice = 0; slice < count; slice += 1)
        for (const kind of kinds)
          await serverOf(kind).request({ type: 'run', durationMs: sliceMs, isMeasured }, 'ran');
    };
    await runSlices(warmupSlices, false);
    for (const kind of kinds) {
      await serverOf(kind).request({ type: 'mark' }, 'marked');
      await askClients(kind, () => ({ type: 'mark' }), 'marked');
    }
    const machineAtMark = machineBusyMs();
    const ownCpuAtMark = ownCpuMs();
    const wallAtMark = monotonicMs();
    await runSlices(measuredSlices, true);
    await sleep(drainMs);

    const figures = new Map<FanoutKind, RunFigures>();
    let workersCpuMs = 0;
    for (const kind of kinds) {
      const server = await serverOf(kind).request({ type: 'collect' }, 'collected');
      const received = mergeClientFigures(
        await askClients(kind, () => ({ type: 'collect' }), 'collected'),
      );
      workersCpuMs += server.cpuMs + received.cpuMs;
      figures.set(kind, runFigures(server, received, connectMs.get(kind) ?? Number.NaN));
    }
    const machineBusy = machineBusyMs();
    const otherCores =
      machineBusy === undefined || machineAtMark === undefined
        ? undefined
        : Math.max(
            0,
            (machineBusy - machineAtMark - workersCpuMs - (ownCpuMs() - ownCpuAtMark)) /
              (monotonicMs() - wallAtMark),
          );

    const product = figures.get('socket.io') as RunFigures;
    const wire = figures.get('wire') as RunFigures;
    const peer = figures.get('ws') as RunFigures;
    // The yardstick: a plain `ws` broadcast of the same load, the same 2000 official clients.
    const ratio = product.p99Ms / wire.p99Ms;
    const isComplete = (run: RunFigures) =>
      run.delivered === run.expected && run.duplicates === 0 && run.disconnects === 0;
    const delivery = (run: RunFigures) =>
      `${run.delivered} of ${run.expected}${run.duplicates ? ` (${run.duplicates} twice)` : ''}`;
    const all = (show: (run: RunFigures) => string) => [product, wire, peer].map(show).join(' / ');
    const perSecond = roomCount * updatesPerRoomPerSecond;
    return {
      name: `Fan-out to ${clientCount} Socket.IO clients`,
      method: `${clientCount} official Socket.IO clients (${clientsPerRoom} per room) each \`join-room\` one of ${roomCount} matches on the product's \`/match/socket\` (on PostgreSQL, as deployed) in match view, which sends every change as a delta at once (list views are conflated; these are not). A bench feed provider reprices each match ${updatesPerRoomPerSecond} times a second (${perSecond} updates a second, one due every ${1_000 / perSecond} ms) through the read model. The yardstick, the wire peer, is a plain \`ws\` server broadcasting the same load: frames of the same length on the same schedule to ${clientCount} official Socket.IO clients in the same rooms, speaking just enough of Socket.IO's wire protocol (handshake, \`join-room\` ack, heartbeat) for them, with no server work beyond writing each frame. A third contender, the same broadcast to ${clientCount} plain \`ws\` clients, shows what the official client library itself costs (wire peer / ws). Each server has a process of its own, and its clients ${clientProcessesPerKind} (${clientCount / clientProcessesPerKind} clients each: one process could not receive the official clients' load and would measure its own backlog), at niceness ${clientProcessNiceness} so that they yield the cores to the server they measure, as clients on machines of their own would; the three servers take turns in ${sliceMs / 1_000} s slices, ${warmupSlices} each to warm up, then ${measuredSlices} each measured. Latency runs from the moment an update is due on the schedule to the client's event handler (the machine's monotonic clock); updates not delivered ${drainMs / 1_000} s after the last slice count as lost.`,
      figures: {
        'socket.io p50 / p99 / max delivery': `${ms(product.p50Ms)} / ${ms(product.p99Ms)} / ${ms(product.maxMs)}`,
        'wire peer p50 / p99 / max delivery': `${ms(wire.p50Ms)} / ${ms(wire.p99Ms)} / ${ms(wire.maxMs)}`,
        'ws p50 / p99 / max delivery': `${ms(peer.p50Ms)} / ${ms(peer.p99Ms)} / ${ms(peer.maxMs)}`,
        'ratio p99 (socket.io / wire peer): the target': ratio.toFixed(2),
        'ratio p99 (socket.io / ws with plain ws clients)': (product.p99Ms / peer.p99Ms).toFixed(2),
        'ratio p99 (wire peer / ws): the client library alone': (wire.p99Ms / peer.p99Ms).toFixed(
          2,
        ),
        'delivered / expected (socket.io / wire peer / ws)': all(delivery),
        'disconnects (socket.io / wire peer / ws)': all((run) => String(run.disconnects)),
        'server hand-off p99, due to written (socket.io / wire peer / ws)': all((run) =>
          ms(run.handOffP99Ms),
        ),
        'server CPU per delivery (socket.io / wire peer / ws)': all((run) =>
          us(run.serverCpuPerDeliveryUs),
        ),
        'client CPU per delivery (socket.io / wire peer / ws)': all((run) =>
          us(run.clientCpuPerDeliveryUs),
        ),
        'frame bytes (socket.io / wire peer / ws)': all((run) => run.meanFrameBytes.toFixed(0)),
        'time to connect and join (socket.io / wire peer / ws)': all(
          (run) => `${(run.connectMs / 1_000).toFixed(1)} s`,
        ),
        'CPU of other processes on the machine while measured':
          otherCores === undefined ? 'unknown' : `${otherCores.toFixed(2)} cores`,
      },
      target: `delivery p99 no worse than ${p99RatioLimit} × a plain \`ws\` broadcast of the same load (the wire peer: the same frames on the same schedule to the same ${clientCount} official clients), and no message lost (declared met only when other processes took under ${quietMachineCores} cores while measured)`,
      isMet:
        ratio <= p99RatioLimit &&
        isComplete(product) &&
        isComplete(wire) &&
        (otherCores === undefined || otherCores < quietMachineCores),
    };
  } finally {
    for (const kind of kinds) {
      for (const worker of clientsOf(kind)) await worker.stop();
      await serverOf(kind).stop();
    }
  }
}
