import type { OrderBet } from '@sb/contract';
import type { Database } from '../../db/database';
import { type BetSelection, openBet, readSlip } from './bet-input';
import { type OrderTermsRow, orderTermsQueries } from './order-terms.repository';

export type { OrderTermsRow } from './order-terms.repository';

/**
 * What a promotion reads of bets beyond the wagering record (docs/promotions.md, Activities
 * that pay): each order's legs (sport, play, event, option), its placement time, status, price
 * and standing settlement, keyed by order number; and a member's order by its Idempotency-Key.
 * Besides, the opening of a bet's sealed data as order-create opens it, for a promotion that
 * checks a bet before handing it to placement.
 */
export function createOrderTerms(db: Database) {
  const queries = orderTermsQueries(db);
  return {
    async byOrderNo(orderNos: readonly string[]): Promise<Map<string, OrderTermsRow>> {
      const rows = await queries.byOrderNo([...new Set(orderNos)]);
      return new Map(rows.map((row) => [row.orderNo, row]));
    },
    orderNoByKey: (userId: number, key: string) => queries.orderNoByKey(userId, key),
    /** The bet a sealed `data` opens to, and its selections read as placement reads them. */
    async openBet(
      data: string | Record<string, unknown>,
      token: string,
      isSealingOn: boolean,
    ): Promise<{ bet: OrderBet; selections: BetSelection[] }> {
      const bet = await openBet(data, token, isSealingOn);
      return { bet, selections: readSlip(bet) };
    },
  };
}

export type OrderTerms = ReturnType<typeof createOrderTerms>;
