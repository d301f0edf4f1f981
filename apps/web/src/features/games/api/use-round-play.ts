import type { CallDefinition, CallInput, CallOutput, GameRound } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { newIdempotencyKey, withIdempotencyKey } from '../../../lib/idempotency-key';
import { failureTextOf, refreshAfterMoney, wasAnswered } from './game-calls';

type RoundCall = CallDefinition & { output: { parse(data: unknown): { round: GameRound } } };

/**
 * Plays rounds of a house game: each press sends its call with an idempotency key, kept for a
 * press after a lost answer (the server then answers the same round, never a second stake) and
 * renewed once the server has answered or the bet changes. The last round and the failure, in
 * the member's language, are the page's to show; every answer reads the balances again.
 */
export function useRoundPlay() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const [isPlaying, setIsPlaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [round, setRound] = useState<GameRound | null>(null);

  async function play<C extends RoundCall>(
    call: C,
    input: CallInput<C>,
  ): Promise<GameRound | null> {
    setIsPlaying(true);
    setFailure(null);
    try {
      const answer = (await callApi(call, withIdempotencyKey<C>(input, key.current), {
        isSilent: true,
      })) as CallOutput<C> & { round: GameRound };
      key.current = newIdempotencyKey();
      setRound(answer.round);
      return answer.round;
    } catch (error) {
      setFailure(failureTextOf(error, t));
      if (wasAnswered(error)) key.current = newIdempotencyKey();
      return null;
    } finally {
      setIsPlaying(false);
      refreshAfterMoney(queryClient);
    }
  }

  /** A changed bet is a new request: a press after it must not replay the last one. */
  const betChanged = () => {
    key.current = newIdempotencyKey();
  };

  return { play, betChanged, isPlaying, failure, round, setRound };
}
