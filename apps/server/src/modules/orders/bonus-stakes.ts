import type { Posting, TransferRequest } from '../ledger/ledger.service';
import type { StakeFunding } from './order-settings';

/**
 * Stakes that spend bonus money (docs/promotions.md, Stakes of bonus money): how a stake is
 * split between the member's main and bonus buckets, and how whatever comes back of it (a
 * payout, a refund, a cash out) is split the same way.
 */

/** A stake's funding: minor units from main (`cash`) and from the bonus bucket (`bonus`). */
export interface StakeSplit {
  cash: number;
  bonus: number;
}

/**
 * The split of `stake` over the balances, the setting's bucket first; undefined when the two
 * together do not cover it. `bonusCap` is the largest stake that may spend bonus money (0 for
 * none): a larger stake is funded from cash alone, or not at all.
 */
export function splitStake(
  stake: number,
  balances: { main: number; bonus: number },
  funding: StakeFunding,
  bonusCap = 0,
): StakeSplit | undefined {
  const main = Math.max(0, balances.main);
  const bonus = bonusCap > 0 && stake > bonusCap ? 0 : Math.max(0, balances.bonus);
  if (main + bonus < stake) return undefined;
  if (funding === 'bonus_first') {
    const fromBonus = Math.min(bonus, stake);
    return { cash: stake - fromBonus, bonus: fromBonus };
  }
  const fromMain = Math.min(main, stake);
  return { cash: fromMain, bonus: stake - fromMain };
}

/**
 * The bonus share of `amount` coming back of a stake funded `bonusStake` of `stake`: in
 * proportion, rounded down, so the cash share (the rest) takes the odd minor unit and no unit
 * is lost or made. A stake of cash only has no bonus share.
 */
export function bonusShareOf(
  amount: number,
  order: { stakeMinor: number; bonusStakeMinor: number },
): number {
  if (order.bonusStakeMinor <= 0 || amount <= 0) return 0;
  if (order.bonusStakeMinor >= order.stakeMinor) return amount;
  return Number((BigInt(amount) * BigInt(order.bonusStakeMinor)) / BigInt(order.stakeMinor));
}

/** The order fields a stake's end reads. */
export interface FundedStake {
  orderNo: string;
  userId: number;
  currencyId: number;
  stakeMinor: number;
  bonusStakeMinor: number;
}

/** One side of a stake's end in the ledger: the kind and key of its transaction. */
export interface EndStep {
  kind: string;
  idempotencyKey: string;
}

/**
 * The ledger transactions that end a held stake paying `paidMinor` back to the member (a
 * settlement's payout, a refund, a cash out): the stake leaves stakes_held, the house keeps
 * the difference, and the payment goes to the member's buckets in proportion to the stake's
 * funding (`bonusShareOf`). The bonus share is its own transaction of `bonus`'s kind, answered
 * first: every transaction that moves both of a member's buckets locks bonus before main, in
 * the ledger's key order. A stake of cash only ends in one transaction, as it always did.
 */
export function stakeEndTransfers(
  order: FundedStake,
  paidMinor: number,
  steps: { cash: EndStep; bonus: EndStep },
  metadata?: Record<string, unknown>,
): TransferRequest[] {
  const { userId, currencyId } = order;
  const bonusStake = order.bonusStakeMinor;
  const cashStake = order.stakeMinor - bonusStake;
  const bonusPaid = bonusShareOf(paidMinor, order);
  const cashPaid = paidMinor - bonusPaid;
  const side = (
    step: EndStep,
    stake: number,
    paid: number,
    bucket: 'main' | 'bonus',
  ): TransferRequest[] => {
    const postings: Posting[] = [
      { account: { systemCode: 'stakes_held', currencyId }, amount: -stake },
      { account: { systemCode: 'house', currencyId }, amount: stake - paid },
      { account: { userId, bucket, currencyId }, amount: paid },
    ].filter((posting) => posting.amount !== 0) as Posting[];
    if (postings.length === 0) return [];
    return [
      {
        idempotencyKey: step.idempotencyKey,
        kind: step.kind,
        reference: order.orderNo,
        ...(metadata === undefined ? {} : { metadata }),
        postings,
      },
    ];
  };
  return [
    ...(bonusStake > 0 ? side(steps.bonus, bonusStake, bonusPaid, 'bonus') : []),
    ...side(steps.cash, cashStake, cashPaid, 'main'),
  ];
}
