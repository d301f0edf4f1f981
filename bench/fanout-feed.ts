import {
  type EventSnapshot,
  type FeedMessage,
  type FeedSnapshot,
  type Fixture,
  type Market,
  type MatchStatus,
  type OddsChangeMessage,
  SportIds,
} from '@sb/feed-sim';
import type { FeedProvider } from '../apps/server/src/modules/feed/feed-provider';
import { monotonicMs } from './fanout-protocol';

/**
 * The fan-out benchmark's load: a fixed set of live football matches, each repriced at a fixed
 * rate, the same schedule for the product and for the plain `ws` peer.
 */

/** Eight digits, so every room name (`A-1-41000001`) and so every frame has the same length. */
const firstEventId = 41_000_001;
/** The snapshot holds every match at this seq; its updates go on from the next one. */
export const snapshotSeq = 1;

export interface DueUpdate {
  roomIndex: number;
  seq: number;
  /** When the update was due on the schedule (monotonicMs): delivery latency counts from here. */
  dueAt: number;
}

const eventIdOf = (roomIndex: number) => firstEventId + roomIndex;
export const roomNameOf = (roomIndex: number) => `A-${SportIds.Football}-${eventIdOf(roomIndex)}`;

function fixtureOf(roomIndex: number, startTime: number): Fixture {
  const home = 2 * roomIndex + 1;
  return {
    eventId: eventIdOf(roomIndex),
    sportId: SportIds.Football,
    kind: 'match',
    name: `Fanout Home ${home} vs Fanout Away ${home + 1}`,
    league: { id: 9001, sportId: SportIds.Football, name: 'Fanout League', category: 'Bench' },
    competitors: [
      { id: 800_000 + home, name: `Fanout Home ${home}`, abbreviation: 'FHO' },
      { id: 800_001 + home, name: `Fanout Away ${home + 1}`, abbreviation: 'FAW' },
    ],
    startTime,
    virtual: false,
    liveOdds: true,
    format: { periods: 2, periodMinutes: 45 },
  };
}

/** The score stays put, so every update of a match has the same size; only the prices move. */
const liveStatus: MatchStatus = {
  status: 'live',
  period: 1,
  periodCode: 1,
  inBreak: false,
  description: '1st half',
  homeScore: 1,
  awayScore: 0,
  periodScores: [{ home: 1, away: 0 }],
  clock: { elapsed: 1_260, running: true },
};

/**
 * Odds in ten-thousandths that move with every seq but always have five digits, so frame sizes
 * do not drift between the two runs.
 */
function oddsOf(roomIndex: number, seq: number, outcome: number): number {
  return 15_000 + ((seq * 37 + roomIndex * 11 + outcome * 1_301) % 20_000);
}

/** The three markets an in-play football update usually moves: 1X2, the main handicap and total. */
function marketsOf(roomIndex: number, seq: number): Market[] {
  const outcome = (id: string, name: string, index: number) => ({
    id,
    name,
    odds: oddsOf(roomIndex, seq, index),
    probability: 10_000 / oddsOf(roomIndex, seq, index),
    active: true,
  });
  return [
    {
      playId: 3,
      specifiers: '',
      name: '1X2',
      status: 'active',
      outcomes: [
        outcome('home', 'Home', 0),
        outcome('draw', 'Draw', 1),
        outcome('away', 'Away', 2),
      ],
    },
    {
      playId: 1,
      specifiers: 'hcp=-0.25',
      name: 'Asian handicap',
      status: 'active',
      outcomes: [outcome('home', 'Home', 3), outcome('away', 'Away', 4)],
    },
    {
      playId: 2,
      specifiers: 'total=2.5',
      name: 'Asian over/under',
      status: 'active',
      outcomes: [outcome('over', 'Over', 5), outcome('under', 'Under', 6)],
    },
  ];
}

export function oddsChangeOf(roomIndex: number, seq: number): OddsChangeMessage {
  return {
    type: 'odds_change',
    eventId: eventIdOf(roomIndex),
    sportId: SportIds.Football,
    timestamp: Date.now(),
    seq,
    status: liveStatus,
    markets: marketsOf(roomIndex, seq),
  };
}

export function fanoutSnapshot(roomCount: number): FeedSnapshot {
  const now = Date.now();
  const events: EventSnapshot[] = [];
  for (let roomIndex = 0; roomIndex < roomCount; roomIndex += 1)
    events.push({
      fixture: fixtureOf(roomIndex, now - 1_260_000),
      status: liveStatus,
      // Copies: the snapshot's markets live on in the read model while every message's die young.
      // Made at the same literals as the messages', they would have V8 take all of them for
      // long-lived and allocate each message's markets straight in the old generation.
      markets: structuredClone(marketsOf(roomIndex, snapshotSeq)),
      seq: snapshotSeq,
    });
  return { timestamp: now, speed: 1, events };
}

/** UOF producers say they are alive every few seconds; the simulator's interval. */
const aliveIntervalMs = 5_000;

/**
 * A feed provider for the product server that sends no odds until the benchmark hands it updates:
 * each one goes through the product's own path, read model first, then `/match/socket`. It says
 * it is alive as a real producer does, or the server's watchdog would suspend every market (and
 * tell every socket) 20 s after the start.
 */
export function createFanoutFeed(roomCount: number) {
  let onMessages: (messages: FeedMessage[]) => void = () => {};
  let aliveTimer: NodeJS.Timeout | undefined;
  let aliveSeq = 0;
  const provider: FeedProvider = {
    name: 'fanout-bench',
    snapshot: () => fanoutSnapshot(roomCount),
    sports: () => [{ sportId: SportIds.Football, name: 'Football', virtual: false }],
    start(deliver) {
      onMessages = deliver;
      aliveTimer = setInterval(() => {
        aliveSeq += 1;
        onMessages([{ type: 'alive', timestamp: Date.now(), seq: aliveSeq, subscribed: true }]);
      }, aliveIntervalMs);
    },
    stop() {
      clearInterval(aliveTimer);
      onMessages = () => {};
    },
  };
  return {
    provider,
    deliver(batch: DueUpdate[]): void {
      onMessages(batch.map((update) => oddsChangeOf(update.roomIndex, update.seq)));
    },
  };
}

/**
 * Hands every room `perRoomPerSecond` updates a second for `durationMs`, the rooms taking turns
 * so the load is even (one update every millisecond for 100 rooms at 10/s) rather than a burst
 * per period. A 1 ms timer hands over everything due by now, so a server whose event loop falls
 * behind sees its backlog counted in the latency, as it would with a real feed's socket.
 * `firstUpdate` continues the numbering of an earlier slice, so seqs go on where they stopped;
 * `done` resolves with the number of the next update.
 */
export function runUpdateSchedule(options: {
  roomCount: number;
  perRoomPerSecond: number;
  durationMs: number;
  firstUpdate: number;
  onDue: (batch: DueUpdate[]) => void;
}): Promise<number> {
  const { roomCount, firstUpdate, onDue } = options;
  const intervalMs = 1_000 / (roomCount * options.perRoomPerSecond);
  const end = firstUpdate + Math.round(options.durationMs / intervalMs);
  const startedAt = monotonicMs();
  let next = firstUpdate;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = monotonicMs();
      const batch: DueUpdate[] = [];
      while (next < end) {
        const dueAt = startedAt + (next - firstUpdate) * intervalMs;
        if (dueAt > now) break;
        batch.push({
          roomIndex: next % roomCount,
          seq: snapshotSeq + 1 + Math.floor(next / roomCount),
          dueAt,
        });
        next += 1;
      }
      if (batch.length > 0) onDue(batch);
      if (next >= end) {
        clearInterval(timer);
        resolve(next);
      }
    }, 1);
  });
}
