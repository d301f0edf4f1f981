import type { EventState } from '../feed/feed.types';
import { virtualSportIdFloor } from './match-wire';

export type StreamKind = 'video' | 'animation';

/**
 * Where live video and animation come from (docs/matches.md, Live streams). A real deployment
 * puts its stream vendor behind this; the match calls offer only what the provider says a match
 * has, so a member is never shown a control that opens nothing.
 */
export interface StreamProvider {
  /** The streams a match has now. */
  offersOf(state: EventState): Record<StreamKind, boolean>;
  /** The address a viewer opens for a stream the match has; `staticUrl` is the site's. */
  addressOf(state: EventState, kind: StreamKind, site: { staticUrl: string }): string;
}

/**
 * The book's own streams: no camera films a simulated match, so real sports have no video; a
 * virtual event is drawn by the member site from the event's own scores and clock (its rendered
 * broadcast, `#/broadcast/<sport>/<match>` beside the page that asks), from the moment its field
 * is set until a while after the finish.
 */
export const renderedBroadcasts: StreamProvider = {
  offersOf(state) {
    const isVirtual = state.fixture.sportId > virtualSportIdFloor;
    const status = state.status.status;
    return {
      video: isVirtual && (status === 'live' || status === 'not_started' || status === 'ended'),
      animation: false,
    };
  },
  addressOf(state, kind) {
    if (kind !== 'video') return '';
    return `#/broadcast/${state.fixture.sportId}/${state.fixture.eventId}`;
  },
};
