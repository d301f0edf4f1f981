import type { CallInput, StakeLimitPolicyView, tradingLimitsSet } from '@sb/contract';
import { formatMoney, parseMoneyInput, parsePositiveId } from '../components/money';
import { formatShare, parseShare } from './trading-inputs';

/** The stake limit policy as the form holds it: every figure as the operator types it. */
export interface StakeLimitDraft {
  currencies: { currencyId: number; minText: string; maxText: string }[];
  playShares: { playIdText: string; shareText: string }[];
  outrightText: string;
  liveText: string;
  parlayText: string;
}

/** The highest play with a share of its own; outrights (21000 and above) share one. */
const lastPlayWithShare = 20_999;

export function draftFromPolicy(policy: StakeLimitPolicyView): StakeLimitDraft {
  return {
    currencies: policy.currencies.map((entry) => ({
      currencyId: entry.currencyId,
      minText: formatMoney(entry.minStake, entry.scale),
      maxText: formatMoney(entry.maxStake, entry.scale),
    })),
    playShares: policy.playShares.map((entry) => ({
      playIdText: String(entry.playId),
      shareText: formatShare(entry.share),
    })),
    outrightText: formatShare(policy.outrightShare),
    liveText: formatShare(policy.liveShare),
    parlayText: formatShare(policy.parlayShare),
  };
}

export type StakeLimitChanges = Omit<CallInput<typeof tradingLimitsSet>, 'reason'>;

/** What is wrong with the draft: a text key under `trading.limits` and its values. */
export interface DraftProblem {
  key: string;
  values?: Record<string, string | number>;
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: DraftProblem };

function checkCurrencies(
  policy: StakeLimitPolicyView,
  draft: StakeLimitDraft,
): Checked<NonNullable<StakeLimitChanges['currencies']>> {
  const changed: NonNullable<StakeLimitChanges['currencies']> = [];
  for (const entry of draft.currencies) {
    const standing = policy.currencies.find((row) => row.currencyId === entry.currencyId);
    if (!standing) continue;
    const currency = standing.currencyCode;
    const minStake = parseMoneyInput(entry.minText, standing.scale);
    const maxStake = parseMoneyInput(entry.maxText, standing.scale);
    if (!minStake || !maxStake)
      return {
        ok: false,
        problem: { key: 'amountInvalid', values: { currency, scale: standing.scale } },
      };
    if (maxStake < minStake)
      return { ok: false, problem: { key: 'maxBelowMin', values: { currency } } };
    if (minStake !== standing.minStake || maxStake !== standing.maxStake)
      changed.push({ currencyId: entry.currencyId, minStake, maxStake });
  }
  return { ok: true, value: changed };
}

function checkPlayShares(draft: StakeLimitDraft): Checked<{ playId: number; share: number }[]> {
  const shares: { playId: number; share: number }[] = [];
  for (const entry of draft.playShares) {
    const playId = parsePositiveId(entry.playIdText);
    if (!playId || playId > lastPlayWithShare)
      return { ok: false, problem: { key: 'playInvalid', values: { last: lastPlayWithShare } } };
    if (shares.some((share) => share.playId === playId))
      return { ok: false, problem: { key: 'playRepeated', values: { playId } } };
    const share = parseShare(entry.shareText);
    if (share === null)
      return { ok: false, problem: { key: 'playShareInvalid', values: { playId } } };
    shares.push({ playId, share });
  }
  return { ok: true, value: shares.sort((a, b) => a.playId - b.playId) };
}

const sameShares = (a: readonly { playId: number; share: number }[], b: typeof a) =>
  a.length === b.length &&
  a.every((entry, index) => entry.playId === b[index]?.playId && entry.share === b[index]?.share);

/**
 * The set call's fields for what the draft changes against the standing policy, so a save sends
 * only what this operator edited and leaves alone what another changed meanwhile (the call keeps
 * every currency and share it is not sent). Nothing changed is a problem too: a save must say
 * something.
 */
export function stakeLimitChanges(
  policy: StakeLimitPolicyView,
  draft: StakeLimitDraft,
): Checked<StakeLimitChanges> {
  const currencies = checkCurrencies(policy, draft);
  if (!currencies.ok) return currencies;
  const playShares = checkPlayShares(draft);
  if (!playShares.ok) return playShares;
  const changes: StakeLimitChanges = {};
  if (currencies.value.length > 0) changes.currencies = currencies.value;
  const standingShares = [...policy.playShares].sort((a, b) => a.playId - b.playId);
  if (!sameShares(playShares.value, standingShares)) changes.playShares = playShares.value;
  const singles = [
    ['outrightShare', 'outright', draft.outrightText, policy.outrightShare],
    ['liveShare', 'live', draft.liveText, policy.liveShare],
    ['parlayShare', 'parlay', draft.parlayText, policy.parlayShare],
  ] as const;
  for (const [field, name, text, standing] of singles) {
    const share = parseShare(text);
    // `share` names the field's own label key, which the form translates.
    if (share === null)
      return { ok: false, problem: { key: 'shareInvalid', values: { share: name } } };
    if (share !== standing) changes[field] = share;
  }
  if (Object.keys(changes).length === 0) return { ok: false, problem: { key: 'nothingChanged' } };
  return { ok: true, value: changes };
}
