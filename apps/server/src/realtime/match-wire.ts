import type { MatchDeltaData, MatchWire, RoomView, SocketMatch } from '@sb/contract';
import type { EventFeedMessage, MarketRef } from '@sb/feed-sim';
import type { EventState, ReadModelChange } from '../modules/feed/feed.types';
import type { MatchWireBuilder, WireForm } from '../modules/match/match.types';
import { type Audience, isVisibleTo } from './match-audiences';

/** One applied feed message and the event as it stands after it. */
export type EventChange = Extract<ReadModelChange, { kind: 'event' }>;

/** SPEC §2's large variant: list views carry what a default match list row carries. */
const listForm: WireForm = { kind: 'list', rows: 5 };
const fullForm: WireForm = { kind: 'full' };

/** The markets a message touched, as keys into the event's markets. */
function touchedMarkets(message: EventFeedMessage): readonly MarketRef[] {
  switch (message.type) {
    case 'odds_change':
    case 'bet_settlement':
    case 'bet_cancel':
    case 'rollback_bet_settlement':
    case 'rollback_bet_cancel':
      return message.markets;
    default:
      return [];
  }
}

/** The whole match's markets, each market of the part in the place of the same play and line. */
function mergeMarkets(whole: MatchWire['z'], part: MatchWire['z']): MatchWire['z'] {
  const merged: MatchWire['z'] = { ...whole };
  for (const [playId, markets] of Object.entries(part))
    merged[playId] = { ...merged[playId], ...markets };
  return merged;
}

/**
 * What `/match/socket` sends as `data`: the match calls' own wire form (SPEC §3 short names),
 * from the match module's builder, priced and filtered for an audience. The builder keeps each
 * form per event, change and audience, so snapshots for many sockets cost one build.
 */
export function createSocketMatchWire(wire: MatchWireBuilder) {
  /** The favourite flags are each viewer's own: shared messages leave them out. */
  const withoutFlags = new WeakMap<MatchWire, SocketMatch>();
  function socketMatchOf(match: MatchWire): SocketMatch {
    let shared = withoutFlags.get(match);
    if (!shared) {
      const { x: _league, w: _match, y: _record, ...rest } = match;
      shared = rest;
      withoutFlags.set(match, shared);
    }
    return shared;
  }

  function wholeMatch(state: EventState, view: RoomView, audience: Audience): SocketMatch {
    const form = view === 'list' ? listForm : fullForm;
    return socketMatchOf(
      wire.matchOf(
        state,
        form,
        audience.pricing,
        audience.hiddenPlays,
        audience.playsKey,
        audience.language,
      ),
    );
  }

  return {
    /** The whole match as a view shows it; null when the audience may not see it. */
    snapshotData(state: EventState, view: RoomView, audience: Audience): SocketMatch | null {
      return isVisibleTo(audience, state) ? wholeMatch(state, view, audience) : null;
    },

    /**
     * What one change altered, for a client holding the previous seq. `isWhole`: the change
     * altered every market (a bet stop, its end) or the fixture, so the delta carries the whole
     * match, plus any line it withdrew.
     */
    deltaData(change: EventChange, audience: Audience, isWhole: boolean): MatchDeltaData {
      const { state, message } = change;
      const part = wire.matchPartOf(
        state,
        touchedMarkets(message),
        audience.pricing,
        audience.hiddenPlays,
        audience.language,
      );
      if (!isWhole) return { k: message.type, ...part };
      const whole = wholeMatch(state, 'match', audience);
      return { k: message.type, ...whole, z: mergeMarkets(whole.z, part.z) };
    },
  };
}

export type SocketMatchWire = ReturnType<typeof createSocketMatchWire>;
