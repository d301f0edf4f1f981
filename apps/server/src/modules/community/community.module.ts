import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import type { OrdersService } from '../orders/orders.service';
import { createCommunityRepository } from './community.repository';
import { registerCommunityDeskRoutes, registerCommunityRoutes } from './community.routes';
import { type CommunityService, createCommunityService } from './community.service';

/**
 * Shared orders, follows and copies, and the community desk. Orders are read through the orders
 * service; a leg's kick-off from the book while it holds the match, from the catalogue after.
 */
export function registerCommunityModule(
  context: ModuleContext,
  deps: { orders: Pick<OrdersService, 'memberOrder' | 'recordsById'>; audit: AuditService },
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
  return community;
}
