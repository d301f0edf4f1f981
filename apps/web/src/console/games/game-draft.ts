import type { CallInput, CallOutput, deskGameSet } from '@sb/contract';
import { type Currency, defaultCurrencyCode, formatMinorUnits, requireCurrency } from '@sb/domain';
import { formatMoneyGrouped, parseMoneyInput, realCurrencies } from '../components/money';

export type DeskGame = CallOutput<typeof deskGameSet>;

/**
 * The currency the desk shows a game's stake bounds and most payout in: the site's default one.
 * The contract keeps the bounds as one number of minor units, whatever currency the member plays
 * in (`gameSchema`), so the same number is 1.00 CNY at scale 2 and 0.000001 BTC at scale 8. The
 * desk reads and types them at this currency's scale and shows, beside, what the same number
 * is in the currencies of other scales (`boundsElsewhere`), so nobody sets a bound for CNY
 * without seeing what it makes of a bound in BTC.
 */
export const boundsCurrency: Currency = requireCurrency(defaultCurrencyCode);

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
  const major = (minor: number) => formatMinorUnits(minor, boundsCurrency.scale);
  return {
    houseEdge: percentOfBps(game.houseEdgeBps),
    minStake: major(game.minStake),
    maxStake: major(game.maxStake),
    maxPayout: major(game.maxPayout),
  };
}

/** An amount of the bounds' currency, grouped, with its code. */
export function boundsMoney(minor: number): string {
  return `${formatMoneyGrouped(minor, boundsCurrency.scale)} ${boundsCurrency.currencyCode}`;
}

/**
 * An amount of minor units in the real currencies whose scale differs from the bounds', one entry
 * per scale with its currencies' codes: 10000000 → "100,000.00 CNY" here, and
 * ["10.000000 USDT/TRX", "0.10000000 BTC/ETH"] beside.
 */
export function boundsElsewhere(minor: number): string[] {
  const scales = [...new Set(realCurrencies.map((currency) => currency.scale))].filter(
    (scale) => scale !== boundsCurrency.scale,
  );
  return scales.map((scale) => {
    const codes = realCurrencies
      .filter((currency) => currency.scale === scale)
      .map((currency) => currency.currencyCode);
    return `${formatMoneyGrouped(minor, scale)} ${codes.join('/')}`;
  });
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
  const minor = parseMoneyInput(text, boundsCurrency.scale);
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
