import type { ManualOutcome, ManualOutcomeResult } from '@sb/contract';
import { parseMoneyInput } from '../components/money';

/** The most a share can be: the whole maximum stake, in ten-thousandths. */
export const wholeShare = 10_000;
/** The book margin's range the server accepts, in thousandths of implied probability. */
export const marginRange = { min: -50, max: 200 } as const;

/**
 * A share typed as a percentage with at most two decimals ("50", "12.5") in ten-thousandths of
 * the maximum (5000, 1250), or null when it is not a percentage above 0 and at most 100.
 * Percent with two decimals is exactly ten-thousandths, so this is done on the digits.
 */
export function parseShare(text: string): number | null {
  const share = parseMoneyInput(text, 2);
  return share !== null && share >= 1 && share <= wholeShare ? share : null;
}

/** A share in ten-thousandths as the percentage the operator types: 5000 → "50", 1250 → "12.5". */
export function formatShare(share: number): string {
  const whole = Math.trunc(share / 100);
  const fraction = String(share % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A book margin typed in thousandths (a whole number, maybe negative), or null outside the range. */
export function parseMargin(text: string): number | null {
  if (!/^-?\d{1,3}$/.test(text.trim())) return null;
  const margin = Number(text.trim());
  return margin >= marginRange.min && margin <= marginRange.max ? margin : null;
}

/**
 * A dead-heat factor typed as a decimal above 0 and at most 1 ("0.5" when two tie), or null.
 * Four decimals are plenty: three tying for two places is 0.6667.
 */
export function parseDeadHeatFactor(text: string): number | null {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(text.trim())) return null;
  const factor = Number(text.trim());
  return factor > 0 ? factor : null;
}

/** One outcome's result as the settlement form holds it: nothing chosen yet is ''. */
export interface OutcomeDraft {
  outcomeId: string;
  result: ManualOutcomeResult | '';
  /** With `won` only; empty means the whole win (no dead heat). */
  deadHeatText: string;
}

export type OutcomesCheck =
  | { ok: true; outcomes: ManualOutcome[] }
  | { ok: false; problem: 'resultMissing' | 'deadHeatInvalid'; outcomeId: string };

/**
 * The settlement call's outcomes from the form: every outcome needs a result (the server
 * refuses a market with one left out), and a dead-heat factor, when typed, must be a decimal
 * above 0 and at most 1. A factor typed before the result changed from won is dropped.
 */
export function buildManualOutcomes(drafts: readonly OutcomeDraft[]): OutcomesCheck {
  const outcomes: ManualOutcome[] = [];
  for (const draft of drafts) {
    if (draft.result === '')
      return { ok: false, problem: 'resultMissing', outcomeId: draft.outcomeId };
    if (draft.result !== 'won' || draft.deadHeatText.trim() === '') {
      outcomes.push({ outcomeId: draft.outcomeId, result: draft.result });
      continue;
    }
    const deadHeatFactor = parseDeadHeatFactor(draft.deadHeatText);
    if (deadHeatFactor === null)
      return { ok: false, problem: 'deadHeatInvalid', outcomeId: draft.outcomeId };
    outcomes.push({ outcomeId: draft.outcomeId, result: 'won', deadHeatFactor });
  }
  return { ok: true, outcomes };
}
