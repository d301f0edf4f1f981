import { findCurrencyById } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';

const dayMs = 86_400_000;
const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Flow = Awaited<ReturnType<Ledger['dailySystemFlows']>>['flows'][number];
type BookFigures = Awaited<ReturnType<Ledger['bookWagering']>>[number];
interface ProductDay {
  product: string;
  turnover: number;
  returned: number;
  ggr: number;
}
interface Day {
  day: string;
  turnover: number;
  ggr: number;
  deposits: number;
  withdrawals: number;
  products: ProductDay[];
}

/**
 * Adds one sum of system-account postings to its day: deposits leave `deposits_in_transit` for
 * members; paid withdrawals enter `payouts_completed`. The wagers' figures are the wagering
 * record's (`addWagering`).
 */
function addFlow(day: Day, flow: Flow): void {
  if (flow.systemCode === 'deposits_in_transit') day.deposits -= flow.amount;
  else if (flow.systemCode === 'payouts_completed') day.withdrawals += flow.amount;
}

/**
 * Adds one product's day of the wagering record: its turnover (stakes that stood) and GGR (the
 * house's side) count in the day's totals, and the product gets its line.
 */
function addWagering(day: Day, figures: BookFigures): void {
  day.turnover += figures.staked;
  day.ggr += figures.ggr;
  // A product whose wagers of the day came to nothing (a stake given back) gets no line.
  if (figures.staked === 0 && figures.returned === 0 && figures.ggr === 0) return;
  day.products.push({
    product: figures.product,
    turnover: figures.staked,
    returned: figures.returned,
    ggr: figures.ggr,
  });
}

/**
 * The dashboard: the book's days in one currency and its open liability. Turnover and GGR per
 * product come from the ledger's wagering record, so a product that names its kinds in
 * ledger/wagering.ts shows up here as it is; deposits and withdrawals from the system accounts.
 */
export function createDashboard(deps: {
  ledger: Pick<Ledger, 'dailySystemFlows' | 'bookWagering'>;
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
      // The days are the database clock's, the one that stamps the transactions.
      const todayMs = Date.parse(`${today}T00:00:00Z`);
      const wagering = await deps.ledger.bookWagering({
        currencyId,
        window: { from: new Date(todayMs - (dayCount - 1) * dayMs) },
        period: { periodMs: dayMs, offsetMs: 0 },
      });
      const days = new Map<string, Day>();
      for (let back = dayCount - 1; back >= 0; back -= 1) {
        const day = utcDayOf(todayMs - back * dayMs);
        days.set(day, { day, turnover: 0, ggr: 0, deposits: 0, withdrawals: 0, products: [] });
      }
      for (const flow of flows) {
        const day = days.get(flow.day);
        if (day) addFlow(day, flow);
      }
      for (const figures of wagering) {
        const day = days.get(utcDayOf(figures.period * dayMs));
        if (day) addWagering(day, figures);
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
