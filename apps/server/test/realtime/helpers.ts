import {
  createSimulator,
  type EventSnapshot,
  type FeedMessage,
  type FeedSnapshot,
  type Simulator,
} from '@sb/feed-sim';
import { io, type Socket } from 'socket.io-client';
import type { FeedProvider } from '../../src/modules/feed/feed-provider';

/** A fixed moment with football under way in the seeded world, so every run sees the same book. */
export const feedStartTime = Date.UTC(2026, 0, 10, 15, 0, 0);

/**
 * The simulator behind a clock the test moves: `advance` runs the world and hands the messages
 * to the server at once; `push` hands over messages the test wrote itself; `replace` a new snapshot.
 */
export function createManualFeed(seed = 'realtime-test') {
  const simulator: Simulator = createSimulator({
    seed,
    speed: 60,
    startTime: feedStartTime,
    // The light world these suites were written against: the latest calendar is far deeper.
    calendar: 2,
  });
  let deliver: (messages: FeedMessage[]) => void = () => {};
  let deliverSnapshot: (snapshot: FeedSnapshot) => void = () => {};
  const provider: FeedProvider = {
    name: 'manual',
    snapshot: () => simulator.snapshot(),
    sports: () => simulator.sports(),
    start(onMessages, onSnapshot) {
      deliver = onMessages;
      if (onSnapshot) deliverSnapshot = onSnapshot;
    },
    stop() {},
  };
  return {
    provider,
    simulator,
    /** Moves the clock by `ms` caller milliseconds; answers the messages delivered. */
    advance(ms: number): FeedMessage[] {
      const messages = simulator.advance(simulator.now() + ms);
      if (messages.length > 0) deliver(messages);
      return messages;
    },
    push(messages: FeedMessage[]): void {
      deliver(messages);
    },
    replace(snapshot: FeedSnapshot): void {
      deliverSnapshot(snapshot);
    },
    /** The event as the server's book holds it (the simulator's state is the book's). */
    event(eventId: number): EventSnapshot {
      const event = simulator.snapshot().events.find((item) => item.fixture.eventId === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return event;
    },
  };
}

export type ManualFeed = ReturnType<typeof createManualFeed>;

/** Live events with in-play prices, busiest sport first: football. */
export function liveEvents(snapshot: FeedSnapshot): EventSnapshot[] {
  return snapshot.events
    .filter((event) => event.status.status === 'live' && event.fixture.liveOdds)
    .filter((event) => event.fixture.kind === 'match' && event.markets.length > 0)
    .sort((a, b) => Number(b.fixture.sportId === 1) - Number(a.fixture.sportId === 1));
}

export const roomOf = (event: Pick<EventSnapshot, 'fixture'>) =>
  `A-${event.fixture.sportId}-${event.fixture.eventId}`;

export interface Recorded {
  name: string;
  payload: unknown;
  at: number;
}

export interface MatchMessage {
  room: string;
  epoch: number;
  seq: number;
  data: unknown;
}

export interface Answer {
  code: number;
  msg: string;
  data: unknown;
}

/** A client socket that records every event, so a test can wait for one or look back. */
export interface RecordingSocket {
  socket: Socket;
  events: Recorded[];
  /** The position after the last event so far, to wait only for later ones. */
  mark(): number;
  /** Resolves with the first event of this name (matching `where`) at or after `since`. */
  next<T>(
    name: string,
    where?: (payload: T) => boolean,
    options?: { since?: number; timeoutMs?: number },
  ): Promise<T>;
  /** Every payload of this name recorded at or after `since`. */
  all<T>(name: string, since?: number): T[];
  /** Emits and resolves with the server's ack. */
  request(event: string, ...args: unknown[]): Promise<Answer>;
  close(): void;
}

export function recordSocket(socket: Socket): RecordingSocket {
  const events: Recorded[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload, at: Date.now() });
    for (const wake of waiters) wake();
  });
  return {
    socket,
    events,
    mark: () => events.length,
    next<T>(
      name: string,
      where: (payload: T) => boolean = () => true,
      options: { since?: number; timeoutMs?: number } = {},
    ): Promise<T> {
      const since = options.since ?? 0;
      const find = () =>
        events.slice(since).find((event) => event.name === name && where(event.payload as T));
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          cleanup();
          resolve(found.payload as T);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${name}" event within ${options.timeoutMs ?? 5_000} ms`));
        }, options.timeoutMs ?? 5_000);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    all<T>(name: string, since = 0): T[] {
      return events
        .slice(since)
        .filter((event) => event.name === name)
        .map((event) => event.payload as T);
    },
    request(event: string, ...args: unknown[]): Promise<Answer> {
      return socket.timeout(5_000).emitWithAck(event, ...args) as Promise<Answer>;
    },
    close() {
      socket.disconnect();
    },
  };
}

export interface ConnectOptions {
  path: '/match/socket' | '/app/socket';
  query?: Record<string, string>;
  reconnection?: boolean;
  /** How long the client waits for the server's answer to its connection (5 s unless given). */
  timeoutMs?: number;
}

/** The official client as SPEC §4 configures it: websocket only, query carrying the session. */
export function openSocket(url: string, options: ConnectOptions): Socket {
  return io(url, {
    path: options.path,
    transports: ['websocket'],
    query: options.query ?? {},
    reconnection: options.reconnection ?? false,
    forceNew: true,
    timeout: options.timeoutMs ?? 5_000,
  });
}

/** Connects and resolves once connected, or rejects with the server's `connect_error`. */
export function connect(url: string, options: ConnectOptions): Promise<RecordingSocket> {
  const socket = openSocket(url, options);
  const recording = recordSocket(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(recording));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Resolves with the `connect_error` a refused connection gets. */
export function connectRefused(
  url: string,
  options: ConnectOptions,
): Promise<Error & { data?: { code: number; msg: string } }> {
  const socket = openSocket(url, options);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.disconnect();
      reject(new Error('connected although it should have been refused'));
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(error as Error & { data?: { code: number; msg: string } });
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers a value, or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}
