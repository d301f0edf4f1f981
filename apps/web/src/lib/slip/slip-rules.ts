import { betType, firstChampionPlayId, maxSlipSelections, noMixPlayIds } from '@sb/contract';
import {
  combinedOddsUnits,
  fromOddsUnits,
  MAX_BET_LEGS,
  ODDS_SCALE,
  settleBet,
  toOddsUnits,
  type Visibility,
} from '@sb/domain';

/**
 * The bet slip's rules (SPEC §4–§5), pure so they are tested without a browser. The store applies
 * them and turns their answers into toasts and dialogs.
 */

/** SPEC's bet types as the order call takes them: 0 single, 1 mix (parlay). */
export type SlipMode = 'single' | 'parlay';

export const betTypeOfMode: Record<SlipMode, (typeof betType)[keyof typeof betType]> = {
  single: betType.single,
  parlay: betType.parlay,
};

/** What a selection needs for the rules: its option, match, play and league. */
export interface RuledSelection {
  oi: string;
  matchId: number;
  playId: number;
  leagueId?: number;
}

/** Why a toggle added nothing; the warning keys are SPEC §8's texts. */
export type SlipRefusal = 'leagueNotAllowed' | 'moreMatchTip' | 'noMixBet' | 'noMixBetChampion';

export type ToggleOutcome<S> =
  | { kind: 'added'; selections: S[]; replaced: S[] }
  | { kind: 'removed'; selections: S[] }
  | { kind: 'refused'; reason: SlipRefusal };

export interface ToggleContext {
  mode: SlipMode;
  /** The member's leagueIds; empty allows every league (SPEC §5), as for a visitor. */
  leagueIds: readonly number[];
}

/** SPEC §5: plays a parlay refuses, with the warning to show; null when the play may mix. */
export function parlayRefusalOf(playId: number): 'noMixBet' | 'noMixBetChampion' | null {
  if (noMixPlayIds.includes(playId)) return 'noMixBet';
  if (playId >= firstChampionPlayId) return 'noMixBetChampion';
  return null;
}

/**
 * A click on an odds option (SPEC §4–§5). Clicking a selection on the slip removes it, even for a
 * league no longer allowed, so nothing can get stuck. A visitor's click goes on the slip like a
 * member's (the store sends the visitor to log in, and the selection waits there for them). A new one goes on top and
 * replaces what it cannot stand beside: in single mode the same match and play, in a parlay any
 * other selection of the same match (a parlay takes one per match).
 */
export function toggleSelection<S extends RuledSelection>(
  selections: readonly S[],
  selection: S,
  context: ToggleContext,
): ToggleOutcome<S> {
  if (selections.some((held) => held.oi === selection.oi)) {
    return { kind: 'removed', selections: selections.filter((held) => held.oi !== selection.oi) };
  }
  const { leagueIds } = context;
  if (
    leagueIds.length > 0 &&
    selection.leagueId !== undefined &&
    !leagueIds.includes(selection.leagueId)
  ) {
    return { kind: 'refused', reason: 'leagueNotAllowed' };
  }
  if (context.mode === 'parlay') {
    const refusal = parlayRefusalOf(selection.playId);
    if (refusal) return { kind: 'refused', reason: refusal };
  }
  const isReplaced = (held: S) =>
    held.matchId === selection.matchId &&
    (context.mode === 'parlay' || held.playId === selection.playId);
  const replaced = selections.filter(isReplaced);
  const kept = selections.filter((held) => !isReplaced(held));
  if (kept.length >= maxSlipSelections) return { kind: 'refused', reason: 'moreMatchTip' };
  return { kind: 'added', selections: [selection, ...kept], replaced };
}

/**
 * The selections the control switches leave (SPEC §4): one of a hidden sport or play cannot be
 * bet (the server refuses it) and must not linger on the slip. The same list when none goes.
 */
export function visibleSelections<S extends { sportId: number; playId: number }>(
  selections: S[],
  visibility: Visibility,
): S[] {
  const kept = selections.filter((selection) =>
    visibility.isPlayVisible(selection.sportId, selection.playId),
  );
  return kept.length === selections.length ? selections : kept;
}

/**
 * The selections a member may keep (SPEC §5 leagueIds): what a visitor picked before logging in
 * meets the member's leagues here, silently as a click would. The same list when all stay.
 */
export function selectionsInLeagues<S extends { leagueId?: number }>(
  selections: S[],
  leagueIds: readonly number[],
): S[] {
  if (leagueIds.length === 0) return selections;
  const kept = selections.filter(
    (selection) => selection.leagueId === undefined || leagueIds.includes(selection.leagueId),
  );
  return kept.length === selections.length ? selections : kept;
}

/** Why the slip as it stands cannot be placed as a parlay; null when it can. */
export type ParlayProblem = 'parlayNeedsTwo' | 'noMixBet' | 'noMixBetChampion' | 'sameMatch';

export function parlayProblemOf(selections: readonly RuledSelection[]): ParlayProblem | null {
  for (const selection of selections) {
    const refusal = parlayRefusalOf(selection.playId);
    if (refusal) return refusal;
  }
  const matches = new Set(selections.map((selection) => selection.matchId));
  if (matches.size < selections.length) return 'sameMatch';
  if (selections.length < 2) return 'parlayNeedsTwo';
  return null;
}

/**
 * A stake typed in major units ("12.5") as minor units of a currency of `scale` decimals, without
 * passing through a float. Null for anything that is not a positive amount with at most `scale`
 * decimals.
 */
export function parseStakeMinor(text: string, scale: number): number | null {
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = Number(`${whole}${fraction.padEnd(scale, '0')}`);
  if (!Number.isSafeInteger(minor) || minor <= 0) return null;
  return minor;
}

/**
 * Decimal odds of a parlay: the product of its legs rounded down after each as the book prices
 * the order (the domain's `combinedOddsUnits`), or the single price.
 */
export function combinedOdds(oddsList: readonly number[]): number {
  return fromOddsUnits(combinedOddsUnits(oddsList.map(toOddsUnits)));
}

/**
 * What a bet on these legs returns if every one wins, stake included, in minor units: the
 * settlement's own maths (settleBet: the exact product of the legs' prices, rounded down once),
 * so the slip says what the order's receipt and my bets will say, and what a win pays. A slip
 * with nothing to price (no stake, a blank price) returns 0.
 */
export function returnIfAllWinMinor(stakeMinor: number, decimalOdds: readonly number[]): number {
  const legs = decimalOdds.map(toOddsUnits);
  const isPriced = legs.length > 0 && legs.length <= MAX_BET_LEGS;
  if (stakeMinor <= 0 || !isPriced || legs.some((units) => units < ODDS_SCALE)) return 0;
  const settled = settleBet({
    stakeMinor,
    legs: legs.map((oddsUnits) => ({ oddsUnits, outcome: { result: 'won' } })),
  });
  return settled.state === 'settled' ? settled.payoutMinor : 0;
}

/**
 * What is wrong with the stake typed, said beside the stake field as the member types: not an
 * amount of the currency, outside the slip's range (when known), or more in all than the
 * available balance. Null when the stake can go (or nothing is typed yet).
 */
export type StakeProblem = 'invalid' | 'belowMin' | 'aboveMax' | 'overBalance';

export function stakeProblemOf(
  stakeText: string,
  context: {
    scale: number;
    /** Bets the stake is placed on: one per selection in single mode, one for a parlay. */
    betCount: number;
    limit: { minStake: number; maxStake: number } | undefined;
    /** Minor units available to bet; unknown until the balance is read. */
    availableMinor: number | undefined;
  },
): StakeProblem | null {
  if (stakeText.trim() === '') return null;
  const stakeMinor = parseStakeMinor(stakeText, context.scale);
  if (stakeMinor === null) return 'invalid';
  const { limit, availableMinor } = context;
  if (limit && stakeMinor < limit.minStake) return 'belowMin';
  if (limit && stakeMinor > limit.maxStake) return 'aboveMax';
  if (availableMinor !== undefined && stakeMinor * Math.max(context.betCount, 1) > availableMinor)
    return 'overBalance';
  return null;
}
