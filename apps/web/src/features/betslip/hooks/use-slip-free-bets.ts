import type { FreeBet } from '@sb/contract';
import { useMainBalance } from '../../../lib/balance/main-balance';
import { useFreeBets } from '../../../lib/free-bets/free-bet-list';
import { parlayProblemOf } from '../../../lib/slip/slip-rules';
import { useSlipStore } from '../../../lib/slip/slip-store';
import { type FreeBetSlot, freeBetSlotOf, freeBetsForCurrency } from '../model/free-bet-choice';

/**
 * The free bets the slip offers in its currency, where one may go on the slip as it stands, and
 * the one chosen while it still may (a free bet used meanwhile, or a slip that no longer makes
 * one bet, leaves the stake to the member's money again).
 */
export function useSlipFreeBets(chosenId: number | null): {
  offered: FreeBet[];
  slot: FreeBetSlot;
  chosen: FreeBet | null;
} {
  const { session, balance } = useMainBalance();
  const selections = useSlipStore((state) => state.selections);
  const mode = useSlipStore((state) => state.mode);
  const list = useFreeBets({
    uid: session?.uid ?? '',
    token: session?.token ?? '',
    memberId: session?.memberId ?? 0,
  });
  const offered = freeBetsForCurrency(list.data?.records ?? [], balance?.currencyId, Date.now());
  const hasParlayProblem = mode === 'parlay' && parlayProblemOf(selections) !== null;
  const slot = freeBetSlotOf(mode, selections.length, hasParlayProblem);
  const chosen =
    slot === 'bet' ? (offered.find((freeBet) => freeBet.id === chosenId) ?? null) : null;
  return { offered, slot, chosen };
}
