import type { GameOutcome } from '@sb/contract';
import type { Redrawn } from './round-check';
import { hundredthsText, multiplierText } from './stake-text';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A round's outcome in a line of the member's language: the bet and what it drew. */
export function outcomeTextOf(outcome: GameOutcome, t: Translate): string {
  const pending = t('games.outcome.pending');
  switch (outcome.game) {
    case 'dice':
      return t('games.outcome.dice', {
        direction: t(`games.outcome.${outcome.direction}`),
        target: hundredthsText(outcome.target),
        roll: outcome.roll === null ? pending : hundredthsText(outcome.roll),
      });
    case 'limbo':
      return t('games.outcome.limbo', {
        target: `${hundredthsText(outcome.target)}×`,
        result: outcome.result === null ? pending : `${hundredthsText(outcome.result)}×`,
      });
    case 'plinko':
      return t('games.outcome.plinko', {
        rows: outcome.rows,
        risk: t(`games.plinko.risks.${outcome.risk}`),
        slot: outcome.slot ?? pending,
      });
    case 'mines':
      return t('games.outcome.mines', { mines: outcome.mines, count: outcome.revealed.length });
  }
}

/** What the browser drew again, in the same words. */
export function redrawnTextOf(redrawn: Redrawn, t: Translate): string {
  switch (redrawn.game) {
    case 'dice':
      return `${t('games.result.roll', { roll: hundredthsText(redrawn.roll) })} · ${multiplierText(redrawn.multiplier)}`;
    case 'limbo':
      return `${t('games.result.limbo', { result: `${hundredthsText(redrawn.result)}×` })} · ${multiplierText(redrawn.multiplier)}`;
    case 'plinko':
      return t('games.result.slot', {
        slot: redrawn.slot,
        multiplier: multiplierText(redrawn.multiplier),
      });
    case 'mines':
      return t('games.outcome.layout', {
        tiles: redrawn.layout.map((tile) => tile + 1).join(', '),
      });
  }
}
