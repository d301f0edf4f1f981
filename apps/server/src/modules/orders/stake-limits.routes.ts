import { type StakeLimitPolicyView, tradingLimits, tradingLimitsSet } from '@sb/contract';
import { currencies, findCurrencyById } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditActorOf, auditWithin } from '../operators/audit.service';
import {
  currencyLimitOf,
  type StakeLimitChange,
  type StakeLimitState,
  type StakeLimits,
} from './stake-limits';

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

/**
 * The trading desk's stake limits: the policy placement, `order/amount/limit` and
 * `member/limits` read (orders/stake-limits.ts), shown and changed here. A change is audited
 * (`stake_limits.update`, the whole policy before and after) in its own transaction.
 */
export function registerStakeLimitRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { stakeLimits: StakeLimits; audit: AuditService },
): void {
  const { stakeLimits, audit } = deps;

  registerCall(app, authenticate, tradingLimits, async () => viewOf(await stakeLimits.state()));

  registerCall(app, authenticate, tradingLimitsSet, async (input, context) => {
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
    const state = await stakeLimits.update(
      change,
      auditActorOf(context).operatorId,
      auditWithin(
        audit,
        context,
        'stake_limits.update',
        { type: 'stake_limits', id: 'book' },
        input.reason,
      ),
    );
    return viewOf(state);
  });
}
