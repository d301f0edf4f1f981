import { type BetStatusEvent, betStatus, betStatusReason } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAppSocketEvent, watchSlipPrices } from '../../../lib/app-socket';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { refreshFreeBets } from '../../../lib/free-bets/free-bet-list';
import { i18n } from '../../../lib/i18n/i18n';
import { useSlipStore } from '../../../lib/slip/slip-store';
import { useToastStore } from '../../../lib/toast-store';
import { orderListRootKey } from '../api/order-list';

/** SPEC §8: the reasons whose rejection clears the slip item, with their texts. */
const betFailTexts: Record<number, string> = {
  [betStatusReason.oddsChanged]: 'xyp.betFail1',
  [betStatusReason.marketClosed]: 'xyp.betFail4',
};

/**
 * `H` (SPEC §4 real-time events, §8): the placement moves on (an accepted one leaves the slip); the balance is read again whenever
 * a bet did not simply get accepted; a rejection for a changed price or a closed market clears
 * the slip item and shows the bet-failed text in place of every other message.
 */
export function applyBetStatusEvent(
  event: BetStatusEvent,
  refresh: { refreshOrders(): void; refreshBalance(): void },
): void {
  const placement = useSlipStore.getState().applyBetStatus(event);
  // A pending bet of this slip that is now accepted leaves the slip, as one accepted at once does.
  if (placement && event.bs === betStatus.accepted)
    for (const oi of placement.ois) useSlipStore.getState().remove(oi);
  refresh.refreshOrders();
  if (event.bs !== betStatus.accepted) refresh.refreshBalance();
  const failText = betFailTexts[event.mr];
  if (event.bs !== betStatus.rejected || !failText) return;
  useSlipStore.getState().remove(event.oi);
  const toasts = useToastStore.getState();
  for (const toast of toasts.toasts) toasts.dismiss(toast.id);
  toasts.show('error', i18n.t(failText));
}

/**
 * Keeps the slip in step with `/app/socket` (SPEC §4 real-time events, DESIGN §5): tells the
 * server which prices to watch, moves them on `J`, and follows placed orders on `H`.
 */
export function useSlipEvents(): void {
  const queryClient = useQueryClient();
  // A text, so the store's new arrays do not re-run the effect when the ids stay the same.
  const slipOis = useSlipStore((state) =>
    JSON.stringify(state.selections.map((selection) => selection.oi)),
  );

  useEffect(() => {
    watchSlipPrices(JSON.parse(slipOis) as string[]);
  }, [slipOis]);

  useEffect(() => {
    const stopPrices = onAppSocketEvent('J', (move) =>
      useSlipStore.getState().applyPriceMove(move),
    );
    const stopStatuses = onAppSocketEvent('H', (event) =>
      applyBetStatusEvent(event, {
        refreshOrders: () => void queryClient.invalidateQueries({ queryKey: orderListRootKey }),
        // A bet that ends without standing (rejected, void) gives its free bet back.
        refreshBalance: () => {
          void refreshWalletBalance(queryClient);
          void refreshFreeBets(queryClient);
        },
      }),
    );
    return () => {
      stopPrices();
      stopStatuses();
    };
  }, [queryClient]);
}
