import { orderStatus } from '@sb/contract';
import { visibilityFor } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context';
import { realtimeOf } from '../../realtime/realtime.module';
import type { SiteSettings } from '../match/site-settings';
import { walletOf } from '../wallet/wallet.module';
import { registerCashOutRoutes } from './cash-out.routes';
import { registerLimitsRoutes } from './limits.routes';
import { createOrderAcceptance, type OrderAcceptance } from './order-acceptance';
import { createOrderRateLimit } from './order-rate';
import { type OrderConfig, orderSettingsOf } from './order-settings';
import { createOrderWriter } from './order-writer';
import { betStatusEventsOf } from './orders.mappers';
import type { OrderWithLegs } from './orders.repository';
import { createOrdersRepository } from './orders.repository';
import { registerOrdersRoutes } from './orders.routes';
import { createOrdersService, type OrdersService } from './orders.service';
import { createStakeLimits, type StakeLimits } from './stake-limits';

/** What other modules (and the back office, later) use of the betting engine. */
export interface Orders {
  orders: OrdersService;
  acceptance: OrderAcceptance;
  /** The stake limit policy operators edit; placement and the limit calls read it. */
  stakeLimits: StakeLimits;
}

const ordersByApp = new WeakMap<FastifyInstance, Orders>();

/** The betting engine of an app. */
export function ordersOf(app: FastifyInstance): Orders {
  const found = ordersByApp.get(app);
  if (!found) throw new Error('the orders module is not registered on this app');
  return found;
}

/**
 * Registers the order calls and the acceptance of live bets. Needs the realtime and wallet
 * modules registered first: every status change is told to the member (`H`) and every movement
 * of their money pushes their balances.
 */
export function registerOrdersModule(
  context: ModuleContext,
  siteSettings: SiteSettings,
  config: OrderConfig = {},
) {
  const settings = orderSettingsOf(config);
  const { app, database, ledger, readModel, identity, now } = context;
  const log = app.log.child({ module: 'orders' });
  const repository = createOrdersRepository(database.db);
  const stakeLimits = createStakeLimits({ db: database.db, now });
  const writer = createOrderWriter({
    repository,
    batching: {
      maxOrders: settings.batchMaxOrders,
      waitMs: settings.batchWaitMs,
      onBatchFailed: (error, size) =>
        log.warn({ err: error, size }, 'a batch of placements failed; each is placed alone'),
    },
  });
  const orders = createOrdersService({
    repository,
    writer,
    readModel,
    identity,
    visibilityOf: async (client) => {
      const { controlSwitches } = await siteSettings.current();
      // SPEC §1: source 1 is the live-stream flavour, which never shows play type 2.
      return visibilityFor(controlSwitches, client.source === '1');
    },
    stakeLimitPolicy: stakeLimits.current,
    betDelayMs: settings.betDelayMs,
    now,
  });

  const tellMember = (order: OrderWithLegs) => {
    const { userId } = order.order;
    for (const event of betStatusEventsOf(order)) realtimeOf(app).publishToUser(userId, 'H', event);
  };
  const acceptance = createOrderAcceptance({
    repository,
    ledger,
    readModel,
    now,
    sweepIntervalMs: settings.sweepIntervalMs,
    log,
    onDecided: (order) => {
      tellMember(order);
      // A rejection gave the stake back.
      if (order.order.status === orderStatus.rejected)
        void walletOf(app).notifyBalanceChanged(order.order.userId);
    },
  });

  registerOrdersRoutes(app, context.authenticate, {
    orders,
    isSealingOn: context.config.SEAL_PAYLOADS,
    orderRate: createOrderRateLimit({
      burst: settings.orderRateBurst,
      perMinute: settings.orderRatePerMinute,
    }),
    onPlaced: ({ order }) => {
      tellMember(order);
      // The stake is held: the member's available balance went down.
      void walletOf(app).notifyBalanceChanged(order.order.userId);
      if (order.order.status === orderStatus.pending)
        acceptance.schedule(order.order.id, settings.betDelayMs);
    },
  });
  registerCashOutRoutes(context, repository, { marginUnits: settings.cashOutMarginUnits });
  registerLimitsRoutes(context, stakeLimits);
  app.addHook('onReady', async () => acceptance.start());
  app.addHook('preClose', async () => {
    await writer.settle();
    await acceptance.stop();
  });
  const registered: Orders = { orders, acceptance, stakeLimits };
  ordersByApp.set(app, registered);
  return registered;
}
