import { matchSocketPath } from '@sb/contract';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createReadModel } from '../apps/server/src/modules/feed/read-model';
import { createMatchWireBuilder } from '../apps/server/src/modules/match/match-wire';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import type { Audience } from '../apps/server/src/realtime/match-audiences';
import { createSocketMatchWire } from '../apps/server/src/realtime/match-wire';
import { createScratchDatabase } from './bet-placement.bench';
import {
  createFanoutFeed,
  type DueUpdate,
  fanoutSnapshot,
  oddsChangeOf,
  roomNameOf,
  runUpdateSchedule,
  snapshotSeq,
} from './fanout-feed';
import { startWsPeer } from './fanout-peer';
import {
  type FanoutKind,
  type LoadShape,
  monotonicMs,
  type ServerAddress,
  type ServerCommand,
  type ServerReply,
} from './fanout-protocol';

/**
 * One server of the fan-out benchmark in a process of its own (forked by fanout.bench.ts): the
 * product with its `/match/socket`, or the plain `ws` peer. It runs the update schedule itself,
 * slice by slice as the coordinator asks, and keeps the due time of every update it sends.
 */

interface ServerUnderTest {
  address: ServerAddress;
  deliver(batch: DueUpdate[]): void;
  close(): Promise<void>;
}

/** The product as `npm start` builds it on PostgreSQL, fed by the bench provider through its own read model. */
async function startProduct(load: LoadShape): Promise<ServerUnderTest> {
  const feed = createFanoutFeed(load.roomCount);
  // On PostgreSQL, as a deployment serving thousands of sockets runs: PGlite's queries (the app's
  // periodic work) run inside the event loop and hold up every delta due meanwhile.
  const scratch = await createScratchDatabase('sb_bench_fanout');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory' });
  const app = await buildApp({
    config: {
      LOG_LEVEL: 'error',
      PARTNER_SECRETS: new Map(),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: undefined,
      WEB_DIST_DIR: undefined,
    },
    database,
    counters: createMemoryCounterStore(),
    feedProvider: feed.provider,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const visitor = (await (
    await fetch(`${url}/app/api/visitor/create`, { method: 'POST' })
  ).json()) as { data: { uid: string; token: string } };
  return {
    address: {
      url,
      path: matchSocketPath,
      query: { token: visitor.data.token, uid: visitor.data.uid },
    },
    deliver: feed.deliver,
    async close() {
      await app.close();
      await database.close();
      await scratch.drop();
    },
  };
}

/** A visitor's view: the book's own prices, nothing hidden. */
const visitorAudience: Audience = {
  key: 'bench-visitor',
  pricing: {
    key: '0,0,0',
    oddsConfig: [0, 0, 0],
    margins: { nonHandicap: 0, handicap: 0, base: 0 },
  },
  language: 'en',
  hiddenPlays: new Set(),
  playsKey: '',
  isSportVisible: true,
  leagueIds: null,
};

/** The product's own delta content for each room, as `/match/socket` sends it to a visitor. */
function productDeltaData(roomCount: number): unknown[] {
  const readModel = createReadModel();
  readModel.load(fanoutSnapshot(roomCount));
  const socketWire = createSocketMatchWire(createMatchWireBuilder(readModel));
  const data: unknown[] = [];
  readModel.subscribe((change) => {
    if (change.kind === 'event') data.push(socketWire.deltaData(change, visitorAudience, false));
  });
  for (let roomIndex = 0; roomIndex < roomCount; roomIndex += 1)
    readModel.apply(oddsChangeOf(roomIndex, snapshotSeq + 1));
  return data;
}

async function startPeer(
  load: LoadShape,
  roomNames: string[],
  protocol: 'plain' | 'socket.io',
): Promise<ServerUnderTest> {
  const deltaData = productDeltaData(load.roomCount);
  const peer = await startWsPeer({
    roomNames,
    deltaDataOf: (roomIndex) => deltaData[roomIndex],
    // The product's epoch after its first snapshot, so the frames carry the same digits.
    epoch: 1,
    protocol,
  });
  const address =
    protocol === 'plain'
      ? { url: peer.url }
      : { url: peer.url.replace(/^ws:/, 'http:'), path: matchSocketPath };
  return { address, deliver: peer.deliver, close: peer.close };
}

let server: ServerUnderTest | undefined;
let load: LoadShape = { roomCount: 0, perRoomPerSecond: 0, seqSlots: 0 };
let dueAt = new Float64Array(0);
const handOffLags: number[] = [];
let nextUpdate = 0;
let slicesCpuMs = 0;
let cpuAtMark = process.cpuUsage();

async function start(kind: FanoutKind, shape: LoadShape): Promise<ServerReply> {
  load = shape;
  dueAt = new Float64Array(shape.roomCount * shape.seqSlots).fill(Number.NaN);
  const roomNames = Array.from({ length: shape.roomCount }, (_, index) => roomNameOf(index));
  server =
    kind === 'socket.io'
      ? await startProduct(shape)
      : await startPeer(shape, roomNames, kind === 'wire' ? 'socket.io' : 'plain');
  return { type: 'started', address: server.address, roomNames };
}

async function runSlice(durationMs: number, isMeasured: boolean): Promise<ServerReply> {
  const subject = server;
  if (!subject) throw new Error('run before start');
  const cpuBefore = process.cpuUsage();
  nextUpdate = await runUpdateSchedule({
    roomCount: load.roomCount,
    perRoomPerSecond: load.perRoomPerSecond,
    durationMs,
    firstUpdate: nextUpdate,
    onDue(batch) {
      // One update at a time, so each one's hand-off time is its own and not its batch's.
      for (const update of batch) {
        subject.deliver([update]);
        if (!isMeasured) continue;
        // Both servers write to their sockets before `deliver` returns (unless a socket is
        // still busy with an earlier frame), so this is the server's share of the latency.
        handOffLags.push(monotonicMs() - update.dueAt);
        dueAt[update.roomIndex * load.seqSlots + update.seq] = update.dueAt;
      }
    },
  });
  if (isMeasured) {
    const cpu = process.cpuUsage(cpuBefore);
    slicesCpuMs += (cpu.user + cpu.system) / 1_000;
  }
  return { type: 'ran' };
}

async function handle(command: ServerCommand): Promise<ServerReply> {
  switch (command.type) {
    case 'start':
      return start(command.kind, command.load);
    case 'mark':
      cpuAtMark = process.cpuUsage();
      return { type: 'marked' };
    case 'run':
      return runSlice(command.durationMs, command.isMeasured);
    case 'collect': {
      const cpu = process.cpuUsage(cpuAtMark);
      return {
        type: 'collected',
        dueAt,
        handOffLags: Float64Array.from(handOffLags),
        slicesCpuMs,
        cpuMs: (cpu.user + cpu.system) / 1_000,
      };
    }
    case 'close':
      await server?.close();
      server = undefined;
      return { type: 'closed' };
  }
}

process.on('message', (command: ServerCommand) => {
  handle(command).then(
    (reply) => process.send?.(reply),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.send?.({ type: 'failed', message } satisfies ServerReply);
    },
  );
});
