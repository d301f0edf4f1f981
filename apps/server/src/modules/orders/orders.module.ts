import { type AccountEventPayload, orderStatus } from '@sb/contract';
import { findCurrencyById, visibilityFor } from '@sb/domain';
import type { ModuleContext } from '../../module-context';
import type { SiteSettings } from '../match/match.types';
import type { AuditService } from '../operators/audit.service';
import { registerCashOutRoutes } from './cash-out.routes';
import { createCashOutService } from './cash-out.service';
import { createFreeBetSlot, type FreeBetStakes } from './free-bet-stakes';
import { createLegNames, type LegNames } from './leg-names';
import { registerLimitsRoutes } from './limits.routes';
import { createMemberLimits } from './member-limits';
import { createOrderAcceptance, type OrderAcceptance } from './order-acceptance';
import { createOrderExposure, type OrderExposure } from './order-exposure.repository';
import { createOrderRateLimit, type OrderRateLimit } from './order-rate';
import { type OrderConfig, orderSettingsOf } from './order-settings';
import { createOrderWriter } from './order-writer';
import { betStatusEventsOf } from './orders.mappers';
import type { OrderWithLegs } from './orders.repository';
import { createOrdersRepository } from './orders.repository';
import { registerOrdersRoutes } from './orders.routes';
import { createOrdersService, type OrdersService, type PlacedOrder } from './orders.service';
import { createStakeLimitDesk } from './stake-limit-desk';
import { createStakeLimits, type StakeLimits } from './stake-limits';
import { registerStakeLimitRoutes } from './stake-limits.routes';

/** What other modules (and the back office, later) use of the betting engine. */
export interface Orders {
  orders: OrdersService;
  acceptance: OrderAcceptance;
  /** The stake limit policy operators edit; placement and the limit calls read it. */
  stakeLimits: StakeLimits;
  /** Reads of open bets: liability per outcome and currency, open orders per member. */
  exposure: OrderExposure;
  /** Names a member's bets' legs in the language they read (their records, statistics). */
  legNames: LegNames;
  /**
   * Free bets as placement, release and settlement reach them: the bonus module's tokens, set
   * by it through `orders.useFreeBets` (docs/promotions.md, Free bets).
   */
  freeBets: FreeBetStakes;
  /** Every member's placements counted against the order rate, whichever call places. */
  orderRate: OrderRateLimit;
  /** After a new order commits, whichever call placed it: its `H` events, the balance push, its bet delay. */
  onPlaced: (placed: PlacedOrder) => void;
}

/**
 * Registers the order calls, the acceptance of live bets and the trading desk's stake limits.
 * Every status change is told to the member (`H`) and every movement of their money pushes their
 * balances (the wallet's push); what the book shows follows the match module's site settings.
 */
export function registerOrdersModule(
  context: ModuleContext,
  deps: {
    siteSettings: SiteSettings;
    /** Records the trading desk's changes of the stake limits. */
    audit: AuditService;
    /** Sends the member a bet's new status (`H` on /app/socket). */
    tellBetStatus: (userId: number, event: AccountEventPayload<'H'>) => void;
    notifyBalanceChanged: (userId: number) => Promise<void>;
  },
  config: OrderConfig = {},
): Orders {
  const { siteSettings, tellBetStatus, notifyBalanceChanged } = deps;
  const settings = orderSettingsOf(config);
  const { app, database, ledger, readModel, identity, now } = context;
  const log = app.log.child({ module: 'orders' });
  const repository = createOrdersRepository(database.db, context.catalogue);
  const stakeLimits = createStakeLimits({ db: database.db, now });
  // The bonus module, registered later, tells placement how large a bonus stake may be.
  const bonusStakeCap = { of: async (_userId: number, _currencyId: number) => 0 };
  // And the free bets a stake may be paid with.
  const freeBets = createFreeBetSlot();
  const writer = createOrderWriter({
    repository,
    freeBets,
    scaleOf: (currencyId) => findCurrencyById(currencyId)?.scale ?? 2,
    now,
    funding: {
      ledger,
      stakeFunding: settings.stakeFunding,
      bonusStakeCap: (userId, currencyId) => bonusStakeCap.of(userId, currencyId),
    },
    batching: {
      maxOrders: settings.batchMaxOrders,
      waitMs: settings.batchWaitMs,
      onBatchFailed: (error, size) =>
        log.warn({ err: error, size }, 'a batch of placements failed; each is placed alone'),
    },
  });
  const legNames = createLegNames({ readModel, catalogue: context.catalogue });
  const orders = createOrdersService({
    repository,
    writer,
    legNames,
    readModel,
    identity,
    visibilityOf: async (client) => {
      const { controlSwitches } = await siteSettings.current();
      // SPEC §1: source 1 is the live-stream flavour, which never shows play type 2.
      return visibilityFor(controlSwitches, client.source === '1');
    },
    stakeLimitPolicy: stakeLimits.current,
    useBonusStakeCap: (reader) => {
      bonusStakeCap.of = reader;
    },
    useFreeBets: (port) => freeBets.use(port),
    betDelayMs: settings.betDelayMs,
    now,
  });

  const tellMember = (order: OrderWithLegs) => {
    const { userId } = order.order;
    for (const event of betStatusEventsOf(order)) tellBetStatus(userId, event);
  };
  const acceptance = createOrderAcceptance({
    repository,
    ledger,
    freeBets,
    readModel,
    now,
    sweepIntervalMs: settings.sweepIntervalMs,
    log,
    onDecided: (order) => {
      tellMember(order);
      // A rejection gave the stake back.
      if (order.order.status === orderStatus.rejected)
        void notifyBalanceChanged(order.order.userId);
    },
  });

  const orderRate = createOrderRateLimit({
    burst: settings.orderRateBurst,
    perMinute: settings.orderRatePerMinute,
  });
  const onPlaced = ({ order }: PlacedOrder) => {
    tellMember(order);
    // The stake is held: the member's available balance went down.
    void notifyBalanceChanged(order.order.userId);
    if (order.order.status === orderStatus.pending)
      acceptance.schedule(order.order.id, settings.betDelayMs);
  };
  registerOrdersRoutes(app, context.authenticate, {
    orders,
    isSealingOn: context.config.SEAL_PAYLOADS,
    orderRate,
    onPlaced,
  });
  const cashOut = createCashOutService({
    repository,
    ledger,
    readModel,
    db: database.db,
    now,
    marginUnits: settings.cashOutMarginUnits,
  });
  registerCashOutRoutes(app, context.authenticate, cashOut, {
    tellBetStatus,
    notifyBalanceChanged,
  });
  registerLimitsRoutes(
    app,
    context.authenticate,
    createMemberLimits({ identity, ledger, readModel, stakeLimits }),
    { isSealingOn: context.config.SEAL_PAYLOADS },
  );
  registerStakeLimitRoutes(app, context.authenticate, {
    desk: createStakeLimitDesk(stakeLimits),
    audit: deps.audit,
  });
  app.addHook('onReady', async () => acceptance.start());
  app.addHook('preClose', async () => {
    await writer.settle();
    await acceptance.stop();
  });
  return {
    orders,
    acceptance,
    orderRate,
    onPlaced,
    stakeLimits,
    exposure: createOrderExposure(database.db),
    legNames,
    freeBets,
  };
}
