import { findCurrencyById } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';

const dayMs = 86_400_000;
const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Flow = Awaited<ReturnType<Ledger['dailySystemFlows']>>['flows'][number];
type Day = { day: string; turnover: number; ggr: number; deposits: number; withdrawals: number };

/**
 * Adds one sum of system-account postings to its day. The ledger is the one source: stakes
 * enter `stakes_held` when taken and leave it when a rejected bet is released; the house keeps
 * (or pays) the difference of every settled or cashed-out bet; deposits leave
 * `deposits_in_transit` for members; paid withdrawals enter `payouts_completed`.
 */
function addFlow(day: Day, flow: Flow): void {
  if (
    flow.systemCode === 'stakes_held' &&
    (flow.kind === 'order_stake' || flow.kind === 'order_release')
  )
    day.turnover += flow.amount;
  else if (flow.systemCode === 'house' && flow.kind.startsWith('order_')) day.ggr += flow.amount;
  else if (flow.systemCode === 'deposits_in_transit') day.deposits -= flow.amount;
  else if (flow.systemCode === 'payouts_completed') day.withdrawals += flow.amount;
}

/** The dashboard: the book's days in one currency, from the ledger, and its open liability. */
export function createDashboard(deps: {
  ledger: Pick<Ledger, 'dailySystemFlows'>;
  /** The open bets in a currency, their stakes and possible payouts (the orders module's). */
  openLiability: (currencyId: number) => Promise<{ orders: number; stake: number; payout: number }>;
}) {
  return {
    async daysOf(currencyId: number, dayCount: number) {
      const currency = findCurrencyById(currencyId);
      if (!currency) throw new AppError('INVALID_INPUT', `currencyId: no currency ${currencyId}`);
      const [{ today, flows }, openLiability] = await Promise.all([
        deps.ledger.dailySystemFlows(currencyId, dayCount),
        deps.openLiability(currencyId),
      ]);
      const todayMs = Date.parse(`${today}T00:00:00Z`);
      const days = new Map<string, Day>();
      for (let back = dayCount - 1; back >= 0; back -= 1) {
        const day = utcDayOf(todayMs - back * dayMs);
        days.set(day, { day, turnover: 0, ggr: 0, deposits: 0, withdrawals: 0 });
      }
      for (const flow of flows) {
        const day = days.get(flow.day);
        if (day) addFlow(day, flow);
      }
      return {
        currencyId: currency.currencyId,
        scale: currency.scale,
        days: [...days.values()],
        openLiability,
      };
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
