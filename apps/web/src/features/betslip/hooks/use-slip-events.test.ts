import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { loadTranslation } from '../../../lib/i18n/resources';
import { type SlipSelection, useSlipStore } from '../../../lib/slip/slip-store';
import { useToastStore } from '../../../lib/toast-store';
import { applyBetStatusEvent } from './use-slip-events';

function selection(oi: string): SlipSelection {
  return {
    oi,
    sportId: 1,
    matchId: Number(oi.replace(/\D/g, '')),
    playId: 3,
    specifiers: '',
    odds: 1.8,
    home: 'Home',
    away: 'Away',
    leagueName: 'League',
    marketName: '1X2',
    optionName: 'Home',
    isLive: true,
  };
}

/** Counts what the event asked to read again. */
function refreshCounter() {
  const counts = { orders: 0, balance: 0 };
  return {
    counts,
    refresh: {
      refreshOrders: () => {
        counts.orders += 1;
      },
      refreshBalance: () => {
        counts.balance += 1;
      },
    },
  };
}

const ois = () => useSlipStore.getState().selections.map((held) => held.oi);

describe('H events on the slip (SPEC §4, §8)', () => {
  beforeAll(async () => {
    const translation = await loadTranslation('en');
    await i18n.init({ resources: { en: { translation } }, lng: 'en', initAsync: false });
  });

  beforeEach(() => {
    useSlipStore.setState({
      selections: [selection('o1'), selection('o2'), selection('o3')],
      placements: [
        { memberId: 42, orderNo: 'P1', ois: ['o1'], status: 0, reason: 0 },
        { memberId: 42, orderNo: 'P2', ois: ['o2'], status: 0, reason: 0 },
      ],
    });
    useToastStore.setState({ toasts: [] });
  });

  it('accepts a pending bet: the receipt moves on, the item leaves, the balance is not re-read', () => {
    const { counts, refresh } = refreshCounter();
    applyBetStatusEvent({ orderNo: 'P1', oi: 'o1', bs: 1, mr: 0 }, refresh);
    expect(useSlipStore.getState().placements[0]).toMatchObject({
      memberId: 42,
      orderNo: 'P1',
      status: 1,
    });
    expect(ois()).toEqual(['o2', 'o3']);
    expect(counts).toEqual({ orders: 1, balance: 0 });
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('clears the item and shows betFail4 alone when the market closed', () => {
    useToastStore.getState().show('warning', 'an older message');
    const { counts, refresh } = refreshCounter();
    applyBetStatusEvent({ orderNo: 'P2', oi: 'o2', bs: 2, mr: 4 }, refresh);
    expect(ois()).toEqual(['o1', 'o3']);
    expect(useSlipStore.getState().placements[1]).toMatchObject({ status: 2, reason: 4 });
    expect(counts).toEqual({ orders: 1, balance: 1 });
    const toasts = useToastStore.getState().toasts;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      tone: 'error',
      message: 'Bet failed: the market is closed or suspended',
    });
  });

  it('clears the item with betFail1 when the odds changed', () => {
    applyBetStatusEvent({ orderNo: 'P1', oi: 'o1', bs: 2, mr: 1 }, refreshCounter().refresh);
    expect(ois()).toEqual(['o2', 'o3']);
    expect(useToastStore.getState().toasts[0]?.message).toBe('Bet failed: the odds changed');
  });

  it('keeps the item of a bet rejected for another reason, and re-reads the balance', () => {
    const { counts, refresh } = refreshCounter();
    applyBetStatusEvent({ orderNo: 'P1', oi: 'o1', bs: 2, mr: 3 }, refresh);
    expect(ois()).toEqual(['o1', 'o2', 'o3']);
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(counts.balance).toBe(1);
  });
});
