import type { EnvelopeEvent } from '@sb/contract';
import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { AuditService } from '../operators/audit.service';
import { createOrderTerms } from '../orders/order-terms.service';
import type { Orders } from '../orders/orders.module';
import { createActivitiesRepository } from './activities.repository';
import {
  type ActivitiesService,
  activityPassEveryMs,
  createActivitiesService,
} from './activities.service';
import { createPromotionsRepository } from './promotions.repository';
import {
  registerActivityRoutes,
  registerPromotionDeskRoutes,
  registerPromotionRoutes,
} from './promotions.routes';
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
    /** The bonus module, through which bonus-money envelopes and rewards grant. */
    bonus: PromotionBonuses;
    /** The betting engine, through which special bets are placed. */
    orders: Pick<Orders, 'orders' | 'orderRate' | 'onPlaced'>;
    /** A site post's kind and title: an activity campaign points at its post. */
    postHeading: (postId: number) => Promise<{ kind: string; title: string } | undefined>;
  },
): PromotionsService & { activities: ActivitiesService } {
  const { app } = context;
  const db = context.database.db;
  const repository = createPromotionsRepository(db);
  const activitiesRepository = createActivitiesRepository(db);
  const onError = (error: unknown, what: string) =>
    app.log.error({ err: error }, `promotions: ${what} failed`);
  const promotions = createPromotionsService({
    repository,
    activities: activitiesRepository,
    postKindOf: async (postId) => (await needs.postHeading(postId))?.kind,
    ledger: context.ledger,
    identity: context.identity,
    bonus: needs.bonus,
    audit: needs.audit,
    publish: needs.publishToMembers,
    notifyBalanceChanged: needs.notifyBalanceChanged,
    now: context.now,
    onError,
  });
  const activities = createActivitiesService({
    repository: activitiesRepository,
    campaigns: repository,
    promotions,
    ledger: context.ledger,
    bonus: needs.bonus,
    identity: context.identity,
    orders: needs.orders.orders,
    orderTerms: createOrderTerms(db),
    orderRate: needs.orders.orderRate,
    onPlaced: needs.orders.onPlaced,
    readModel: context.readModel,
    postTitleOf: async (postId) => (await needs.postHeading(postId))?.title,
    notifyBalanceChanged: needs.notifyBalanceChanged,
    now: context.now,
    onError,
  });
  registerPromotionRoutes(app, context.authenticate, promotions);
  registerActivityRoutes(app, context.authenticate, {
    activities,
    isSealingOn: context.config.SEAL_PAYLOADS,
  });
  registerPromotionDeskRoutes(app, context.authenticate, { promotions, audit: needs.audit });
  const jobs: PeriodicJob[] = [];
  app.addHook('onReady', async () => {
    jobs.push(
      startPeriodicJob({
        run: () => promotions.runClock(),
        everyMs: campaignClockEveryMs,
        onError: (error) => app.log.error({ err: error }, 'the campaign clock failed'),
        runAtStart: true,
      }),
      startPeriodicJob({
        run: () => activities.runPass(),
        everyMs: activityPassEveryMs,
        onError: (error) => app.log.error({ err: error }, 'the activities pass failed'),
        runAtStart: true,
      }),
    );
  });
  app.addHook('preClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
  return Object.assign(promotions, { activities });
}
