import type { GameOutcome, GameRound } from '@sb/contract';
import {
  type DiceDirection,
  diceOutcome,
  type FairSeeds,
  limboOutcome,
  minesLayout,
  minesMultiplier,
  type PlinkoRisk,
  type PlinkoRows,
  plinkoOutcome,
  serverSeedHash,
} from '@sb/domain';

/** A bet of one of the house's games as the verifier takes it: the game and its fields. */
export type OriginalBet =
  | { game: 'dice'; target: number; direction: DiceDirection }
  | { game: 'limbo'; target: number }
  | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk }
  | { game: 'mines'; mines: number };

/** What the draw gives for a bet: the game's outcome and what it pays per stake. */
export type Redrawn =
  | { game: 'dice'; roll: number; won: boolean; multiplier: number }
  | { game: 'limbo'; result: number; won: boolean; multiplier: number }
  | { game: 'plinko'; path: number[]; slot: number; multiplier: number }
  | { game: 'mines'; layout: number[] };

/** Draws a bet from the seeds with the same functions the server runs (packages/domain fair/). */
export function redraw(seeds: FairSeeds, bet: OriginalBet, edgeBps: number): Redrawn {
  switch (bet.game) {
    case 'dice':
      return { game: 'dice', ...diceOutcome(seeds, bet, edgeBps) };
    case 'limbo':
      return { game: 'limbo', ...limboOutcome(seeds, bet.target, edgeBps) };
    case 'plinko':
      return { game: 'plinko', ...plinkoOutcome(seeds, bet.rows, bet.risk, edgeBps) };
    case 'mines':
      return { game: 'mines', layout: minesLayout(seeds, bet.mines) };
  }
}

/** The bet a round's outcome records. */
export function betOf(outcome: GameOutcome): OriginalBet {
  switch (outcome.game) {
    case 'dice':
      return { game: 'dice', target: outcome.target, direction: outcome.direction };
    case 'limbo':
      return { game: 'limbo', target: outcome.target };
    case 'plinko':
      return { game: 'plinko', rows: outcome.rows as PlinkoRows, risk: outcome.risk };
    case 'mines':
      return { game: 'mines', mines: outcome.mines };
  }
}

export interface RoundCheck {
  /** SHA-256 of the revealed seed is the hash shown before the round. */
  hashMatches: boolean;
  /** The draw gives what the server answered: the outcome and the multiplier paid. */
  outcomeMatches: boolean;
  redrawn: Redrawn;
}

const sameList = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((value, at) => value === right[at]);

/** Whether a decided round's answer is what the draw gives. */
function answerMatches(round: GameRound, redrawn: Redrawn): boolean {
  const outcome = round.outcome;
  if (outcome.game === 'dice' && redrawn.game === 'dice')
    return outcome.roll === redrawn.roll && round.multiplier === redrawn.multiplier;
  if (outcome.game === 'limbo' && redrawn.game === 'limbo')
    return outcome.result === redrawn.result && round.multiplier === redrawn.multiplier;
  if (outcome.game === 'plinko' && redrawn.game === 'plinko')
    return (
      sameList(outcome.path, redrawn.path) &&
      outcome.slot === redrawn.slot &&
      round.multiplier === redrawn.multiplier
    );
  if (outcome.game === 'mines' && redrawn.game === 'mines') {
    const mines = new Set(redrawn.layout);
    const safeFound = outcome.revealed.every((tile) => !mines.has(tile));
    const hitIsMine = outcome.hit === null || mines.has(outcome.hit);
    const paid =
      outcome.hit === null
        ? minesMultiplier(outcome.mines, outcome.revealed.length, round.houseEdgeBps)
        : 0;
    return (
      safeFound &&
      hitIsMine &&
      (outcome.layout === null || sameList(outcome.layout, redrawn.layout)) &&
      round.multiplier === paid
    );
  }
  return false;
}

/**
 * Checks a round in the browser once its server seed is revealed: the seed's hash against the
 * one shown, and the round drawn again at its own house edge against what the server answered.
 * Null while the seed is not revealed, or for a round that was refunded (never drawn).
 */
export function checkRound(round: GameRound): RoundCheck | null {
  const { serverSeed, clientSeed, nonce, serverSeedHash: shownHash } = round.fairness;
  if (serverSeed === null || round.status === 'refunded' || round.status === 'open') return null;
  const redrawn = redraw(
    { serverSeed, clientSeed, nonce },
    betOf(round.outcome),
    round.houseEdgeBps,
  );
  return {
    hashMatches: serverSeedHash(serverSeed) === shownHash,
    outcomeMatches: answerMatches(round, redrawn),
    redrawn,
  };
}
