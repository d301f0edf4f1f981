import * as calls from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { OrderRateLimit } from './order-rate';
import type { OrdersService, PlacedOrder } from './orders.service';

/** Binds the order calls of the contract to the orders service. */
export function registerOrdersRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  services: {
    orders: OrdersService;
    isSealingOn: boolean;
    orderRate: OrderRateLimit;
    /** After a new order commits: its `H` events, the balance push, its acceptance timer. */
    onPlaced: (placed: PlacedOrder) => void;
  },
): void {
  const { orders, isSealingOn, orderRate, onPlaced } = services;
  const register = <C extends calls.CallDefinition>(
    definition: C,
    handler: Parameters<typeof registerCall<C>>[3],
  ) => registerCall(app, authenticate, definition, handler);

  register(calls.orderCreate, async (input, context) => {
    const user = context.user;
    // A member call always has a user and the token it came with.
    if (!user || !context.token) throw new Error('order-create reached without a member');
    if (!orderRate.take(user.userId)) throw new AppError('RATE_LIMITED', orderRate.describe());
    const placed = await orders.place(user, input.data, {
      token: context.token,
      idempotencyKey: context.idempotencyKey,
      isSealingOn,
      client: context.client,
    });
    if (placed.isNew) onPlaced(placed);
    return orders.recordOf(placed.order, context.language);
  });
  register(calls.orderList, async (input, context) =>
    orders.list((context.user as NonNullable<typeof context.user>).userId, input, context.language),
  );
  register(calls.orderCount, async (_input, context) =>
    orders.count((context.user as NonNullable<typeof context.user>).userId),
  );
}
