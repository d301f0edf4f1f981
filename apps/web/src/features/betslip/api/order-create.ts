import { type OrderBet, type OrderRecord, orderCreate } from '@sb/contract';
import { sealPayload } from '@sb/domain';
import { callApi } from '../../../lib/api-client';

/**
 * Places one order: the bet is sealed with the member's token into `data` (SPEC §7, DESIGN §5),
 * with the idempotency key the caller keeps for retries of the same bet (DESIGN §5).
 */
export async function createOrder(
  token: string,
  bet: OrderBet,
  idempotencyKey: string,
): Promise<OrderRecord> {
  const data = await sealPayload(token, bet);
  // The key is one of the fields every call may carry, beside the call's own `data`.
  const input = { data, idempotencyKey };
  return callApi(orderCreate, input);
}
