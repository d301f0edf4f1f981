import { type AccountEventPayload, orderCashOut, orderCashOutQuote } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { CashOutService } from './cash-out.service';
import { betStatusEventsOf } from './orders.mappers';

/**
 * Registers order/cash/out and its quote. A new cash out tells the member (`H` with bs 4 per leg) and pushes
 * their balances; a replay tells nothing new.
 */
export function registerCashOutRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  cashOut: CashOutService,
  options: {
    tellBetStatus: (userId: number, event: AccountEventPayload<'H'>) => void;
    notifyBalanceChanged: (userId: number) => Promise<void>;
  },
) {
  registerCall(app, authenticate, orderCashOut, async (input, callContext) => {
    const user = callContext.user;
    if (!user) throw new Error('cash out reached without a member');
    const done = await cashOut.cashOut(user.userId, input, callContext.idempotencyKey);
    if (done.order) {
      for (const event of betStatusEventsOf(done.order)) options.tellBetStatus(user.userId, event);
      void options.notifyBalanceChanged(user.userId);
    }
    return done.result;
  });
  registerCall(app, authenticate, orderCashOutQuote, async (input, callContext) => {
    const user = callContext.user;
    if (!user) throw new Error('cash out quote reached without a member');
    return cashOut.quote(user.userId, input.orderNo);
  });
}
