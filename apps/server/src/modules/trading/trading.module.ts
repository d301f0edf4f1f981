import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import type { OrderExposure } from '../orders/orders.types';
import type { Settlement } from '../settlement/settlement.module';
import { createBookMargins } from './book-margins';
import { createManualSettlement } from './manual-settlement';
import { registerMarginRoutes } from './margins.routes';
import { createTradingRepository } from './trading.repository';
import { registerTradingRoutes } from './trading.routes';
import { createTradingDesk } from './trading.service';
import { createTradingHolds } from './trading-holds';

/**
 * The trading desk: operators' holds and the book's margins (its own tables, which every
 * process mirrors into its read model: read at start, then every few seconds), voids and
 * settlements by hand through the one settlement service, and the match calls over them.
 */
export async function registerTradingModule(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    /** The orders module's reads of open bets: liability, off-book matches, voids. */
    exposure: OrderExposure;
    settlement: Pick<Settlement, 'service' | 'tellChange'>;
  },
): Promise<void> {
  const { app, readModel, catalogue, now } = context;
  const db = context.database.db;
  const repository = createTradingRepository(db);
  const holds = createTradingHolds({
    repository,
    readModel,
    now,
    log: app.log.child({ module: 'trading-holds' }),
  });
  await holds.start();
  app.addHook('onClose', async () => holds.stop());
  const margins = createBookMargins({
    repository,
    readModel,
    now,
    log: app.log.child({ module: 'book-margins' }),
  });
  await margins.start();
  app.addHook('onClose', async () => margins.stop());
  const { exposure, audit } = deps;
  const manual = createManualSettlement({
    db,
    readModel,
    catalogue,
    holds,
    exposure,
    audit,
    settlement: deps.settlement.service,
    now,
  });
  const desk = createTradingDesk({
    db,
    repository,
    readModel,
    catalogue,
    holds,
    exposure,
    manual,
    settlement: deps.settlement,
    now,
  });
  registerTradingRoutes(app, context.authenticate, { desk, audit });
  registerMarginRoutes(app, context.authenticate, { margins, audit });
}
