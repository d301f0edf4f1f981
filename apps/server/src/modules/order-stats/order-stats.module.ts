import type { ModuleContext } from '../../module-context';
import { createOrderStatsRepository } from './order-stats.repository';
import { registerOrderStatsRoutes } from './order-stats.routes';
import { createOrderStatsService } from './order-stats.service';

/**
 * Registers the order and member statistics calls: reads over the order tables and the ledger,
 * never a write.
 */
export function registerOrderStatsModule(context: ModuleContext): void {
  const service = createOrderStatsService({
    repository: createOrderStatsRepository(context.database.db),
    identity: context.identity,
    now: context.now,
  });
  registerOrderStatsRoutes(context.app, context.authenticate, service);
}
