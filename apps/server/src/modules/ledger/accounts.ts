/**
 * The ledger's account model (docs/ledger.md, Accounts). An account is an owner, a bucket and a
 * currency:
 *
 * - **Member accounts** (`user_id`): `main` (spendable cash), `frozen` (held for a withdrawal),
 *   `bonus` (promotion money, one per currency), `free_bet` (free bets held, docs/promotions.md,
 *   Free bets), `game:<provider>` (moved into a game provider's
 *   wallet) and `market:<market>` (capital the member put up for a market of their own). None
 *   may go below zero.
 * - **Pooled system accounts** (`system_code` from `systemAccountCodes`): the house's side of
 *   every movement, spread over shard rows, and allowed below zero.
 * - **Entity accounts** (`system_code` `<family>:<entity>`): money an entity holds of its own, a
 *   promotion campaign's budget or a member-run market's escrow. One row each, never below zero.
 *
 * The database holds the shapes and the signs (ledger.schema.ts); the kinds that may move each
 * restricted account are named here, refused by the service and proved by `ledger:check`.
 */

/**
 * Pooled system accounts: the other side of every member movement, spread over shard rows. They
 * may go below zero.
 */
export const systemAccountCodes = [
  'house',
  'stakes_held',
  'deposits_in_transit',
  'withdrawals_in_transit',
  /** Money paid out to members' own accounts: it has left the book. */
  'payouts_completed',
  'loans_receivable',
  'demo_issuer',
  /** The book's side of operators' manual adjustments of members' balances. */
  'adjustments',
  /** The house's side of game rounds played with members' game balances. */
  'game_rounds',
] as const;
export type SystemAccountCode = (typeof systemAccountCodes)[number];

/** An entity's or provider's id inside an account name: no separator, bounded. */
export const accountIdPattern = /^[A-Za-z0-9_.-]{1,64}$/;
/** The same pattern as SQL text, for the table's checks and the ledger check. */
export const accountIdSqlPattern = '[A-Za-z0-9_.-]{1,64}';

export type GameBucket = `game:${string}`;
export type MarketCapitalBucket = `market:${string}`;
export type MemberBucket =
  | 'main'
  | 'frozen'
  | 'bonus'
  | 'free_bet'
  | GameBucket
  | MarketCapitalBucket;

export type PromotionBudgetCode = `promotion_budget:${string}`;
export type MarketEscrowCode = `market_escrow:${string}`;
export type EntityAccountCode = PromotionBudgetCode | MarketEscrowCode;

/** Member buckets without an id of their own. */
export const plainMemberBuckets = ['main', 'frozen', 'bonus', 'free_bet'] as const;
/** Member buckets named per provider or market: `<family>:<id>`. */
export const scopedMemberBucketFamilies = ['game', 'market'] as const;
/** Entity account families: `<family>:<entity id>` as the system code. */
export const entityFamilies = ['promotion_budget', 'market_escrow'] as const;

function idOf(what: string, id: string): string {
  if (!accountIdPattern.test(id))
    throw new Error(`${what} id must match ${accountIdPattern}, got ${JSON.stringify(id)}`);
  return id;
}

/** A member's balance with a game provider. */
export const gameBucket = (provider: string): GameBucket => `game:${idOf('a provider', provider)}`;
/** The capital a member put up for their market. */
export const marketCapitalBucket = (marketId: string): MarketCapitalBucket =>
  `market:${idOf('a market', marketId)}`;
/** A promotion campaign's budget. */
export const promotionBudget = (campaignId: string): PromotionBudgetCode =>
  `promotion_budget:${idOf('a campaign', campaignId)}`;
/** A member-run market's escrow. */
export const marketEscrow = (marketId: string): MarketEscrowCode =>
  `market_escrow:${idOf('a market', marketId)}`;

/** The family of a member bucket (`main`, `frozen`, `bonus`, `game`, `market`), if well formed. */
export function memberBucketFamily(bucket: string): string | undefined {
  if ((plainMemberBuckets as readonly string[]).includes(bucket)) return bucket;
  const [family, id, ...rest] = bucket.split(':');
  if (rest.length > 0 || id === undefined || !accountIdPattern.test(id)) return undefined;
  return (scopedMemberBucketFamilies as readonly string[]).includes(family as string)
    ? family
    : undefined;
}

/** The family of an entity account's code, if the code names one (it holds a `:`). */
export function entityFamily(code: string): string | undefined {
  const [family, id, ...rest] = code.split(':');
  if (rest.length > 0 || id === undefined || !accountIdPattern.test(id)) return undefined;
  return (entityFamilies as readonly string[]).includes(family as string) ? family : undefined;
}

/** An entity account is a system code with a separator; pooled codes have none. */
export const isEntityCode = (code: string): code is EntityAccountCode => code.includes(':');

/**
 * The kinds that may move each restricted account family, on either side. `main`, `frozen` and
 * the pooled system accounts take any kind. A product that moves one of these accounts in a new
 * way names its kind here (a game's round stakes and returns, say, also named in wagering.ts).
 */
export const accountKinds = {
  /**
   * Bonus money: granted from a campaign, converted to cash once played through, expired; and
   * the bonus share of a sports stake: held, given back, paid out, taken back by a rollback or
   * netted against a debt, cashed out (docs/promotions.md, Stakes of bonus money).
   */
  bonus: [
    'bonus_grant',
    'bonus_convert',
    'bonus_expire',
    'order_bonus_stake',
    'order_bonus_release',
    'order_bonus_settle',
    'order_bonus_unsettle',
    'order_bonus_cash_out',
    'order_bonus_debt_recovery',
  ],
  /**
   * Free bets a member holds (docs/promotions.md, Free bets): granted from a campaign, expired
   * back to it (or the house), staked on an order, given back when the order is void or
   * released, and taken again by a rollback of that void.
   */
  free_bet: [
    'free_bet_grant',
    'free_bet_expire',
    'order_free_bet_stake',
    'order_free_bet_release',
    'order_free_bet_settle',
    'order_free_bet_unsettle',
  ],
  /**
   * A game provider's balance: moved in from main, out to main; a round's stake held in
   * stakes_held, what it paid, and a stake given back when the round ended without a result.
   */
  game: ['game_transfer_in', 'game_transfer_out', 'game_stake', 'game_return', 'game_refund'],
  /** A maker's capital: put up from main, drawn into the escrow, the rest given back. */
  market: ['market_capital_put', 'market_capital_draw', 'market_capital_return'],
  /**
   * A campaign's budget: funded by the house, paying cash to members' main and bonus grants,
   * taking expiries back, closed.
   */
  promotion_budget: [
    'promotion_fund',
    'promotion_payout',
    'bonus_grant',
    'bonus_expire',
    'free_bet_grant',
    'free_bet_expire',
    'promotion_close',
  ],
  /** A market's escrow: stakes in, capital drawn, payouts and refunds out, the fee, closed. */
  market_escrow: [
    'market_stake',
    'market_capital_draw',
    'market_payout',
    'market_stake_refund',
    'market_fee',
    'market_close',
  ],
} as const satisfies Record<string, readonly string[]>;

export type RestrictedFamily = keyof typeof accountKinds;

/** The kind that closes an entity account: after it, the account stays at zero, unmoved. */
export const entityCloseKinds = {
  promotion_budget: 'promotion_close',
  market_escrow: 'market_close',
} as const satisfies Record<(typeof entityFamilies)[number], string>;

/** Whether `kind` may move an account of `family` (a family not restricted takes any kind). */
export function kindMayMove(family: string, kind: string): boolean {
  const allowed = (accountKinds as Record<string, readonly string[]>)[family];
  return allowed === undefined || allowed.includes(kind);
}

/** The restricted families and their kinds as rows, for the ledger check's query. */
export const accountKindRows = Object.entries(accountKinds).flatMap(([family, kinds]) =>
  kinds.map((kind) => ({ family, kind })),
);

/**
 * Throws on an account that is not of the model (a bucket or code of no known shape) or that
 * `kind` may not move (accounts.ts): a bug in the caller, and a posting `ledger:check` would name.
 */
export function assertAccountFits(
  account: { userId: number; bucket: string } | { systemCode: string },
  kind: string,
): void {
  let family: string | undefined;
  if ('userId' in account) {
    family = memberBucketFamily(account.bucket);
    if (family === undefined) throw new Error(`no member bucket ${account.bucket}`);
  } else if (isEntityCode(account.systemCode)) {
    family = entityFamily(account.systemCode);
    if (family === undefined) throw new Error(`no entity account ${account.systemCode}`);
  } else if (!(systemAccountCodes as readonly string[]).includes(account.systemCode)) {
    throw new Error(`no system account ${account.systemCode}`);
  }
  if (family !== undefined && !kindMayMove(family, kind))
    throw new Error(`a ${kind} transaction may not move a ${family} account`);
}

/**
 * Whether a request moves a member's main money into an account of a product line (a game
 * balance, a market's capital, an entity account): such a movement is the member spending their
 * own money and goes through the debit gate, never a plain transfer or a batch.
 */
export function takesMainIntoProduct(
  postings: readonly {
    account: { userId: number; bucket: string } | { systemCode: string };
    amount: number;
  }[],
): boolean {
  const fromMain = postings.some(
    ({ account, amount }) => amount < 0 && 'userId' in account && account.bucket === 'main',
  );
  return (
    fromMain &&
    postings.some(({ account, amount }) => {
      if (amount <= 0) return false;
      if ('userId' in account) {
        const family = memberBucketFamily(account.bucket);
        return family === 'game' || family === 'market';
      }
      return isEntityCode(account.systemCode);
    })
  );
}
