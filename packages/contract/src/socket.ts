import { z } from 'zod';
import { matchSchema, sysInitSchema } from './match';
import { balanceEntrySchema } from './wallet';

/**
 * The two Socket.IO endpoints (SPEC §4, DESIGN §5): every event in both directions. The server
 * checks what clients send with these schemas and types what it sends with these types;
 * docs/realtime.md says when each event is sent.
 */

export const matchSocketPath = '/match/socket';
export const appSocketPath = '/app/socket';

// ---------------------------------------------------------------------------------------------
// The handshake
// ---------------------------------------------------------------------------------------------

/**
 * One query value of at most `maxLength` characters; the wire's coercion reads an empty one as
 * absent.
 */
const queryValue = (maxLength: number) =>
  z
    .string({ error: `must be one value of at most ${maxLength} characters` })
    .max(maxLength, { error: `must be one value of at most ${maxLength} characters` })
    .optional();

/**
 * SPEC §3 web socket query: token, uid, realm, process; `source` as the client info sends it
 * (1 is the live-stream flavour, which never shows play type 2); `lang` as every call sends it,
 * the language match, league and team names come in (zh, zht or en; another reads as the
 * site's default). Socket.IO adds its own fields (`EIO`, `transport`), so other names pass.
 */
export const socketHandshakeQuerySchema = z.object({
  token: queryValue(256),
  uid: queryValue(64),
  realm: queryValue(64),
  process: queryValue(64),
  source: queryValue(8),
  lang: queryValue(8),
});
export type SocketHandshakeQuery = z.infer<typeof socketHandshakeQuerySchema>;

// ---------------------------------------------------------------------------------------------
// /match/socket, client to server
// ---------------------------------------------------------------------------------------------

/** A socket may follow at most this many matches at once (a long list view plus a detail). */
export const maxRoomsPerSocket = 300;
const maxRoomNameLength = 32;
const roomNamePattern = /^A-([1-9][0-9]{0,9})-([1-9][0-9]{0,15})$/;

/** The sport and match a room names, or null when it is not `A-{sportId}-{matchId}`. */
export function parseMatchRoomName(name: string): { sportId: number; matchId: number } | null {
  if (name.length > maxRoomNameLength) return null;
  const parts = roomNamePattern.exec(name);
  if (!parts) return null;
  const sportId = Number(parts[1]);
  const matchId = Number(parts[2]);
  if (!Number.isSafeInteger(sportId) || !Number.isSafeInteger(matchId)) return null;
  return { sportId, matchId };
}

export const matchRoomName = (sportId: number, matchId: number) => `A-${sportId}-${matchId}`;

const shownRoom = (value: unknown) => {
  const text = String(value);
  return text.length > maxRoomNameLength ? `${text.slice(0, maxRoomNameLength)}…` : text;
};

/** SPEC §4: `A-{sportId}-{matchId}`, both positive integers without a sign or leading zero. */
export const matchRoomNameSchema = z
  .string({ error: 'a room name must be a string' })
  .refine((name) => parseMatchRoomName(name) !== null, {
    error: (issue) => `room "${shownRoom(issue.input)}" is not of the form A-{sportId}-{matchId}`,
  });

const roomListSchema = z
  .array(matchRoomNameSchema, { error: 'must be a list of room names' })
  .max(maxRoomsPerSocket, {
    error: (issue) =>
      `at most ${maxRoomsPerSocket} rooms, got ${Array.isArray(issue.input) ? issue.input.length : '?'}`,
  });

/**
 * How a socket follows the rooms of a request: `match` sends every change as a delta at once;
 * `list` sends conflated whole states, suspensions at once.
 */
export const roomViewSchema = z.enum(['match', 'list'], {
  error: 'must be "match" or "list"',
});
export type RoomView = z.infer<typeof roomViewSchema>;

/** Refuses unknown fields by name, anything else with how the event is called. */
const objectError = (event: string, usage: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `${event} does not take "${String(issue.keys?.[0]).slice(0, 32)}"`
    : `${event} takes ${usage}`;

/** `join-room`: replaces the socket's room set. */
export const joinRoomPayloadSchema = z.strictObject(
  {
    /** Snapshots of every room of the new set, not only of the rooms it adds. */
    initData: z.boolean({ error: 'must be true or false' }).optional(),
    rooms: roomListSchema,
    view: roomViewSchema.optional(),
  },
  { error: objectError('join-room', '{initData, rooms}') },
);
export type JoinRoomPayload = z.infer<typeof joinRoomPayloadSchema>;

/** `append-join-room` as an object: `{room}` or SPEC's client's `{rooms: [one]}`. */
const appendJoinRoomObjectSchema = z
  .strictObject(
    {
      room: matchRoomNameSchema.optional(),
      rooms: z.tuple([matchRoomNameSchema], { error: 'must hold exactly one room' }).optional(),
      view: roomViewSchema.optional(),
      /** Taken as join-room takes it; the added room gets its snapshot either way. */
      initData: z.boolean({ error: 'must be true or false' }).optional(),
    },
    { error: objectError('append-join-room', 'a room name or {room}') },
  )
  .refine((payload) => (payload.room === undefined) !== (payload.rooms === undefined), {
    error: 'append-join-room takes one room: room or rooms',
  });

/** `append-join-room`: adds one room, named alone or in an object. */
export const appendJoinRoomPayloadSchema = z.union(
  [matchRoomNameSchema, appendJoinRoomObjectSchema],
  { error: 'append-join-room takes a room name or {room}' },
);
export type AppendJoinRoomPayload = z.infer<typeof appendJoinRoomPayloadSchema>;

/** `G`: fresh snapshots of every joined room, or of the joined rooms listed. */
export const resyncPayloadSchema = z
  .strictObject(
    { rooms: roomListSchema.optional() },
    { error: objectError('G', 'nothing or {rooms}') },
  )
  .nullish();
export type ResyncPayload = z.infer<typeof resyncPayloadSchema>;

/** What a room request's acknowledgement carries on success: rooms joined, or snapshots sent. */
export const roomCountSchema = z.object({ rooms: z.number().int() });
export type RoomCount = z.infer<typeof roomCountSchema>;

/** Every request's acknowledgement: `{code, msg, data}` as the HTTP calls answer; 0 is success. */
export const socketAnswerSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: roomCountSchema.nullable(),
});
export type SocketAnswer = z.infer<typeof socketAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// /match/socket, server to client
// ---------------------------------------------------------------------------------------------

/**
 * A match as the match calls send it (SPEC §3 short names), priced for the socket's viewer, less
 * the viewer's favourite flags `x`, `w`, `y`: one message serves every socket with the same
 * prices and hidden plays, and favourites are the viewer's own (the HTTP calls carry them).
 */
export const socketMatchSchema = matchSchema.omit({ x: true, w: true, y: true });
export type SocketMatch = z.infer<typeof socketMatchSchema>;

/** The feed's message types: what kind of change a delta is. */
export const matchChangeKindSchema = z.enum([
  'odds_change',
  'bet_stop',
  'play',
  'bet_settlement',
  'bet_cancel',
  'rollback_bet_settlement',
  'rollback_bet_cancel',
  'fixture_change',
]);
export type MatchChangeKind = z.infer<typeof matchChangeKindSchema>;

/**
 * What one change altered. `z` holds the markets the change touched (a withdrawn line with its
 * options at `s` 2, so the client drops it); merge it into the match held, by play and
 * specifiers. A change that alters every market (a bet stop, its end) or the fixture carries the
 * whole match with every market.
 */
export const matchDeltaDataSchema = socketMatchSchema
  .partial()
  .required({ a: true, b: true, g: true, ev: true, mc: true, z: true })
  .extend({ k: matchChangeKindSchema });
export type MatchDeltaData = z.infer<typeof matchDeltaDataSchema>;

const streamPosition = {
  /** `A-{sportId}-{matchId}` as the client joined it. */
  room: z.string(),
  /** The server's picture of the book; compare for equality only. */
  epoch: z.number().int(),
  /** The match's own counter, +1 per change; 0 with `data` null: no such match for this viewer. */
  seq: z.number().int(),
};

/** The whole match: on join, on `G`, on a new epoch, and as list-view states. */
export const matchSnapshotSchema = z.object({
  ...streamPosition,
  data: socketMatchSchema.nullable(),
});
export type MatchSnapshot = z.infer<typeof matchSnapshotSchema>;

/** One change of a match followed in `match` view; apply only at the held epoch and seq + 1. */
export const matchDeltaSchema = z.object({ ...streamPosition, data: matchDeltaDataSchema });
export type MatchDelta = z.infer<typeof matchDeltaSchema>;

/**
 * The longest a `/match/socket` connection goes without a message from the server: a socket
 * that heard nothing else for a while hears the heartbeat. A client that hears nothing for
 * twice this long may take the connection for dead (its odds would be going stale).
 */
export const matchSocketSilenceMaxMs = 7_500;

/** Server time (epoch ms), the current epoch, and whether the feed is alive. */
export const heartbeatSchema = z.object({
  t: z.number().int(),
  epoch: z.number().int(),
  alive: z.boolean(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** The feed went silent (every market reads suspended) or came back. */
export const providerStateSchema = z.object({ epoch: z.number().int(), alive: z.boolean() });
export type ProviderState = z.infer<typeof providerStateSchema>;

/** Open matches of one sport, per list type (the header tabs of docs/web-matches.md). */
export const sportCountSchema = z.strictObject({
  sportId: z.number().int().positive(),
  /** Type 1, in play. */
  live: z.number().int().nonnegative(),
  /** Type 2, kicking off before the display day ends (SPEC §9), live ones included. */
  today: z.number().int().nonnegative(),
  /** Type 3, kicking off later. */
  early: z.number().int().nonnegative(),
  /** Type 4, outrights. */
  outright: z.number().int().nonnegative(),
  /** Type 0, every open match and outright. */
  total: z.number().int().nonnegative(),
});
export type SportCount = z.infer<typeof sportCountSchema>;

/**
 * `counts`: the sport tabs' counts for the socket's viewer, as `/match/api/match/count` and the
 * list's `counts` compute them (hidden sports left out, a member's leagueIds only); every sport
 * the viewer may see, in catalogue order, at 0 when it has nothing open. Sent on connect and
 * whenever they change, at most once a second.
 */
export const sportCountsEventSchema = z.strictObject({
  counts: z.array(sportCountSchema).max(64),
});
export type SportCountsEvent = z.infer<typeof sportCountsEventSchema>;

/**
 * `sysinit`: app init as `/match/api/sysinit` answers it. Sent on connect and, to every socket,
 * whenever an operator changes the site settings (the control switches), on every server
 * process: a page holding another `control_switch` reads app init and the sports menu again and
 * drops what the switches now hide, without a reload.
 */
export const sysInitEventSchema = sysInitSchema;
export type SysInitEvent = z.infer<typeof sysInitEventSchema>;

/** A request was refused (also answered through its acknowledgement, when it has one). */
export const refusedSchema = z.object({
  /** The event refused, or `flood` when the socket is disconnected for sending too much. */
  event: z.string(),
  code: z.number().int(),
  msg: z.string(),
});
export type Refused = z.infer<typeof refusedSchema>;

// ---------------------------------------------------------------------------------------------
// /app/socket, server to client (clients send nothing on it)
// ---------------------------------------------------------------------------------------------

/** `H` `bs`: where a bet stands (DESIGN §5). */
export const betStatus = {
  pending: 0,
  accepted: 1,
  rejected: 2,
  settled: 3,
  cashedOut: 4,
} as const;

/** `H` `mr`: why a bet was rejected (DESIGN §5); 0 when there is no reason to give. */
export const betStatusReason = {
  none: 0,
  oddsChanged: 1,
  overLimit: 2,
  insufficientFunds: 3,
  marketClosed: 4,
} as const;

/** An option id as the market options carry it (`oi`). */
const optionIdSchema = z.string().min(1).max(200);

/** `H`: a bet's status changed. */
export const betStatusEventSchema = z.strictObject({
  orderNo: z.string().min(1).max(64),
  oi: optionIdSchema,
  bs: z.number().int().min(0).max(4),
  mr: z.number().int().min(0).max(4),
});
export type BetStatusEvent = z.infer<typeof betStatusEventSchema>;

/** `J`: a price of the member's slip moved. */
export const oddsMoveEventSchema = z.strictObject({
  oi: optionIdSchema,
  /** The current decimal odds, after the member's margin. */
  co: z.number().positive(),
  /** 1 up, -1 down, 0 the same. */
  ico: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});
export type OddsMoveEvent = z.infer<typeof oddsMoveEventSchema>;

/**
 * `balance`: sent after every movement of the member's money, it holds the whole balance list,
 * as `/app/api/wallet/balance` would answer it at that moment.
 */
export const balanceEventSchema = z.array(balanceEntrySchema.strict());
export type BalanceEvent = z.infer<typeof balanceEventSchema>;

/**
 * `envelope`: a red-envelope campaign started, paused, resumed or ended. Sent to every member
 * connected, not to visitors; the member site reads the campaign list again
 * (`/app/api/member/red/envelope/activity`) for the member's own eligibility and envelope.
 */
export const envelopeEventSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['running', 'paused', 'ended', 'closed']),
  })
  .strict();
export type EnvelopeEvent = z.infer<typeof envelopeEventSchema>;

/** The account events other modules send to a member's sockets, with their payloads. */
export const accountEventSchemas = {
  balance: balanceEventSchema,
  H: betStatusEventSchema,
  J: oddsMoveEventSchema,
} as const;
export type AccountEventName = keyof typeof accountEventSchemas;
export type AccountEventPayload<E extends AccountEventName> = z.infer<
  (typeof accountEventSchemas)[E]
>;

// ---------------------------------------------------------------------------------------------
// Event maps, for typed Socket.IO servers and clients
// ---------------------------------------------------------------------------------------------

type Ack = (answer: SocketAnswer) => void;

/** What a `/match/socket` client may emit; every request may end with an acknowledgement. */
export interface MatchSocketClientEvents {
  'join-room': (payload: JoinRoomPayload, ack?: Ack) => void;
  'append-join-room': (payload: AppendJoinRoomPayload, ack?: Ack) => void;
  G: (payload?: ResyncPayload, ack?: Ack) => void;
}

/** What `/match/socket` sends. */
export interface MatchSocketServerEvents {
  snapshot: (message: MatchSnapshot) => void;
  delta: (message: MatchDelta) => void;
  heartbeat: (message: Heartbeat) => void;
  provider: (message: ProviderState) => void;
  counts: (message: SportCountsEvent) => void;
  sysinit: (message: SysInitEvent) => void;
  refused: (message: Refused) => void;
}

/**
 * `slip`: the option ids on the member's bet slip, replacing what the socket watched before (an
 * empty list stops the watch). The server answers with `J` whenever one of their prices moves.
 */
export const slipWatchPayloadSchema = z.strictObject({
  ois: z.array(optionIdSchema).max(8),
});
export type SlipWatchPayload = z.infer<typeof slipWatchPayloadSchema>;

/** `/app/socket` takes one request, the slip to watch for `J`; anything else is refused. */
export interface AppSocketClientEvents {
  slip: (payload: SlipWatchPayload, ack?: Ack) => void;
}

/** What `/app/socket` sends. */
export interface AppSocketServerEvents {
  balance: (balances: BalanceEvent) => void;
  H: (event: BetStatusEvent) => void;
  J: (event: OddsMoveEvent) => void;
  envelope: (event: EnvelopeEvent) => void;
  refused: (message: Refused) => void;
}
