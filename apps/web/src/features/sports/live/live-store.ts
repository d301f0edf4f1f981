import type { MatchDelta, MatchSnapshot, SocketMatch } from '@sb/contract';
import { optionStatus, parseMatchRoomName } from '@sb/contract';

/** A price movement of one option, kept so its colour can fade from the moment it moved. */
export interface PriceMove {
  direction: 1 | -1;
  atMs: number;
}

/** What the store holds for one match: its stream position and the match as last told. */
export interface LiveMatch {
  epoch: number;
  seq: number;
  /** Null when the server has no such match for this viewer (`seq` 0, `data` null). */
  match: SocketMatch | null;
  /** Moves of the options whose decimal price changed, by option id. */
  moves: ReadonlyMap<string, PriceMove>;
}

export interface LiveStoreOptions {
  /** Asks the server for fresh snapshots of these rooms (the socket's `G`). */
  requestResync(rooms: string[]): void;
  /** Runs the flush once before the next paint; tests pass a manual scheduler. */
  scheduleFrame?(flush: () => void): void;
  now?(): number;
}

/** A move older than this no longer colours its option (the CSS fade lasts as long). */
export const priceMoveFadeMs = 3_000;

type Markets = SocketMatch['z'];

function pricesOf(markets: Markets): Map<string, number> {
  const prices = new Map<string, number>();
  for (const lines of Object.values(markets))
    for (const options of Object.values(lines))
      for (const option of options)
        if (option.s === optionStatus.open) prices.set(option.oi, option.o);
  return prices;
}

/** Statuses of a line that is over while its match goes on: withdrawn, settled (a next goal scored, a quarter played) or cancelled. */
const overStatuses: ReadonlySet<number> = new Set([
  optionStatus.deactivated,
  optionStatus.settled,
  optionStatus.cancelled,
]);

/** Merges a delta's markets into what is held: market by market; a line that is over goes. */
function mergeMarkets(held: Markets, changed: Markets): Markets {
  const merged: Markets = { ...held };
  for (const [playId, lines] of Object.entries(changed)) {
    const playLines = { ...(merged[playId] ?? {}) };
    for (const [specifiers, options] of Object.entries(lines)) {
      if (options.length > 0 && options.every((option) => overStatuses.has(option.s)))
        delete playLines[specifiers];
      else playLines[specifiers] = options;
    }
    if (Object.keys(playLines).length === 0) delete merged[playId];
    else merged[playId] = playLines;
  }
  return merged;
}

/** A delta that carries the whole match (bet stop, its lifting, a fixture change) has every field. */
function isWholeMatch(data: Omit<MatchDelta['data'], 'k'>): data is SocketMatch {
  return 'o' in data && 'l' in data && 't' in data;
}

/**
 * Whether a match came or went, or moved between lists: it kicked off or ended (`g`), or its
 * kick-off moved (today or early). The first word of a match counts too: the list it was read
 * in may be older than the socket's picture.
 */
function isRosterChange(before: SocketMatch | null | undefined, after: SocketMatch | null) {
  if (before === undefined) return true;
  if (!before || !after) return before !== after;
  return before.g !== after.g || before.t !== after.t;
}

/**
 * The live picture of the followed matches, outside React (docs/realtime.md): snapshots replace,
 * deltas apply only at the held epoch and seq + 1, a gap asks for a resync, a seq already held is
 * ignored. Listeners of a match hear at most once per animation frame however many messages came,
 * so a burst of odds changes costs one render per row per frame.
 */
export function createLiveStore(options: LiveStoreOptions) {
  const schedule = options.scheduleFrame ?? ((flush) => requestAnimationFrame(flush));
  const now = options.now ?? Date.now;
  const held = new Map<number, LiveMatch>();
  const listeners = new Map<number, Set<() => void>>();
  const dirty = new Set<number>();
  const rosterListeners = new Set<() => void>();
  let isRosterChanged = false;
  const resyncRooms = new Set<string>();
  let isFrameScheduled = false;

  function flush(): void {
    isFrameScheduled = false;
    if (resyncRooms.size > 0) {
      const rooms = [...resyncRooms];
      resyncRooms.clear();
      options.requestResync(rooms);
    }
    const changed = [...dirty];
    dirty.clear();
    for (const matchId of changed) for (const listener of listeners.get(matchId) ?? []) listener();
    if (isRosterChanged) {
      isRosterChanged = false;
      for (const listener of rosterListeners) listener();
    }
  }

  function markDirty(matchId: number): void {
    dirty.add(matchId);
    if (!isFrameScheduled) {
      isFrameScheduled = true;
      schedule(flush);
    }
  }

  function movesAfter(previous: LiveMatch | undefined, next: SocketMatch | null) {
    const moves = new Map(previous?.moves ?? []);
    const atMs = now();
    for (const [oi, move] of moves) if (atMs - move.atMs >= priceMoveFadeMs) moves.delete(oi);
    if (!previous?.match || !next) return moves;
    const before = pricesOf(previous.match.z);
    for (const [oi, price] of pricesOf(next.z)) {
      const old = before.get(oi);
      if (old !== undefined && old !== price)
        moves.set(oi, { direction: price > old ? 1 : -1, atMs });
    }
    return moves;
  }

  function store(matchId: number, next: Omit<LiveMatch, 'moves'>): void {
    const previous = held.get(matchId);
    held.set(matchId, { ...next, moves: movesAfter(previous, next.match) });
    if (isRosterChange(previous?.match, next.match)) isRosterChanged = true;
    markDirty(matchId);
  }

  function applySnapshot(message: MatchSnapshot): void {
    const room = parseMatchRoomName(message.room);
    if (!room) return;
    store(room.matchId, { epoch: message.epoch, seq: message.seq, match: message.data });
  }

  function requestResync(room: string): void {
    resyncRooms.add(room);
    if (!isFrameScheduled) {
      isFrameScheduled = true;
      schedule(flush);
    }
  }

  function applyDelta(message: MatchDelta): void {
    const room = parseMatchRoomName(message.room);
    if (!room) return;
    const current = held.get(room.matchId);
    const base = current?.match;
    if (!current || !base || current.epoch !== message.epoch || message.seq !== current.seq + 1) {
      const isStale = current && current.epoch === message.epoch && message.seq <= current.seq;
      if (!isStale) requestResync(message.room);
      return;
    }
    const { k: _kind, ...data } = message.data;
    const match: SocketMatch = isWholeMatch(data)
      ? data
      : {
          ...base,
          g: data.g,
          ev: data.ev,
          mc: data.mc,
          z: mergeMarkets(base.z, data.z),
          // The tracker comes with every change of a match that has live data.
          ...(data.lt ? { lt: data.lt } : {}),
        };
    store(room.matchId, { epoch: message.epoch, seq: message.seq, match });
  }

  return {
    applySnapshot,
    applyDelta,
    /** The held picture of a match, or undefined before its first snapshot. */
    get(matchId: number): LiveMatch | undefined {
      return held.get(matchId);
    },
    /** Listens to one match; the listener runs at most once per frame. */
    subscribe(matchId: number, listener: () => void): () => void {
      const set = listeners.get(matchId) ?? new Set();
      set.add(listener);
      listeners.set(matchId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(matchId);
      };
    },
    /**
     * Listens to the roster: matches arriving, leaving, kicking off or ending (what moves the
     * sport tabs' counts); at most once per frame, and not for mere price changes.
     */
    subscribeRoster(listener: () => void): () => void {
      rosterListeners.add(listener);
      return () => rosterListeners.delete(listener);
    },
    /** What the socket last said of every match held. */
    *news(): IterableIterator<{ matchId: number; match: SocketMatch | null }> {
      for (const [matchId, entry] of held) yield { matchId, match: entry.match };
    },
    /** Forgets matches no longer followed, so a long session does not keep every match seen. */
    retain(matchIds: ReadonlySet<number>): void {
      for (const matchId of held.keys())
        if (!matchIds.has(matchId) && !listeners.has(matchId)) held.delete(matchId);
    },
  };
}

export type LiveStore = ReturnType<typeof createLiveStore>;
