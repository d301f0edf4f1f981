import { depositStatus } from '@sb/contract';
import { type Config, configSchema, developmentSandboxSecret } from '../../config';
import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { AuditService } from '../operators/audit.service';
import { createPaymentSandbox } from '../payments/payments.module';
import { createCollectionService } from './collection.service';
import { registerCollectionDeskRoutes } from './collection-desk.routes';
import { createDepositsRepository } from './deposits.repository';
import { registerDepositRoutes } from './deposits.routes';
import { createDepositsService } from './deposits.service';
import { createPaymentNoticeHandler } from './payment-notices';

/**
 * The payment settings; any left out take the configuration's defaults, except the sandbox,
 * which is off unless turned on (loadConfig turns it on outside production). EMBED_ORIGINS
 * names who may frame the member app, and so the pay page framed inside it.
 */
export type PaymentSettings = Partial<
  Pick<
    Config,
    | 'PAYMENT_SANDBOX'
    | 'PAYMENT_SANDBOX_SECRET'
    | 'PAYMENT_SANDBOX_BLOCK_MS'
    | 'PAYMENT_CONFIRMATIONS'
    | 'EMBED_ORIGINS'
  >
>;

/** How often lapsed orders are cancelled for everyone (members' own are also done on demand). */
const expirySweepIntervalMs = 15_000;

/**
 * Registers deposits with the payment sandbox as their provider when it is on: the member
 * calls, the provider's callback route and pages. With it off there is no provider: no
 * callback route, no sandbox pages, and only bank-transfer deposits (collection orders) are
 * offered. Answers the services, for the operator calls to use (confirming and turning down
 * collection orders) and for tools (the sandbox chain, null when it is off).
 */
export async function registerDepositsModule(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    /** The wallet's balance push, after a deposit was credited. */
    notifyBalanceChanged: (userId: number) => Promise<void>;
  },
  settings: PaymentSettings = {},
) {
  const { app, now } = context;
  const db = context.database.db;
  const shape = configSchema.shape;
  const secret = shape.PAYMENT_SANDBOX_SECRET.parse(settings.PAYMENT_SANDBOX_SECRET);
  const blockIntervalMs = shape.PAYMENT_SANDBOX_BLOCK_MS.parse(settings.PAYMENT_SANDBOX_BLOCK_MS);
  const confirmationsRequired = shape.PAYMENT_CONFIRMATIONS.parse(settings.PAYMENT_CONFIRMATIONS);
  const isSandboxOn = settings.PAYMENT_SANDBOX === 'on';
  if (isSandboxOn && secret === developmentSandboxSecret) {
    app.log.warn('PAYMENT_SANDBOX_SECRET is the development default: set your own before real use');
  }

  const sandbox = isSandboxOn
    ? createPaymentSandbox(context, {
        secret,
        blockIntervalMs,
        embedOrigins: settings.EMBED_ORIGINS ?? [],
      })
    : null;
  const deposits = createDepositsService({
    db,
    provider: sandbox?.provider ?? null,
    now,
    confirmationsRequired,
  });
  const collections = createCollectionService({ db, ledger: context.ledger, now });
  await registerDepositRoutes(app, {
    authenticate: context.authenticate,
    deposits,
    collections,
    findWalletMember: context.identity.walletMember,
  });
  registerCollectionDeskRoutes(app, context.authenticate, {
    collections,
    audit: deps.audit,
    notifyBalanceChanged: (userId) => void deps.notifyBalanceChanged(userId),
  });
  const handleNotice = createPaymentNoticeHandler({
    db,
    ledger: context.ledger,
    confirmationsRequired,
    warn: (details, message) => app.log.warn(details, message),
  });
  await sandbox?.register(async (...notice) => {
    const outcome = await handleNotice(...notice);
    // The credit has committed; a repeated notice pushes again, which the wallet merges.
    if (outcome.status === depositStatus.completed && outcome.userId !== null)
      void deps.notifyBalanceChanged(outcome.userId);
    return outcome;
  });

  const repository = createDepositsRepository(db);
  let expirySweep: PeriodicJob | null = null;
  app.addHook('onReady', async () => {
    expirySweep = startPeriodicJob({
      run: () => repository.expireOverdueOrders(now()),
      everyMs: expirySweepIntervalMs,
      onError: (error) => app.log.error({ err: error }, 'deposit expiry sweep failed'),
    });
  });
  // The timer stops before the database closes, and a running sweep is waited for.
  app.addHook('onClose', async () => {
    await expirySweep?.stop();
  });
  return { deposits, collections, chain: sandbox?.chain ?? null };
}

export type DepositsModule = Awaited<ReturnType<typeof registerDepositsModule>>;
