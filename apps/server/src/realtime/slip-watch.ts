import type { OddsMoveEvent } from '@sb/contract';
import { decodeOptionId, fromOddsUnits, type OptionRef } from '@sb/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EventState, ReadModel, ReadModelChange } from '../modules/feed/feed.types';
import type { Viewer } from '../modules/match/match.types';
import { isRefusal, priceSelection } from '../modules/orders/orders.service';

/** One option of a slip and the price its socket last heard (null: not open to bet on). */
interface WatchedOption {
  optionId: string;
  ref: OptionRef;
  lastUnits: number | null;
}

/** What one socket watches: its options, and the viewer whose margins price them. */
interface SlipWatch {
  viewer: Viewer;
  options: WatchedOption[];
  send: (event: OddsMoveEvent) => void;
}

export interface SlipWatchOptions {
  readModel: ReadModel;
  log: FastifyBaseLogger;
}

/**
 * The option ids on the members' slips, per socket, indexed by match: a feed change looks only at
 * the sockets watching its match and prices at most their 8 options each. A price is the member's
 * (their oddsConfig on the feed's price, as orders strike it), or null when the option cannot be
 * bet on now (market closed or suspended, bet stop, silent feed, hidden from the viewer).
 */
export function createSlipWatches(options: SlipWatchOptions) {
  const { readModel, log } = options;
  const watches = new Map<object, SlipWatch>();
  const byEvent = new Map<number, Set<SlipWatch>>();

  function priceOf(watch: SlipWatch, option: WatchedOption): number | null {
    const state = readModel.get(option.ref.eventId);
    if (!state || !isOfferedTo(watch.viewer, state, option.ref.playId)) return null;
    const priced = priceSelection(
      readModel,
      option.ref,
      option.optionId,
      watch.viewer.pricing.oddsConfig,
    );
    return isRefusal(priced) ? null : priced.oddsUnits;
  }

  /**
   * Sends `J` for every option of the watch (of one event, when given) whose member price moved,
   * or that is open again. An option that closes sends nothing: `J` carries a price, and the match
   * socket already shows the option suspended; a bet on it is refused with `H` mr 4.
   */
  function review(watch: SlipWatch, eventId?: number): void {
    for (const option of watch.options) {
      if (eventId !== undefined && option.ref.eventId !== eventId) continue;
      const units = priceOf(watch, option);
      const last = option.lastUnits;
      option.lastUnits = units;
      if (units === null || units === last) continue;
      const ico = last === null ? 0 : units > last ? 1 : -1;
      watch.send({ oi: option.optionId, co: fromOddsUnits(units), ico });
    }
  }

  function forget(key: object): void {
    const watch = watches.get(key);
    if (!watch) return;
    watches.delete(key);
    for (const option of watch.options) {
      const set = byEvent.get(option.ref.eventId);
      set?.delete(watch);
      if (set?.size === 0) byEvent.delete(option.ref.eventId);
    }
  }

  const unsubscribe = readModel.subscribe((change: ReadModelChange) => {
    try {
      if (change.kind === 'event') {
        const eventId = change.state.fixture.eventId;
        for (const watch of byEvent.get(eventId) ?? []) review(watch, eventId);
      } else {
        // A new picture, or the feed's health changed every market: every slip is priced again.
        for (const watch of watches.values()) review(watch);
      }
    } catch (error) {
      // A fault in a notice must never stop the feed from being applied.
      log.error({ err: error }, 'slip watch failed');
    }
  });

  return {
    /**
     * Replaces what `key` (a socket) watches with these option ids, priced for `viewer`; an empty
     * list stops the watch. Answers the refusal of the first id that is not an option id.
     */
    watch(
      key: object,
      optionIds: readonly string[],
      viewer: Viewer,
      send: (event: OddsMoveEvent) => void,
    ): { ok: true } | { ok: false; msg: string } {
      const watched: WatchedOption[] = [];
      for (const [index, optionId] of optionIds.entries()) {
        const ref = decodeOptionId(optionId);
        if (!ref) return { ok: false, msg: `ois.${index}: not an option id` };
        if (watched.some((option) => option.optionId === optionId)) continue;
        watched.push({ optionId, ref, lastUnits: null });
      }
      forget(key);
      if (watched.length === 0) return { ok: true };
      const watch: SlipWatch = { viewer, options: watched, send };
      // The price now is the baseline: the first `J` is the first move after the request.
      for (const option of watched) option.lastUnits = priceOf(watch, option);
      watches.set(key, watch);
      for (const option of watched) {
        let set = byEvent.get(option.ref.eventId);
        if (!set) {
          set = new Set();
          byEvent.set(option.ref.eventId, set);
        }
        set.add(watch);
      }
      return { ok: true };
    },
    forget,
    /** Sockets watching, and matches watched: for tests and metrics. */
    size: () => ({ sockets: watches.size, events: byEvent.size }),
    stop(): void {
      unsubscribe();
      watches.clear();
      byEvent.clear();
    },
  };
}

export type SlipWatches = ReturnType<typeof createSlipWatches>;

/** What the control switches hide, or a league outside the member's leagueIds, is not on offer. */
function isOfferedTo(viewer: Viewer, state: EventState, playId: number): boolean {
  const sportId = state.fixture.sportId;
  return (
    viewer.visibility.isSportVisible(sportId) &&
    !viewer.visibility.hiddenPlays(sportId).has(playId) &&
    (viewer.leagueIds === null || viewer.leagueIds.has(state.fixture.league.id))
  );
}
