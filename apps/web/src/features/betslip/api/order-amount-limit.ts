import { type AmountLimit, type AmountLimitQuery, orderAmountLimit } from '@sb/contract';
import { sealPayload } from '@sb/domain';
import { useQueries } from '@tanstack/react-query';
import { callSealedAnswer } from '../../../lib/sealed-call';
import { betTypeOfMode, type SlipMode } from '../../../lib/slip/slip-rules';

/** A slip's stake range is read again after this long: it moves only when the book does. */
const limitStaleMs = 30_000;

/**
 * The stake range of one bet (`/trade/api/order/amount/limit`): the question is sealed with the
 * member's token like an order, and so is the answer (SPEC §7, DESIGN §5).
 */
export async function fetchAmountLimit(
  token: string,
  query: AmountLimitQuery,
): Promise<AmountLimit> {
  const data = await sealPayload(token, query);
  return callSealedAnswer(orderAmountLimit, { data }, token);
}

export interface SlipStakeLimit {
  /** Minor units: the smallest and largest stake every bet of the slip takes. */
  minStake: number;
  maxStake: number;
  scale: number;
}

/** The questions a slip asks: one per single (each is its own bet), one for a parlay. */
function questionsOf(ois: readonly string[], mode: SlipMode, currencyId: number | undefined) {
  const groups = mode === 'parlay' ? [ois] : ois.map((oi) => [oi]);
  return groups.map(
    (group): AmountLimitQuery => ({
      betType: betTypeOfMode[mode],
      ...(currencyId === undefined ? {} : { currencyId }),
      selections: group.map((optId) => ({ optId })),
    }),
  );
}

/**
 * The member's stake range for the slip as it stands: the tightest of its bets (the largest
 * minimum, the smallest maximum), since one stake is typed for them all. Undefined until every
 * bet's range is known; a bet the server refuses to price (a closed market) leaves it unknown,
 * and placing says why.
 */
export function useSlipStakeLimit(options: {
  token: string | undefined;
  ois: readonly string[];
  mode: SlipMode;
  currencyId: number | undefined;
  isEnabled: boolean;
}): SlipStakeLimit | undefined {
  const { token, ois, mode, currencyId, isEnabled } = options;
  const questions = isEnabled && token && ois.length > 0 ? questionsOf(ois, mode, currencyId) : [];
  return useQueries({
    queries: questions.map((query) => ({
      queryKey: ['stake-limit', token, query] as const,
      queryFn: () => fetchAmountLimit(token ?? '', query),
      staleTime: limitStaleMs,
      retry: false,
    })),
    combine: (results) => {
      if (results.length === 0 || results.some((result) => !result.data)) return undefined;
      const limits = results.map((result) => result.data as AmountLimit);
      return {
        minStake: Math.max(...limits.map((limit) => limit.minStake)),
        maxStake: Math.min(...limits.map((limit) => limit.maxStake)),
        scale: limits[0]?.scale ?? 2,
      };
    },
  });
}
