import { gameBalanceWithdrawAll, gamePlay, houseSeedRotate } from '@sb/contract';
import { callApi } from '../../../lib/api-client';
import { withIdempotencyKey } from '../../../lib/idempotency-key';

/**
 * Moves `amount` minor units from the main balance into the game's provider balance (`/game/play`,
 * money-moving: the key is the caller's, kept for a retry after a lost answer).
 */
export function transferIntoGame(
  input: { gameId: string; amount: number; currencyId?: number },
  idempotencyKey: string,
) {
  return callApi(gamePlay, withIdempotencyKey<typeof gamePlay>(input, idempotencyKey), {
    isSilent: true,
  });
}

/** Moves every game balance of the current currency back to the main balance. */
export function withdrawAllGames(input: { currencyId?: number }, idempotencyKey: string) {
  return callApi(
    gameBalanceWithdrawAll,
    withIdempotencyKey<typeof gameBalanceWithdrawAll>(input, idempotencyKey),
    { isSilent: true },
  );
}

/** Reveals the current server seed and starts a new pair (with the client seed given, if any). */
export function rotateHouseSeed(clientSeed: string | undefined) {
  return callApi(houseSeedRotate, clientSeed ? { clientSeed } : {}, { isSilent: true });
}
