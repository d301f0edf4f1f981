import type { CallInput, CallOutput, deskGameSet } from '@sb/contract';
import { formatMinorUnits } from '@sb/domain';
import { formatMoneyGrouped, parseMoneyInput } from '../components/money';

export type DeskGame = CallOutput<typeof deskGameSet>;

/**
 * The scale a game's stake bounds and most payout are kept at: minor units of a scale-2 currency,
 * which the server reads as the same figure of major units in every currency (docs/games.md): a
 * most stake of 1000000 is 10,000.00 CNY to a member in CNY and 10,000.00 USDT to one in USDT.
 * The desk reads and types them at this scale, with no currency of their own.
 */
export const boundsScale = 2;

/** Currencies the desk names to show that a bound is one figure in each. */
const exampleCurrencies = ['CNY', 'USDT', 'BTC'];

/** The most house edge a game may have, basis points (the call's bound: 20 %). */
export const maxHouseEdgeBps = 2_000;

/** Basis points as a percentage with two decimals, on the digits: 250 → "2.50", -75 → "-0.75". */
export function percentOfBps(bps: number): string {
  return formatMinorUnits(bps, 2);
}

/** A game's settings as the edit form holds them: the edge in percent, amounts in major units. */
export interface GameDraft {
  houseEdge: string;
  minStake: string;
  maxStake: string;
  maxPayout: string;
}

export function draftOfGame(game: DeskGame): GameDraft {
  const major = (minor: number) => formatMinorUnits(minor, boundsScale);
  return {
    houseEdge: percentOfBps(game.houseEdgeBps),
    minStake: major(game.minStake),
    maxStake: major(game.maxStake),
    maxPayout: major(game.maxPayout),
  };
}

/** A bound as the desk shows it, grouped: 1000000 → "10,000.00". */
export function boundsMoney(minor: number): string {
  return formatMoneyGrouped(minor, boundsScale);
}

/** A bound as members of a few currencies read it: ["10,000.00 CNY", "10,000.00 USDT", …]. */
export function boundsInCurrencies(minor: number): string[] {
  return exampleCurrencies.map((code) => `${boundsMoney(minor)} ${code}`);
}

export type GameDraftProblem =
  | 'houseEdgeInvalid'
  | 'minStakeInvalid'
  | 'maxStakeInvalid'
  | 'maxPayoutInvalid'
  | 'minAboveMax'
  | 'unchanged';

export type GameSettings = Pick<
  CallInput<typeof deskGameSet>,
  'houseEdgeBps' | 'minStake' | 'maxStake' | 'maxPayout'
>;

/** An amount above zero typed in major units, in minor units, or null. */
function positiveMinorOf(text: string): number | null {
  const minor = parseMoneyInput(text, boundsScale);
  return minor !== null && minor > 0 ? minor : null;
}

/**
 * What the form changes of the game's settings, only the fields that differ (so the audit log
 * shows what was changed), or the first problem with what was typed.
 */
export function gameSettingsChanges(
  game: DeskGame,
  draft: GameDraft,
): { changes: GameSettings } | { problem: GameDraftProblem } {
  const houseEdgeBps = parseMoneyInput(draft.houseEdge, 2);
  if (houseEdgeBps === null || houseEdgeBps > maxHouseEdgeBps)
    return { problem: 'houseEdgeInvalid' };
  const minStake = positiveMinorOf(draft.minStake);
  if (minStake === null) return { problem: 'minStakeInvalid' };
  const maxStake = positiveMinorOf(draft.maxStake);
  if (maxStake === null) return { problem: 'maxStakeInvalid' };
  const maxPayout = positiveMinorOf(draft.maxPayout);
  if (maxPayout === null) return { problem: 'maxPayoutInvalid' };
  if (minStake > maxStake) return { problem: 'minAboveMax' };
  const typed: Required<GameSettings> = { houseEdgeBps, minStake, maxStake, maxPayout };
  const changes: GameSettings = {};
  for (const key of Object.keys(typed) as (keyof GameSettings)[]) {
    if (typed[key] !== game[key]) changes[key] = typed[key];
  }
  return Object.keys(changes).length === 0 ? { problem: 'unchanged' } : { changes };
}
