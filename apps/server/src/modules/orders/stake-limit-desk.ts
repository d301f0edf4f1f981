import type { StakeLimitPolicyView, tradingLimitsSet } from '@sb/contract';
import { currencies, findCurrencyById } from '@sb/domain';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import {
  currencyLimitOf,
  type StakeLimitChange,
  type StakeLimitState,
  type StakeLimits,
} from './stake-limits';

type StakeLimitsInput = z.output<typeof tradingLimitsSet.input>;

function viewOf(state: StakeLimitState): StakeLimitPolicyView {
  const { policy } = state;
  return {
    currencies: currencies.map((currency) => {
      const limit = currencyLimitOf(policy, currency);
      return {
        currencyId: currency.currencyId,
        currencyCode: currency.currencyCode,
        scale: currency.scale,
        minStake: limit.minMinor,
        maxStake: limit.maxMinor,
      };
    }),
    playShares: Object.entries(policy.playShares)
      .map(([playId, share]) => ({ playId: Number(playId), share }))
      .sort((a, b) => a.playId - b.playId),
    outrightShare: policy.outrightShare,
    liveShare: policy.liveShare,
    parlayShare: policy.parlayShare,
    updatedAt: state.updatedAt?.getTime() ?? null,
    updatedBy: state.updatedBy,
  };
}

/** The change an operator's request asks for, refused when a currency or play is named twice. */
function changeOf(input: StakeLimitsInput): StakeLimitChange {
  const change: StakeLimitChange = {};
  if (input.currencies) {
    change.currencies = {};
    for (const [index, entry] of input.currencies.entries()) {
      const currency = findCurrencyById(entry.currencyId);
      if (!currency)
        throw new AppError(
          'INVALID_INPUT',
          `currencies.${index}.currencyId: no currency ${entry.currencyId}`,
        );
      if (change.currencies[currency.currencyCode])
        throw new AppError(
          'INVALID_INPUT',
          `currencies.${index}.currencyId: ${currency.currencyCode} is listed twice`,
        );
      change.currencies[currency.currencyCode] = {
        minMinor: entry.minStake,
        maxMinor: entry.maxStake,
      };
    }
  }
  if (input.playShares) {
    const shares: Record<string, number> = {};
    for (const [index, entry] of input.playShares.entries()) {
      if (shares[entry.playId] !== undefined)
        throw new AppError(
          'INVALID_INPUT',
          `playShares.${index}.playId: ${entry.playId} is listed twice`,
        );
      shares[entry.playId] = entry.share;
    }
    change.playShares = shares;
  }
  if (input.outrightShare !== undefined) change.outrightShare = input.outrightShare;
  if (input.liveShare !== undefined) change.liveShare = input.liveShare;
  if (input.parlayShare !== undefined) change.parlayShare = input.parlayShare;
  return change;
}

/**
 * The trading desk's view of the stake limits: the policy placement, `order/amount/limit` and
 * `member/limits` read (stake-limits.ts), shown and changed here.
 */
export function createStakeLimitDesk(stakeLimits: StakeLimits) {
  return {
    async view(): Promise<StakeLimitPolicyView> {
      return viewOf(await stakeLimits.state());
    },

    /** Applies an operator's change; the audit entry commits with it. */
    async update(
      input: StakeLimitsInput,
      operatorId: number,
      audit: AuditWithin,
    ): Promise<StakeLimitPolicyView> {
      return viewOf(await stakeLimits.update(changeOf(input), operatorId, audit));
    },
  };
}

export type StakeLimitDesk = ReturnType<typeof createStakeLimitDesk>;
