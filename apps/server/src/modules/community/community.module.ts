import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { AuditService } from '../operators/audit.service';
import type { OrdersService } from '../orders/orders.service';
import { createCommunityRepository } from './community.repository';
import { registerCommunityDeskRoutes, registerCommunityRoutes } from './community.routes';
import { type CommunityService, createCommunityService } from './community.service';

/** How often open shares are checked for an order now final (docs/community.md, freshness). */
export const freezeEveryMs = 60_000;

/**
 * Shared orders, follows and copies, the tipster ranking, and the community desk. Orders are
 * read through the orders service; a leg's kick-off from the book while it holds the match, from
 * the catalogue after. A periodic job freezes the shares whose orders ended, so the ranking is
 * up to date whether or not anyone reads those shares.
 */
export function registerCommunityModule(
  context: ModuleContext,
  deps: {
    orders: Pick<OrdersService, 'memberOrder' | 'recordsById' | 'changedSince'>;
    audit: AuditService;
  },
): CommunityService {
  const { readModel, catalogue, identity } = context;
  const community = createCommunityService({
    repository: createCommunityRepository(context.database.db),
    orders: deps.orders,
    kickOffOf: async (eventId) =>
      readModel.get(eventId)?.fixture.startTime ??
      (await catalogue.eventOf(eventId))?.fixture.startTime ??
      null,
    accountNames: (userIds) => identity.accountNames(userIds),
    now: context.now,
  });
  registerCommunityRoutes(context.app, context.authenticate, community);
  registerCommunityDeskRoutes(context.app, context.authenticate, { community, audit: deps.audit });
  let freezing: PeriodicJob | undefined;
  context.app.addHook('onReady', async () => {
    freezing = startPeriodicJob({
      run: () => community.freezeSettled(),
      everyMs: freezeEveryMs,
      onError: (error) => context.app.log.error({ err: error }, 'freezing settled shares failed'),
      runAtStart: true,
    });
  });
  context.app.addHook('preClose', async () => {
    await freezing?.stop();
  });
  return community;
}
