/** A socket may follow at most this many matches at once (a long list view plus a detail). */
export const maxRoomsPerSocket = 300;
const maxRoomNameLength = 32;
const roomPattern = /^A-([1-9][0-9]{0,9})-([1-9][0-9]{0,15})$/;

/** How a socket follows a room: every delta (a match view), or conflated whole states (a list). */
export type RoomView = 'match' | 'list';

export interface MatchRoom {
  /** As the client names it: `A-{sportId}-{matchId}`. */
  name: string;
  sportId: number;
  matchId: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; msg: string };

const refuse = (msg: string): { ok: false; msg: string } => ({ ok: false, msg });

/** SPEC §4: rooms are named `A-{sportId}-{matchId}`, both positive integers without a sign or leading zero. */
export function parseRoomName(value: unknown): Parsed<MatchRoom> {
  if (typeof value !== 'string') return refuse('a room name must be a string');
  const shown = value.length > maxRoomNameLength ? `${value.slice(0, maxRoomNameLength)}…` : value;
  const match = value.length <= maxRoomNameLength ? roomPattern.exec(value) : null;
  const sportId = Number(match?.[1]);
  const matchId = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(sportId) || !Number.isSafeInteger(matchId))
    return refuse(`room "${shown}" is not of the form A-{sportId}-{matchId}`);
  return { ok: true, value: { name: value, sportId, matchId } };
}

/** The Socket.IO room a socket joins for a match and view; the list view has its own stream. */
export function streamRoom(name: string, view: RoomView): string {
  return view === 'list' ? `list:${name}` : name;
}

export function roomNameOf(fixture: { sportId: number; eventId: number }): string {
  return `A-${fixture.sportId}-${fixture.eventId}`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function unknownKey(
  value: Record<string, unknown>,
  allowed: readonly string[],
): string | undefined {
  return Object.keys(value).find((key) => !allowed.includes(key));
}

function parseView(value: unknown): Parsed<RoomView> {
  if (value === undefined) return { ok: true, value: 'match' };
  if (value === 'match' || value === 'list') return { ok: true, value };
  return refuse('view must be "match" or "list"');
}

/** A list of room names, each valid, duplicates dropped, at most `maxRoomsPerSocket`. */
function parseRoomList(value: unknown): Parsed<MatchRoom[]> {
  if (!Array.isArray(value)) return refuse('rooms must be a list of room names');
  if (value.length > maxRoomsPerSocket)
    return refuse(`at most ${maxRoomsPerSocket} rooms, got ${value.length}`);
  const rooms = new Map<string, MatchRoom>();
  for (const item of value) {
    const room = parseRoomName(item);
    if (!room.ok) return room;
    rooms.set(room.value.name, room.value);
  }
  return { ok: true, value: [...rooms.values()] };
}

export interface JoinRoomRequest {
  /** Snapshots of every room of the new set, not only of the rooms it adds. */
  initData: boolean;
  rooms: MatchRoom[];
  view: RoomView;
}

/** `join-room {initData, rooms, view?}`: the socket's whole new room set. */
export function parseJoinRoom(payload: unknown): Parsed<JoinRoomRequest> {
  if (!isPlainObject(payload)) return refuse('join-room takes {initData, rooms}');
  const extra = unknownKey(payload, ['initData', 'rooms', 'view']);
  if (extra !== undefined) return refuse(`join-room does not take "${extra.slice(0, 32)}"`);
  if (payload.initData !== undefined && typeof payload.initData !== 'boolean')
    return refuse('initData must be true or false');
  const rooms = parseRoomList(payload.rooms);
  if (!rooms.ok) return rooms;
  const view = parseView(payload.view);
  if (!view.ok) return view;
  return {
    ok: true,
    value: { initData: payload.initData === true, rooms: rooms.value, view: view.value },
  };
}

/** `append-join-room`: one room, as its name, `{room, view?}` or `{rooms: [name], view?}`. */
export function parseAppendJoinRoom(payload: unknown): Parsed<{ room: MatchRoom; view: RoomView }> {
  if (typeof payload === 'string') {
    const room = parseRoomName(payload);
    return room.ok ? { ok: true, value: { room: room.value, view: 'match' } } : room;
  }
  if (!isPlainObject(payload)) return refuse('append-join-room takes a room name or {room}');
  const extra = unknownKey(payload, ['room', 'rooms', 'view', 'initData']);
  if (extra !== undefined) return refuse(`append-join-room does not take "${extra.slice(0, 32)}"`);
  const view = parseView(payload.view);
  if (!view.ok) return view;
  let name = payload.room;
  if (name === undefined && Array.isArray(payload.rooms)) {
    if (payload.rooms.length !== 1) return refuse('append-join-room adds exactly one room');
    name = payload.rooms[0];
  }
  const room = parseRoomName(name);
  return room.ok ? { ok: true, value: { room: room.value, view: view.value } } : room;
}

/** `G`: fresh snapshots of every joined room, or of the joined rooms listed. */
export function parseResync(payload: unknown): Parsed<MatchRoom[] | undefined> {
  if (payload === undefined || payload === null) return { ok: true, value: undefined };
  if (!isPlainObject(payload)) return refuse('G takes nothing or {rooms}');
  const extra = unknownKey(payload, ['rooms']);
  if (extra !== undefined) return refuse(`G does not take "${extra.slice(0, 32)}"`);
  if (payload.rooms === undefined) return { ok: true, value: undefined };
  return parseRoomList(payload.rooms);
}
