import { betStatus, errorCatalogue, type FreeBet, type OrderBet } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, localErrorCodes } from '../../../lib/api-client';
import { stakeableMinor } from '../../../lib/balance/balance-map';
import { useMainBalance } from '../../../lib/balance/main-balance';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { refreshFreeBets } from '../../../lib/free-bets/free-bet-list';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDialogStore } from '../../../lib/session/dialog-store';
import {
  betTypeOfMode,
  parlayProblemOf,
  parseStakeMinor,
  stakeProblemOf,
} from '../../../lib/slip/slip-rules';
import { isSelectionOpen, type SlipSelection, useSlipStore } from '../../../lib/slip/slip-store';
import { showToast } from '../../../lib/toast-store';
import { useSlipStakeLimit } from '../api/order-amount-limit';
import { createOrder } from '../api/order-create';
import { orderListRootKey } from '../api/order-list';
import { parlayProblemTextKeys } from '../i18n';
import { freeBetStakeText, isBelowFreeBetOdds, withFreeBet } from '../model/free-bet-choice';

/** The bets a slip makes: one order per selection in single mode, one order in a parlay. */
export function betsOfSlip(
  selections: readonly SlipSelection[],
  terms: Omit<OrderBet, 'betType' | 'selections'>,
  mode: 'single' | 'parlay',
): { bet: OrderBet; ois: string[] }[] {
  const legOf = (selection: SlipSelection) => ({ optId: selection.oi, odds: selection.odds });
  if (mode === 'parlay') {
    return [
      {
        bet: { ...terms, betType: betTypeOfMode.parlay, selections: selections.map(legOf) },
        ois: selections.map((selection) => selection.oi),
      },
    ];
  }
  return selections.map((selection) => ({
    bet: { ...terms, betType: betTypeOfMode.single, selections: [legOf(selection)] },
    ois: [selection.oi],
  }));
}

/**
 * Places what the slip holds. Each bet keeps its idempotency key until the server answers it, so
 * pressing again after a lost answer retries the same order instead of placing a second one.
 * With a free bet chosen (only when the slip makes one bet), the free bet pays the whole stake:
 * its amount is the stake, the balance is not asked, and its id goes in the sealed data.
 */
export function usePlaceBets(typedStakeText: string, freeBet: FreeBet | null = null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { session, balance } = useMainBalance();
  const [isPlacing, setIsPlacing] = useState(false);
  const onSlip = useSlipStore((state) => state.selections);
  const slipMode = useSlipStore((state) => state.mode);
  const stakeLimit = useSlipStakeLimit({
    token: session?.token,
    ois: onSlip.map((selection) => selection.oi),
    mode: slipMode,
    currencyId: balance?.currencyId,
    // A slip that cannot go as a parlay has no range to ask for; placing says why.
    isEnabled: (session?.memberId ?? 0) > 0 && (slipMode === 'single' || !parlayProblemOf(onSlip)),
  });
  const stakeText = freeBet ? freeBetStakeText(freeBet) : typedStakeText;
  const stakeProblem = stakeProblemOf(stakeText, {
    scale: balance?.scale ?? 2,
    betCount: slipMode === 'parlay' ? 1 : onSlip.length,
    limit: stakeLimit,
    // A free bet pays the stake: the balance need not hold it. Otherwise cash and bonus money
    // may pay it.
    availableMinor: freeBet || !balance ? undefined : stakeableMinor(balance),
  });
  const keysByBet = useRef(new Map<string, string>());

  async function placeOne(
    { memberId, token }: { memberId: number; token: string },
    bet: OrderBet,
    ois: string[],
  ): Promise<void> {
    const digest = JSON.stringify(bet);
    const key = keysByBet.current.get(digest) ?? newIdempotencyKey();
    keysByBet.current.set(digest, key);
    try {
      const order = await createOrder(token, bet, key);
      keysByBet.current.delete(digest);
      const slip = useSlipStore.getState();
      slip.recordPlacement({
        memberId,
        orderNo: order.orderNo,
        ois,
        status: order.status,
        reason: 0,
        order,
      });
      // An accepted bet leaves the slip; a pending one stays until `H` decides it.
      if (order.status === betStatus.accepted) for (const oi of ois) slip.remove(oi);
    } catch (error) {
      // Only a lost answer may be retried with the same key; a refusal is final for this bet.
      if (!(error instanceof ApiError && error.code === localErrorCodes.network))
        keysByBet.current.delete(digest);
    }
  }

  async function placeBets(): Promise<void> {
    if (!session || session.memberId <= 0) {
      useDialogStore.getState().openDialog('login');
      return;
    }
    const { selections, mode, acceptOdds } = useSlipStore.getState();
    if (selections.length === 0 || isPlacing) return;
    if (!balance) return showToast('warning', t('slip.noBalance'));
    const stakeMinor = parseStakeMinor(stakeText, balance.scale);
    if (stakeMinor === null)
      return showToast('warning', t('slip.stakeInvalid', { scale: balance.scale }));
    // The slip says what is wrong beside the stake and keeps the button disabled meanwhile.
    if (stakeProblem) return;
    const slipBets = betsOfSlip(
      selections,
      { stake: stakeMinor, scale: balance.scale, currencyId: balance.currencyId, acceptOdds },
      mode,
    );
    // The slip offers a free bet only on one bet in its currency; the server checks it again.
    const bets = freeBet
      ? slipBets.map(({ bet, ois }) => ({ bet: withFreeBet(bet, freeBet), ois }))
      : slipBets;
    if (!selections.every(isSelectionOpen)) return showToast('warning', t('slip.closedSelection'));
    const problem = mode === 'parlay' ? parlayProblemOf(selections) : null;
    if (problem) return showToast('warning', t(parlayProblemTextKeys[problem]));
    if (freeBet && (bets.length !== 1 || freeBet.currencyId !== balance.currencyId)) return;
    if (
      freeBet &&
      isBelowFreeBetOdds(
        freeBet,
        selections.map((selection) => selection.odds),
      )
    )
      return showToast('warning', t(errorCatalogue.FREE_BET_ODDS_TOO_LOW.key));

    setIsPlacing(true);
    try {
      for (const { bet, ois } of bets) await placeOne(session, bet, ois);
    } finally {
      setIsPlacing(false);
      void refreshWalletBalance(queryClient);
      void refreshFreeBets(queryClient);
      void queryClient.invalidateQueries({ queryKey: orderListRootKey });
    }
  }

  return { placeBets, isPlacing, balance, session, stakeLimit, stakeProblem, stakeText };
}
