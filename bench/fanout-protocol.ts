/**
 * What the fan-out benchmark's coordinator says to its server and client processes, and the
 * clock they all read. Each server and each share of its clients has a process of its own, so
 * that receiving 20 000 messages a second never competes with a server for its event loop, and
 * the servers never stall each other.
 */

/**
 * Milliseconds on the machine's monotonic clock (libuv's hrtime, CLOCK_MONOTONIC on Linux). It is
 * one clock for every process of the machine, so a due time taken in a server process and a
 * receive time taken in a client process can be subtracted; the wall clock could be stepped.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * The product (`socket.io`), the plain `ws` broadcast it is measured against (`ws`), and the
 * same broadcast speaking Socket.IO's wire protocol to official Socket.IO clients (`wire`): the
 * least any server could cost those clients.
 */
export type FanoutKind = 'socket.io' | 'wire' | 'ws';

/**
 * Both servers send the same frame for an update: Socket.IO's own text encoding of a `delta`
 * event (engine.io message `4`, socket.io event `2`, then the JSON array), so the plain `ws`
 * peer's frames are byte for byte as long as the product's.
 */
export const deltaFramePrefix = '42["delta",';

export interface LoadShape {
  roomCount: number;
  perRoomPerSecond: number;
  /** Slots per room in the due-time table, indexed by seq. */
  seqSlots: number;
}

/** Where the clients of a server connect. */
export interface ServerAddress {
  /** `http://127.0.0.1:port` for Socket.IO clients, `ws://127.0.0.1:port` for plain ones. */
  url: string;
  /** The Socket.IO path; the plain peer takes the room from the query string instead. */
  path?: string;
  /** The handshake query (SPEC §3 token and uid) for Socket.IO. */
  query?: Record<string, string>;
}

export type ServerCommand =
  | { type: 'start'; kind: FanoutKind; load: LoadShape }
  /** CPU use is counted from here. */
  | { type: 'mark' }
  /** Sends the next `durationMs` of the schedule; `isMeasured` slices count. */
  | { type: 'run'; durationMs: number; isMeasured: boolean }
  | { type: 'collect' }
  | { type: 'close' };

export type ServerReply =
  | { type: 'started'; address: ServerAddress; roomNames: string[] }
  | { type: 'marked' }
  | { type: 'ran' }
  | {
      type: 'collected';
      /** Due time (monotonicMs) of each measured update at `roomIndex * seqSlots + seq`, else NaN. */
      dueAt: Float64Array;
      /** Per measured update: from due until the server's hand-off to its sockets returned. */
      handOffLags: Float64Array;
      /**
       * CPU time of the server process during its measured slices: unlike wall-clock figures it
       * hardly moves when other processes share the machine.
       */
      slicesCpuMs: number;
      /** CPU time of the server process since `mark`, its idle turns included. */
      cpuMs: number;
    }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

export interface OpenClients {
  type: 'open';
  kind: FanoutKind;
  address: ServerAddress;
  /** Client `i` follows `rooms[Math.floor(i / clientsPerRoom)]`. */
  rooms: string[];
  clientsPerRoom: number;
  /** This process opens clients `firstClient` to `firstClient + clientCount - 1`. */
  firstClient: number;
  clientCount: number;
}

export type ClientCommand =
  | OpenClients
  /** CPU use and frame sizes are counted from here. */
  | { type: 'mark' }
  /** Hands over every delivery recorded so far. */
  | { type: 'collect' }
  | { type: 'close' };

/** Every delivery as three parallel columns: which client, which seq, when (monotonicMs). */
export interface DeliveryColumns {
  clients: Int32Array;
  seqs: Int32Array;
  receivedAt: Float64Array;
}

export type ClientReply =
  | { type: 'opened'; clients: number; connectMs: number }
  | { type: 'marked' }
  | {
      type: 'collected';
      deliveries: DeliveryColumns;
      /** Bytes of delta frames received since `mark`, as sent on the wire (text frames, ASCII). */
      frameBytes: number;
      frames: number;
      /** CPU time of the client process since `mark`. */
      cpuMs: number;
      /** Connections that closed while they should have been listening. */
      disconnects: number;
    }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
