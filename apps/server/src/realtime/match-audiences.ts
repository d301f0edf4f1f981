import { createHash } from 'node:crypto';
import type { Language } from '@sb/contract';
import type { EventState } from '../modules/feed/feed.types';
import type { Pricing, Viewer } from '../modules/match/match.types';
import { parseStreamName, type RoomView } from './match-rooms';

/**
 * The sockets that see one sport's matches alike: the same prices (the viewer's margins), the
 * same hidden plays (control switches, the live-stream flavour) and the same leagues. Its key
 * names exactly these, so every socket with the key can share every message.
 */
export interface Audience {
  key: string;
  pricing: Pricing;
  /** The language names are sent in. */
  language: Language;
  hiddenPlays: ReadonlySet<number>;
  playsKey: string;
  isSportVisible: boolean;
  /** A member's leagueIds; null: every league. */
  leagueIds: ReadonlySet<number> | null;
}

/** leagueIds can be long: keys name them by a short digest (empty: every league). */
const leagueKeys = new WeakMap<ReadonlySet<number>, string>();
export function leagueKeyOf(leagueIds: ReadonlySet<number> | null): string {
  if (!leagueIds) return '';
  let key = leagueKeys.get(leagueIds);
  if (key === undefined) {
    const list = [...leagueIds].sort((a, b) => a - b).join(',');
    key = createHash('sha256').update(list).digest('base64url').slice(0, 16);
    leagueKeys.set(leagueIds, key);
  }
  return key;
}

const audiencesByViewer = new WeakMap<Viewer, Map<number, Audience>>();

/** How a viewer sees a sport's matches. */
export function audienceOf(viewer: Viewer, sportId: number): Audience {
  let bySport = audiencesByViewer.get(viewer);
  if (!bySport) {
    bySport = new Map();
    audiencesByViewer.set(viewer, bySport);
  }
  let audience = bySport.get(sportId);
  if (!audience) {
    const { visibility, pricing, leagueIds, language } = viewer;
    const isSportVisible = visibility.isSportVisible(sportId);
    const playsKey = visibility.playsKey(sportId);
    audience = {
      key: `${pricing.key};${isSportVisible ? playsKey : 'hidden'};${leagueKeyOf(leagueIds)};${language}`,
      pricing,
      language,
      hiddenPlays: visibility.hiddenPlays(sportId),
      playsKey,
      isSportVisible,
      leagueIds,
    };
    bySport.set(sportId, audience);
  }
  return audience;
}

/** Whether the audience may see this match at all: control switches and leagueIds. */
export function isVisibleTo(audience: Audience, state: EventState): boolean {
  return (
    audience.isSportVisible &&
    (audience.leagueIds === null || audience.leagueIds.has(state.fixture.league.id))
  );
}

/** A Socket.IO room of one match, one view and one audience (see `streamName`). */
export interface Stream {
  name: string;
  room: string;
  view: RoomView;
  audience: Audience;
}

/** What the stream index listens to: the adapter of the match socket's namespace. */
interface RoomEvents {
  on(event: 'create-room' | 'delete-room', listener: (room: string) => void): unknown;
  off(event: 'create-room' | 'delete-room', listener: (room: string) => void): unknown;
}

/**
 * The streams that have sockets, by match room, kept from the adapter's own room events so a
 * change costs a lookup of its match, and a stream leaves when its last socket does (a
 * disconnect included).
 */
export function createStreamIndex(adapter: RoomEvents) {
  /** Audiences announced by sockets about to join, with the streams that use them. */
  const audiences = new Map<string, { audience: Audience; streams: number }>();
  const streamsByRoom = new Map<string, Map<string, Stream>>();

  const onCreate = (name: string) => {
    const parsed = parseStreamName(name);
    const entry = parsed && audiences.get(parsed.audienceKey);
    if (!parsed || !entry) return;
    entry.streams += 1;
    let streams = streamsByRoom.get(parsed.room);
    if (!streams) {
      streams = new Map();
      streamsByRoom.set(parsed.room, streams);
    }
    streams.set(name, { name, room: parsed.room, view: parsed.view, audience: entry.audience });
  };

  const onDelete = (name: string) => {
    const parsed = parseStreamName(name);
    const streams = parsed && streamsByRoom.get(parsed.room);
    if (!parsed || !streams?.delete(name)) return;
    if (streams.size === 0) streamsByRoom.delete(parsed.room);
    const entry = audiences.get(parsed.audienceKey);
    if (entry) {
      entry.streams -= 1;
      if (entry.streams <= 0) audiences.delete(parsed.audienceKey);
    }
  };

  adapter.on('create-room', onCreate);
  adapter.on('delete-room', onDelete);

  return {
    /** Makes an audience known before a socket joins one of its streams. */
    announce(audience: Audience): void {
      if (!audiences.has(audience.key)) audiences.set(audience.key, { audience, streams: 0 });
    },
    streamsOf(room: string): Iterable<Stream> {
      return streamsByRoom.get(room)?.values() ?? [];
    },
    *all(): Iterable<Stream> {
      for (const streams of streamsByRoom.values()) yield* streams.values();
    },
    /** Forgets audiences announced but never joined. */
    prune(): void {
      for (const [key, entry] of audiences) if (entry.streams <= 0) audiences.delete(key);
    },
    stop(): void {
      adapter.off('create-room', onCreate);
      adapter.off('delete-room', onDelete);
    },
  };
}

export type StreamIndex = ReturnType<typeof createStreamIndex>;
