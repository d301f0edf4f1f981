import type { EnvelopeEvent } from '@sb/contract';
import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { AuditService } from '../operators/audit.service';
import { createPromotionsRepository } from './promotions.repository';
import { registerPromotionDeskRoutes, registerPromotionRoutes } from './promotions.routes';
import {
  createPromotionsService,
  type PromotionBonuses,
  type PromotionsService,
} from './promotions.service';

export type { PromotionBonuses } from './promotions.service';

/**
 * How often the campaign clock runs (docs/promotions.md, Statuses): a campaign opens, ends and
 * closes within this long of its moment.
 */
export const campaignClockEveryMs = 5_000;

/**
 * Campaigns and red envelopes (docs/promotions.md): the members' list and grab, the promotions
 * desk, and the clock that opens, ends and closes campaigns on every process (each change made
 * once, by whichever process gets the row). A status change is pushed to every member through
 * `publishToMembers`, after its commit.
 */
export function registerPromotionsModule(
  context: ModuleContext,
  needs: {
    audit: AuditService;
    publishToMembers: (event: EnvelopeEvent) => void;
    notifyBalanceChanged: (userId: number) => Promise<void>;
    /** The bonus module, through which bonus-money envelopes grant. */
    bonus: PromotionBonuses;
  },
): PromotionsService {
  const { app } = context;
  const promotions = createPromotionsService({
    repository: createPromotionsRepository(context.database.db),
    ledger: context.ledger,
    identity: context.identity,
    bonus: needs.bonus,
    audit: needs.audit,
    publish: needs.publishToMembers,
    notifyBalanceChanged: needs.notifyBalanceChanged,
    now: context.now,
    onError: (error, what) => app.log.error({ err: error }, `promotions: ${what} failed`),
  });
  registerPromotionRoutes(app, context.authenticate, promotions);
  registerPromotionDeskRoutes(app, context.authenticate, { promotions, audit: needs.audit });
  let clock: PeriodicJob | undefined;
  app.addHook('onReady', async () => {
    clock = startPeriodicJob({
      run: () => promotions.runClock(),
      everyMs: campaignClockEveryMs,
      onError: (error) => app.log.error({ err: error }, 'the campaign clock failed'),
      runAtStart: true,
    });
  });
  app.addHook('preClose', async () => {
    await clock?.stop();
  });
  return promotions;
}
