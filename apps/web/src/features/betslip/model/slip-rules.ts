import { betType, firstChampionPlayId, maxSlipSelections, noMixPlayIds } from '@sb/contract';

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
export type SlipRefusal =
  | 'loginRequired'
  | 'leagueNotAllowed'
  | 'moreMatchTip'
  | 'noMixBet'
  | 'noMixBetChampion';

export type ToggleOutcome<S> =
  | { kind: 'added'; selections: S[]; replaced: S[] }
  | { kind: 'removed'; selections: S[] }
  | { kind: 'refused'; reason: SlipRefusal };

export interface ToggleContext {
  mode: SlipMode;
  /** SPEC §3: memberId 0 is a visitor, who is sent to log in instead (SPEC §5). */
  memberId: number;
  /** The member's leagueIds; empty allows every league (SPEC §5). */
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
 * visitor or a league no longer allowed, so nothing can get stuck. A new one goes on top and
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
  if (context.memberId <= 0) return { kind: 'refused', reason: 'loginRequired' };
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

/** Decimal odds of a parlay: the product of its legs, or the single price. */
export function combinedOdds(oddsList: readonly number[]): number {
  return oddsList.reduce((product, odds) => product * odds, 1);
}

/**
 * What a stake returns on a win, stake included, in minor units, rounded down as the server
 * rounds its potential payout.
 */
export function potentialReturnMinor(stakeMinor: number, decimalOdds: number): number {
  return Math.floor((stakeMinor * Math.round(decimalOdds * 10_000)) / 10_000);
}

/** Why a stake falls outside the slip's range, or null when it fits (or the range is unknown). */
export type StakeLimitProblem = 'belowMin' | 'aboveMax';

export function stakeLimitProblemOf(
  stakeMinor: number | null,
  limit: { minStake: number; maxStake: number } | undefined,
): StakeLimitProblem | null {
  if (stakeMinor === null || !limit) return null;
  if (stakeMinor < limit.minStake) return 'belowMin';
  if (stakeMinor > limit.maxStake) return 'aboveMax';
  return null;
}
