import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import { createInjectDelivery } from './callback-delivery';
import { purgeCallbackNonces } from './callback-nonces';
import type { PaymentNoticeHandler, PaymentProvider } from './payment-provider';
import { callbackPath, registerPaymentCallbackRoute } from './payments.routes';
import { createSandboxRepository } from './sandbox.repository';
import { registerSandboxRoutes } from './sandbox.routes';
import { createSandboxChain, type SandboxChain } from './sandbox-chain';
import { createSandboxPay } from './sandbox-pay';
import { createSandboxProvider } from './sandbox-provider';

/** How often nonces too old to matter are dropped. */
const nonceSweepIntervalMs = 60_000;

export interface PaymentSandbox {
  /** What deposits use: the adapter interface, nothing of the sandbox's inside. */
  provider: PaymentProvider;
  /** The simulated chain, for tools that make blocks. */
  chain: SandboxChain;
  /** Registers the callback route, answered by `handleNotice`, and the sandbox's pages. */
  register(handleNotice: PaymentNoticeHandler): Promise<void>;
}

/**
 * The payment sandbox as a provider: its adapter, its hosted pay page, its chain with a block
 * timer, and the callback route it signs its notices to. Timers start when the server is ready
 * and stop, waiting for a running block, before it closes.
 */
export function createPaymentSandbox(
  context: ModuleContext,
  settings: {
    secret: string;
    blockIntervalMs: number;
    /** Partner sites that may frame the member app, and so its pay page frame. */
    embedOrigins: readonly string[];
  },
): PaymentSandbox {
  const { app, now } = context;
  const db = context.database.db;
  const repository = createSandboxRepository(db);
  const provider = createSandboxProvider({ repository, secret: settings.secret, now });
  const deliver = createInjectDelivery({
    app,
    path: callbackPath(provider.name),
    secret: settings.secret,
    now,
  });
  const chain = createSandboxChain({
    repository,
    deliver,
    now,
    blockIntervalMs: settings.blockIntervalMs,
    onError: (error) => app.log.error({ err: error }, 'sandbox chain block failed'),
  });

  return {
    provider,
    chain,
    async register(handleNotice) {
      await registerPaymentCallbackRoute(app, { provider, handleNotice, now });
      registerSandboxRoutes(app, {
        pay: createSandboxPay({ repository, deliver, now }),
        chain,
        now,
        secret: settings.secret,
        embedOrigins: settings.embedOrigins,
      });

      let stopChain: (() => Promise<void>) | null = null;
      let noncePurge: PeriodicJob | null = null;
      app.addHook('onReady', async () => {
        stopChain = chain.start();
        noncePurge = startPeriodicJob({
          run: () => purgeCallbackNonces(db, now()),
          everyMs: nonceSweepIntervalMs,
          onError: (error) => app.log.error({ err: error }, 'nonce purge failed'),
        });
      });
      app.addHook('onClose', async () => {
        await noncePurge?.stop();
        await stopChain?.();
      });
    },
  };
}
