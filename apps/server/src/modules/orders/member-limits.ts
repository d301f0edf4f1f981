import {
  type AmountLimit,
  type AmountLimitQuery,
  acceptOddsChoice,
  betType,
  firstChampionPlayId,
  type MemberLimits,
  noMixPlayIds,
  type UserInfo,
} from '@sb/contract';
import { type Currency, findCurrencyById } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { ReadModel } from '../feed/feed.types';
import type { IdentityService } from '../identity/identity.service';
import type { Ledger } from '../ledger/ledger.service';
import { readSlip } from './bet-input';
import { isRefusal, priceSelection } from './order-pricing';
import { type StakeLimitPolicy, type StakeLimits, stakeLimitFor } from './stake-limits';

/** The currency asked for, else the member's own; demo money stays apart, as for bets. */
function currencyFor(member: UserInfo, currencyId: number | undefined, field: string): Currency {
  const id = currencyId ?? member.currencyId;
  const currency = findCurrencyById(id);
  if (!currency || currency.isDemo !== member.pUid > 0)
    throw new AppError('CURRENCY_NOT_ALLOWED', `${field}: ${id}`);
  return currency;
}

async function availableBalance(
  ledger: Pick<Ledger, 'memberBalances'>,
  userId: number,
  currencyId: number,
) {
  const balance = (await ledger.memberBalances(userId)).find(
    (entry) => entry.currencyId === currencyId,
  );
  return balance ? balance.amount - balance.frozen : 0;
}

/** The stake range of a slip: its plays, live or not, single or parlay, from the book now. */
function slipLimit(
  policy: StakeLimitPolicy,
  readModel: ReadModel,
  member: UserInfo,
  query: AmountLimitQuery,
  currency: Currency,
) {
  // The slip rules of order-create; the price is not part of this question.
  const selections = readSlip({
    betType: query.betType,
    stake: 1,
    scale: currency.scale,
    acceptOdds: acceptOddsChoice.anyChange,
    selections: query.selections.map((selection) => ({ ...selection, odds: selection.odds ?? 2 })),
  });
  const legs = selections.map((selection, index) => {
    const priced = priceSelection(readModel, selection.ref, selection.optionId, member.oddsConfig);
    if (isRefusal(priced))
      throw new AppError('ORDER_MARKET_CLOSED', `data.selections.${index}: ${priced.message}`);
    return priced;
  });
  return stakeLimitFor(policy, currency, {
    playIds: legs.map((leg) => leg.ref.playId),
    isLive: legs.some((leg) => leg.isLive),
    isParlay: query.betType === betType.parlay,
  });
}

/** Every sport and play the book offers now, with their stake ranges in `currency`. */
function limitsPerPlay(
  policy: StakeLimitPolicy,
  readModel: ReadModel,
  currency: Currency,
): MemberLimits['limits'] {
  const plays = new Map<string, { sportId: number; playId: number }>();
  for (const state of readModel.all()) {
    const status = state.status.status;
    if (status !== 'not_started' && status !== 'live') continue;
    for (const market of state.markets.values()) {
      const key = `${state.fixture.sportId}|${market.playId}`;
      if (!plays.has(key))
        plays.set(key, { sportId: state.fixture.sportId, playId: market.playId });
    }
  }
  const range = (playId: number, isLive: boolean, isParlay: boolean) => {
    // A play that never goes into a parlay has no parlay range.
    if (isParlay && (noMixPlayIds.includes(playId) || playId >= firstChampionPlayId))
      return { min: 0, max: 0 };
    const limit = stakeLimitFor(policy, currency, { playIds: [playId], isLive, isParlay });
    return { min: limit.minMinor, max: limit.maxMinor };
  };
  return [...plays.values()]
    .sort((left, right) => left.sportId - right.sportId || left.playId - right.playId)
    .map(({ sportId, playId }) => ({
      sportId,
      playId,
      single: range(playId, false, false),
      parlay: range(playId, false, true),
      liveSingle: range(playId, true, false),
      liveParlay: range(playId, true, true),
    }));
}

/** A member's stake ranges: of one slip (order/amount/limit) and of every play (member/limits). */
export function createMemberLimits(deps: {
  identity: Pick<IdentityService, 'profile'>;
  ledger: Pick<Ledger, 'memberBalances'>;
  readModel: ReadModel;
  stakeLimits: Pick<StakeLimits, 'current'>;
}) {
  const { identity, ledger, readModel, stakeLimits } = deps;
  return {
    /** The stake range of the slip asked about, with the member's balance to stake from. */
    async ofSlip(user: AuthenticatedUser, query: AmountLimitQuery): Promise<AmountLimit> {
      const member = await identity.profile(user);
      const currency = currencyFor(member, query.currencyId, 'data.currencyId');
      const limit = slipLimit(await stakeLimits.current(), readModel, member, query, currency);
      return {
        minStake: limit.minMinor,
        maxStake: limit.maxMinor,
        balance: await availableBalance(ledger, user.userId, currency.currencyId),
        scale: currency.scale,
        currencyId: currency.currencyId,
        currencyCode: currency.currencyCode,
      };
    },

    /** Every play the book offers now, with its ranges in the currency asked for. */
    async ofPlays(user: AuthenticatedUser, currencyId: number | undefined): Promise<MemberLimits> {
      const member = await identity.profile(user);
      const currency = currencyFor(member, currencyId, 'currencyId');
      return {
        scale: currency.scale,
        currencyId: currency.currencyId,
        currencyCode: currency.currencyCode,
        limits: limitsPerPlay(await stakeLimits.current(), readModel, currency),
      };
    },
  };
}

export type MemberLimitsService = ReturnType<typeof createMemberLimits>;
