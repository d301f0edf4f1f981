import type { ModuleContext } from '../../module-context';
import { registerAdjustmentRoutes } from '../adjustments/adjustments.routes';
import { createAdjustmentService } from '../adjustments/adjustments.service';
import { walletMemberOf } from '../identity/identity.service';
import { createMemberAdmin } from '../identity/member-admin';
import { createPartnerAdmin } from '../identity/partner-admin';
import type { SiteSettings } from '../match/site-settings';
import type { AuditService } from '../operators/audit.service';
import { createOrderExposure } from '../orders/order-exposure';
import type { StakeLimits } from '../orders/stake-limits';
import type { Settlement } from '../settlement/settlement.module';
import type { Wallet } from '../wallet/wallet.module';
import { createBookMargins } from './book-margins';
import { registerDashboardRoutes } from './dashboard.routes';
import { registerMarginRoutes } from './margins.routes';
import { registerMemberRoutes } from './members.routes';
import { registerPartnerRoutes } from './partners.routes';
import { registerSiteRoutes } from './site.routes';
import { registerStakeLimitRoutes } from './stake-limits.routes';
import { registerTradingRoutes } from './trading.routes';
import { createTradingHolds } from './trading-holds';

/**
 * The members and trading desks of the back office, the finance desk's adjustments, statements
 * and ledger check, the dashboard, the site desk's switches and partners, and the operators' holds and book margins every process
 * mirrors into its read model (read at start, then every few seconds).
 */
export async function registerBackOfficeModule(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    wallet: Wallet;
    settlement: Pick<Settlement, 'service' | 'tellChange'>;
    siteSettings: SiteSettings;
    stakeLimits: StakeLimits;
    isWithdrawLocked: (userId: number) => Promise<boolean>;
    /** ADJUSTMENT_APPROVAL_ABOVE: major units above which an adjustment needs a second operator. */
    adjustmentApprovalAbove: number;
    /** The partner channels PARTNER_SECRETS configures: the only ones the desk knows. */
    partnerChannels: readonly string[];
  },
): Promise<void> {
  const { app, database, readModel, now } = context;
  const db = database.db;
  const holds = createTradingHolds({
    db,
    readModel,
    now,
    log: app.log.child({ module: 'trading-holds' }),
  });
  await holds.start();
  app.addHook('onClose', async () => holds.stop());
  const margins = createBookMargins({
    db,
    readModel,
    now,
    log: app.log.child({ module: 'book-margins' }),
  });
  await margins.start();
  app.addHook('onClose', async () => margins.stop());
  const exposure = createOrderExposure(db);
  const members = createMemberAdmin({ db, now });
  registerTradingRoutes(app, context.authenticate, {
    db,
    readModel,
    holds,
    audit: deps.audit,
    catalogue: context.catalogue,
    exposure,
    settlement: deps.settlement,
    now,
  });
  registerAdjustmentRoutes(app, context.authenticate, {
    db,
    adjustments: createAdjustmentService({
      db,
      ledger: context.ledger,
      now,
      approvalAboveMajor: deps.adjustmentApprovalAbove,
      findMember: async (userId) => walletMemberOf(await members.find(userId)),
    }),
    ledger: context.ledger,
    audit: deps.audit,
    notifyBalanceChanged: (userId) => void deps.wallet.notifyBalanceChanged(userId),
    now,
  });
  registerDashboardRoutes(app, context.authenticate, { ledger: context.ledger, exposure });
  registerMarginRoutes(app, context.authenticate, { margins, audit: deps.audit });
  registerSiteRoutes(app, context.authenticate, {
    settings: deps.siteSettings,
    audit: deps.audit,
  });
  registerStakeLimitRoutes(app, context.authenticate, {
    stakeLimits: deps.stakeLimits,
    audit: deps.audit,
  });
  registerPartnerRoutes(app, context.authenticate, {
    partners: createPartnerAdmin({ db, channels: deps.partnerChannels, now }),
    audit: deps.audit,
  });
  registerMemberRoutes(app, context.authenticate, {
    members,
    audit: deps.audit,
    wallet: deps.wallet,
    exposure,
    isWithdrawLocked: deps.isWithdrawLocked,
  });
}
