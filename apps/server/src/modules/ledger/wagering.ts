/**
 * The wagering record: which ledger transaction kinds are a product's stakes and which its
 * returns. Stakes and returns already pass through the ledger as transactions of these kinds on
 * the member's main account, stamped with member, amount, reference (the wager) and time, so the
 * record is read from the ledger and costs no write of its own (docs/ledger.md).
 *
 * A kind on the `stake` side moves a stake: held (negative on the member) or given back because
 * the wager never stood (positive). One on the `return` side moves what the wager paid: a
 * payout or a cash out (positive), or a payout taken back by a rollback or netted against a
 * debt it left (negative). A new product line names its kinds here.
 */
export const wagerKinds = {
  order_stake: { product: 'sports', side: 'stake' },
  order_release: { product: 'sports', side: 'stake' },
  order_settle: { product: 'sports', side: 'return' },
  order_unsettle: { product: 'sports', side: 'return' },
  order_cash_out: { product: 'sports', side: 'return' },
  order_debt_recovery: { product: 'sports', side: 'return' },
} as const satisfies Record<string, { product: string; side: 'stake' | 'return' }>;

export type WagerKind = keyof typeof wagerKinds;
export type WagerProduct = (typeof wagerKinds)[WagerKind]['product'];

export const wagerKindNames = Object.keys(wagerKinds) as WagerKind[];

/** A member's wagering in one product, currency and period. */
export interface WageringFigures {
  product: WagerProduct;
  currencyId: number;
  /** Days since the epoch in the display zone; 0 for a whole window. */
  period: number;
  /** Stakes that stood, in minor units. */
  staked: number;
  /** What the wagers paid back, in minor units. */
  returned: number;
  /** `returned − staked`: the member's result. */
  net: number;
}

/** The record's figures from the member's sums per kind, currency and period. */
export function wageringFiguresOf(
  sums: readonly { period: number; kind: string; currencyId: number; amount: number }[],
): WageringFigures[] {
  const figures = new Map<string, WageringFigures>();
  for (const sum of sums) {
    const meaning = wagerKinds[sum.kind as WagerKind];
    if (!meaning) continue;
    const key = `${meaning.product}:${sum.currencyId}:${sum.period}`;
    const entry = figures.get(key) ?? {
      product: meaning.product,
      currencyId: sum.currencyId,
      period: sum.period,
      staked: 0,
      returned: 0,
      net: 0,
    };
    if (meaning.side === 'stake') entry.staked -= sum.amount;
    else entry.returned += sum.amount;
    entry.net = entry.returned - entry.staked;
    figures.set(key, entry);
  }
  return [...figures.values()].sort(
    (left, right) =>
      left.period - right.period ||
      left.currencyId - right.currencyId ||
      left.product.localeCompare(right.product),
  );
}
