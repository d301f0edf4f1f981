import type { Language } from '@sb/contract';
import * as calls from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { AuthenticatedUser, Authenticator } from '../../http/request-context';
import type { OrderStatsService } from './order-stats.service';

/** Binds the statistics calls of the contract to the statistics service. */
export function registerOrderStatsRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  stats: OrderStatsService,
): void {
  const register = <C extends calls.CallDefinition>(
    definition: C,
    handler: (
      input: Parameters<Parameters<typeof registerCall<C>>[3]>[0],
      user: AuthenticatedUser,
      language: Language,
    ) => ReturnType<Parameters<typeof registerCall<C>>[3]>,
  ) =>
    registerCall(app, authenticate, definition, (input, context) => {
      // A member call always reaches its handler with the member.
      if (!context.user) throw new Error(`${definition.path} reached without a member`);
      return handler(input, context.user, context.language);
    });

  register(calls.orderStat, (input, user) => stats.orderStat(user, input));
  register(calls.memberStatDaily, (input, user) => stats.daily(user, input));
  register(calls.memberStatToday, (input, user) => stats.today(user, input));
  register(calls.memberStatSettle, (input, user) => stats.settle(user, input));
  register(calls.memberStatDate, (input, user) => stats.date(user, input));
  register(calls.memberWinStat, (input, user) => stats.winStat(user, input));
  register(calls.memberAmountLog, (input, user) => stats.amountLog(user, input));
  register(calls.orderSum, (input, user) => stats.orderSum(user, input));
  register(calls.unsettledOrders, (input, user, language) =>
    stats.unsettled(user, input, language),
  );
  register(calls.settlementRecord, (input, user, language) =>
    stats.settlementRecord(user, input, language),
  );
}
