import { orderCashOut, orderCashOutQuote } from '@sb/contract';
import { registerCall } from '../../http/register-call';
import type { ModuleContext } from '../../module-context';
import { realtimeOf } from '../../realtime/realtime.module';
import { walletOf } from '../wallet/wallet.module';
import { createCashOutService } from './cash-out.service';
import { betStatusEventsOf } from './orders.mappers';
import type { OrdersRepository } from './orders.repository';

/**
 * Registers order/cash/out and its quote. A new cash out tells the member (`H` with bs 4 per leg) and pushes
 * their balances; a replay tells nothing new.
 */
export function registerCashOutRoutes(
  context: ModuleContext,
  repository: OrdersRepository,
  options: { marginUnits?: number } = {},
) {
  const { app, authenticate, database, ledger, readModel, now } = context;
  const cashOut = createCashOutService({
    repository,
    ledger,
    readModel,
    db: database.db,
    now,
    ...(options.marginUnits === undefined ? {} : { marginUnits: options.marginUnits }),
  });
  registerCall(app, authenticate, orderCashOut, async (input, callContext) => {
    const user = callContext.user;
    if (!user) throw new Error('cash out reached without a member');
    const done = await cashOut.cashOut(user.userId, input, callContext.idempotencyKey);
    if (done.order) {
      for (const event of betStatusEventsOf(done.order))
        realtimeOf(app).publishToUser(user.userId, 'H', event);
      void walletOf(app).notifyBalanceChanged(user.userId);
    }
    return done.result;
  });
  registerCall(app, authenticate, orderCashOutQuote, async (input, callContext) => {
    const user = callContext.user;
    if (!user) throw new Error('cash out quote reached without a member');
    return cashOut.quote(user.userId, input.orderNo);
  });
  return cashOut;
}
