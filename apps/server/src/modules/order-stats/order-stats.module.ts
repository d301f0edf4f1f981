import type { ModuleContext } from '../../module-context';
import { createOrderFigures, type LegNames } from '../orders/orders.service';
import { registerDashboardRoutes } from './dashboard.routes';
import { createDashboard } from './dashboard.service';
import { registerOrderStatsRoutes } from './order-stats.routes';
import { createOrderStatsService } from './order-stats.service';

/**
 * Registers the order and member statistics calls and the back office's dashboard: reads over
 * the order tables and the ledger, never a write.
 */
export function registerOrderStatsModule(
  context: ModuleContext,
  deps: {
    /** The open bets in a currency (the orders module's exposure). */
    openLiability: (
      currencyId: number,
    ) => Promise<{ orders: number; stake: number; payout: number }>;
    /** Names the legs of a member's records in their language (the orders module's). */
    legNames: LegNames;
  },
): void {
  const service = createOrderStatsService({
    figures: createOrderFigures({
      db: context.database.db,
      catalogue: context.catalogue,
      wagerNets: context.ledger.wagerNets,
    }),
    identity: context.identity,
    legNames: deps.legNames,
    wagering: context.ledger.wagering,
    now: context.now,
  });
  registerOrderStatsRoutes(context.app, context.authenticate, service);
  registerDashboardRoutes(
    context.app,
    context.authenticate,
    createDashboard({ ledger: context.ledger, openLiability: deps.openLiability }),
  );
}
