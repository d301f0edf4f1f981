import { matchRoomName, parseMatchRoomName, type RoomView } from '@sb/contract';

export { maxRoomsPerSocket, type RoomView } from '@sb/contract';

export interface MatchRoom {
  /** As the client names it: `A-{sportId}-{matchId}`. */
  name: string;
  sportId: number;
  matchId: number;
}

/** A room name the contract's schema has already accepted. */
export function matchRoomOf(name: string): MatchRoom {
  const parts = parseMatchRoomName(name);
  if (!parts) throw new RangeError(`not a room name: ${name.slice(0, 40)}`);
  return { name, ...parts };
}

export const roomNameOf = (fixture: { sportId: number; eventId: number }) =>
  matchRoomName(fixture.sportId, fixture.eventId);

/**
 * The Socket.IO room a socket joins for a match, a view and an audience (the sockets that see
 * the match alike: same prices, same hidden plays). Every socket of a stream gets the same
 * messages, so each is built once per stream, never per socket.
 */
export function streamName(room: string, view: RoomView, audienceKey: string): string {
  return `${view === 'list' ? 'list:' : ''}${room}|${audienceKey}`;
}

const listPrefix = 'list:';

/** The parts of a stream's name; undefined for Socket.IO's other rooms (each socket's own). */
export function parseStreamName(
  name: string,
): { room: string; view: RoomView; audienceKey: string } | undefined {
  const view: RoomView = name.startsWith(listPrefix) ? 'list' : 'match';
  const rest = view === 'list' ? name.slice(listPrefix.length) : name;
  const separator = rest.indexOf('|');
  if (separator < 0) return undefined;
  const room = rest.slice(0, separator);
  if (!parseMatchRoomName(room)) return undefined;
  return { room, view, audienceKey: rest.slice(separator + 1) };
}
