import {
  activityLimit,
  activityOrderCreate,
  type CallInput,
  type CallOutput,
  findError,
  type OrderBet,
} from '@sb/contract';
import { sealPayload } from '@sb/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { activityOfPost } from '../model/activity-standing';

/** Every query of the feature starts with this, so a placement reads them all again. */
export const activitiesRootKey = ['memberActivities'] as const;

/**
 * The activity of post `postId` with the member's standing (null when the post carries none),
 * asked for by the member `memberId` only: keyed by them, so another member's standing is never
 * shown after a switch. Read again on every visit: settled bets move progress meanwhile. A
 * refusal is the query's error, shown beside the post.
 */
export function useMemberActivity(memberId: number, postId: number) {
  return useQuery({
    queryKey: [...activitiesRootKey, memberId, postId],
    queryFn: async () => {
      const answer = await callApi(activityLimit, { postId }, { isSilent: true });
      return activityOfPost(answer.records, postId);
    },
    enabled: memberId > 0 && postId > 0,
    staleTime: 0,
    retry: false,
  });
}

export type SpecialPlacement = CallOutput<typeof activityOrderCreate>;

/**
 * Places a special bet of activity `id`: the bet sealed with the member's token into `data` as
 * order/create's, with the idempotency key the caller keeps for retries of the same bet.
 */
export async function placeSpecialBet(
  token: string,
  id: number,
  bet: OrderBet,
  idempotencyKey: string,
): Promise<SpecialPlacement> {
  const data = await sealPayload(token, bet);
  // The key is one of the fields every call may carry, beside the call's own fields.
  const input = { id, data, idempotencyKey } as CallInput<typeof activityOrderCreate>;
  return callApi(activityOrderCreate, input, { isSilent: true });
}

/** The text key of a refusal in the error catalogue, or null for one it does not know. */
export function refusalKeyOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return findError(error.code)?.key ?? null;
}
