import type { FreeBet } from '@sb/contract';

/** How many used and expired free bets the wallet recalls under the available ones. */
export const freeBetHistoryMax = 5;

/** The free bets the center wallet lists: the available ones, and a short history. */
export interface FreeBetShelf {
  /** Soonest to expire first: the one to use first is on top. */
  available: FreeBet[];
  /** Used and expired ones, the latest first (by when used, else when expired), at most five. */
  history: FreeBet[];
}

/** When a used or expired free bet left the member's hands. */
const endedAtOf = (freeBet: FreeBet) => freeBet.usedAt ?? freeBet.expiresAt;

/**
 * The wallet's free bets out of the list call's records. A free bet still marked available
 * whose time is over (the server expires it on its own clock) goes to the history as expired,
 * so the wallet never offers what placing would refuse.
 */
export function freeBetShelfOf(records: readonly FreeBet[], nowMs: number): FreeBetShelf {
  const isOpen = (freeBet: FreeBet) => freeBet.status === 'available' && freeBet.expiresAt > nowMs;
  const available = records
    .filter(isOpen)
    .sort((one, other) => one.expiresAt - other.expiresAt || one.id - other.id);
  const history = records
    .filter((freeBet) => !isOpen(freeBet))
    .map(
      (freeBet): FreeBet =>
        freeBet.status === 'available' ? { ...freeBet, status: 'expired' } : freeBet,
    )
    .sort((one, other) => endedAtOf(other) - endedAtOf(one) || other.id - one.id)
    .slice(0, freeBetHistoryMax);
  return { available, history };
}

/** Whether the wallet has any free bet to show: no block at all when none. */
export function hasFreeBets(shelf: FreeBetShelf): boolean {
  return shelf.available.length > 0 || shelf.history.length > 0;
}
