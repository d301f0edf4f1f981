import {
  acceptOddsChoice,
  type BetStatusEvent,
  type OddsMoveEvent,
  type OrderRecord,
} from '@sb/contract';
import type { Visibility } from '@sb/domain';
import { create } from 'zustand';
import { i18n } from '../i18n/i18n';
import { useDialogStore } from '../session/dialog-store';
import { useSessionStore } from '../session/session-store';
import { showToast } from '../toast-store';
import {
  type SlipMode,
  selectionsInLeagues,
  type ToggleOutcome,
  toggleSelection,
  visibleSelections,
} from './slip-rules';

/**
 * One selection on the bet slip (SPEC §3 bet option): the option id and what the slip shows and
 * sends with it. The match list adds selections with `toggle`; the slip feature owns the rest.
 */
export interface SlipSelection {
  /** The option id (`oi`) of the market options. */
  oi: string;
  sportId: number;
  matchId: number;
  playId: number;
  specifiers: string;
  /** Decimal odds as shown when the selection was picked. */
  odds: number;
  /** The match's sides (an outright's or race's title in `home`, `away` empty) and league. */
  home: string;
  away: string;
  leagueName: string;
  /** Texts for the slip row, as the list showed them. */
  marketName: string;
  optionName: string;
  isLive: boolean;
  /** The match's league (`l`), for the member's leagueIds (SPEC §5); unchecked when absent. */
  leagueId?: number;
  /** SPEC §3 option status `s`: 0 open; any other value shows a blank instead of odds. */
  status?: number;
  /** The last `J` move of the price: 1 up, -1 down, 0 the same. */
  priceMove?: -1 | 0 | 1;
}

/** SPEC §4: an option whose status is not 0 shows no price and cannot be bet on. */
export function isSelectionOpen(selection: SlipSelection): boolean {
  return (selection.status ?? 0) === 0;
}

export type AcceptOdds = (typeof acceptOddsChoice)[keyof typeof acceptOddsChoice];

/** An order placed from the slip, followed through its `H` events. */
export interface SlipPlacement {
  /** Whose order it is: the receipt shows only the signed-in member's. */
  memberId: number;
  orderNo: string;
  ois: string[];
  /** DESIGN §5 `bs`: 0 pending, 1 accepted, 2 rejected, 3 settled, 4 cashed out. */
  status: number;
  /** DESIGN §5 `mr` when rejected, else 0. */
  reason: number;
  /**
   * The order as placed: its legs, price, stake (and the part of it bonus money paid, and the
   * free bet that paid it, absent on a placement kept from before they were recorded) and what
   * it returns, for the receipt.
   */
  order?: Pick<
    OrderRecord,
    'odds' | 'legs' | 'stake' | 'scale' | 'currencyCode' | 'potentialPayout' | 'maxPayout'
  > &
    Partial<Pick<OrderRecord, 'bonusStake' | 'freeBetId'>>;
}

/** What a pick replaced on the slip (SPEC §5: one selection per match and play, or per match). */
export interface SlipReplacement {
  previous: SlipSelection[];
  current: SlipSelection;
}

/** Where an option stands now for the viewer: its status and, when priced, its decimal odds. */
export interface SlipOptionNow {
  oi: string;
  status: number;
  odds?: number;
}

/** The slip remembers the latest few orders only, enough for the placement receipt. */
const placementCountMax = 8;

interface SlipState {
  selections: SlipSelection[];
  mode: SlipMode;
  acceptOdds: AcceptOdds;
  placements: SlipPlacement[];
  /** The latest pick's replacement, said under the selections until the slip changes again. */
  replacement: SlipReplacement | null;
  /**
   * Whose prices the selections show: the session token they were priced for. Prices are the
   * viewer's own (a member's margins), so after a sign-in or sign-out they are read again for
   * the new viewer until this is the session's token again (`takeViewerPrices`).
   */
  pricedForToken: string;
  /** Adds the selection on top, or removes it when it is already on the slip (SPEC §4–§5). */
  toggle(selection: SlipSelection): ToggleOutcome<SlipSelection>;
  remove(oi: string): void;
  /** Drops the selections of sports and plays the control switches now hide. */
  keepVisible(visibility: Visibility): void;
  clear(): void;
  setMode(mode: SlipMode): void;
  setAcceptOdds(acceptOdds: AcceptOdds): void;
  /** `J`: the watched price moved. */
  applyPriceMove(move: OddsMoveEvent): void;
  /**
   * The match list saw the option's status (and price) change. SPEC §4: a live item is refreshed
   * once its option is open again; a closed one shows a blank.
   */
  refreshOption(oi: string, change: { status: number; odds?: number }): void;
  /**
   * The selections' options as the viewer with `token` is offered them now: their prices (as
   * `refreshOption` takes them) become that viewer's.
   */
  takeViewerPrices(token: string, options: readonly SlipOptionNow[]): void;
  recordPlacement(placement: SlipPlacement): void;
  /** `H`: answers the placement it updated, or null for an order placed elsewhere. */
  applyBetStatus(event: BetStatusEvent): SlipPlacement | null;
}

/**
 * SPEC §4: a live item is refreshed once its option is open again; a pre-match one that closed
 * stays blank until removed. An open option takes the price given.
 */
function withOptionNow(selection: SlipSelection, change: Omit<SlipOptionNow, 'oi'>): SlipSelection {
  const isReopened = change.status === 0 && !isSelectionOpen(selection);
  if (isReopened && !selection.isLive) return selection;
  return { ...selection, status: change.status, odds: change.odds ?? selection.odds };
}

function updateSelection(
  selections: SlipSelection[],
  oi: string,
  update: (selection: SlipSelection) => SlipSelection,
): SlipSelection[] {
  return selections.map((selection) => (selection.oi === oi ? update(selection) : selection));
}

/** SPEC §8: slip warnings are warning toasts, shown 2500 ms. */
function warn(key: string): void {
  showToast('warning', i18n.t(key));
}

export const useSlipStore = create<SlipState>()((set, get) => ({
  selections: [],
  mode: 'single',
  acceptOdds: acceptOddsChoice.onlyBetter,
  placements: [],
  replacement: null,
  pricedForToken: '',
  toggle(selection) {
    const { session, userInfo } = useSessionStore.getState();
    const outcome = toggleSelection(get().selections, selection, {
      mode: get().mode,
      leagueIds: userInfo?.leagueIds ?? [],
    });
    if (outcome.kind === 'refused') {
      // SPEC §5: a league outside the member's list is ignored, without a message.
      if (outcome.reason !== 'leagueNotAllowed') warn(outcome.reason);
      return outcome;
    }
    const replacement =
      outcome.kind === 'added' && outcome.replaced.length > 0
        ? { previous: outcome.replaced, current: selection }
        : null;
    // A pick carries the price the board shows this viewer; picks already held keep saying whom
    // theirs were read for, so stale ones are still read again.
    const pricedForToken =
      get().selections.length === 0 ? (session?.token ?? '') : get().pricedForToken;
    set({ selections: outcome.selections, replacement, pricedForToken });
    // SPEC §5 sends a visitor to log in; the pick waits on the slip for the member they become.
    if (outcome.kind === 'added' && (session?.memberId ?? 0) <= 0)
      useDialogStore.getState().openDialog('login');
    return outcome;
  },
  remove: (oi) =>
    set({ selections: get().selections.filter((held) => held.oi !== oi), replacement: null }),
  keepVisible(visibility) {
    const selections = visibleSelections(get().selections, visibility);
    if (selections !== get().selections) set({ selections });
  },
  clear: () => set({ selections: [], replacement: null }),
  setMode: (mode) => set({ mode }),
  setAcceptOdds: (acceptOdds) => set({ acceptOdds }),
  applyPriceMove(move) {
    set({
      selections: updateSelection(get().selections, move.oi, (selection) => ({
        ...selection,
        odds: move.co,
        priceMove: move.ico,
      })),
    });
  },
  refreshOption(oi, change) {
    set({
      selections: updateSelection(get().selections, oi, (selection) =>
        withOptionNow(selection, change),
      ),
    });
  },
  takeViewerPrices(token, options) {
    const byOi = new Map(options.map((option) => [option.oi, option]));
    set({
      selections: get().selections.map((selection) => {
        const option = byOi.get(selection.oi);
        return option ? withOptionNow(selection, option) : selection;
      }),
      pricedForToken: token,
    });
  },
  recordPlacement(placement) {
    const others = get().placements.filter((held) => held.orderNo !== placement.orderNo);
    set({ placements: [placement, ...others].slice(0, placementCountMax) });
  },
  applyBetStatus(event) {
    const placement = get().placements.find((held) => held.orderNo === event.orderNo);
    if (!placement) return null;
    const updated = { ...placement, status: event.bs, reason: event.mr };
    set({
      placements: get().placements.map((held) => (held.orderNo === event.orderNo ? updated : held)),
    });
    return updated;
  },
}));

/** Whether an option is on the slip; rows subscribe with it to colour their checked options. */
export function selectIsOnSlip(oi: string) {
  return (state: SlipState) => state.selections.some((held) => held.oi === oi);
}

/**
 * A visitor's picks wait on the slip through login and registration; once the member's own
 * settings arrive, a pick in a league outside their leagueIds leaves it (SPEC §5, silently).
 */
useSessionStore.subscribe((state, previous) => {
  if (state.userInfo === previous.userInfo || (state.session?.memberId ?? 0) <= 0) return;
  const slip = useSlipStore.getState();
  const kept = selectionsInLeagues(slip.selections, state.userInfo?.leagueIds ?? []);
  if (kept !== slip.selections) useSlipStore.setState({ selections: kept });
});
