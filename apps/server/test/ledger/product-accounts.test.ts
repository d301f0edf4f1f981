import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/database';
import { users } from '../../src/modules/identity/identity.schema';
import {
  createLedger,
  type EntityAccountCode,
  EntityFundsShortError,
  gameBucket,
  holdSteps,
  holdsParam,
  type Ledger,
  type MemberBucket,
  type MemberDebit,
  marketCapitalBucket,
  marketEscrow,
  promotionBudget,
  type TransferRequest,
} from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createTestDatabase } from '../test-database';

const cny = 1;
let database: DatabaseHandle;
let ledger: Ledger;
let nextUid = 0;
/** Ids unique to this run, so entity accounts never meet one of another test. */
const run = Date.now().toString(36);

async function newMember(cash: number): Promise<number> {
  nextUid += 1;
  const [row] = await database.db
    .insert(users)
    .values({ uid: `product-accounts-${run}-${nextUid}`, type: 1, currencyId: cny })
    .returning({ id: users.id });
  const userId = (row as { id: number }).id;
  if (cash > 0)
    await ledger.transfer({
      idempotencyKey: `product-accounts-fund:${userId}`,
      kind: 'test_deposit',
      postings: [
        { account: { systemCode: 'deposits_in_transit', currencyId: cny }, amount: -cash },
        { account: { userId, bucket: 'main', currencyId: cny }, amount: cash },
      ],
    });
  return userId;
}

const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
  database.db.transaction((tx) => work(tx as unknown as Database));

const balanceOf = async (userId: number) =>
  (await ledger.memberBalances(userId)).find((balance) => balance.currencyId === cny);

const debit = (
  userId: number,
  key: string,
  fields: Pick<MemberDebit, 'kind' | 'to'>,
  amount: number,
): MemberDebit => ({
  idempotencyKey: key,
  reference: key,
  userId,
  currencyId: cny,
  amountMinor: amount,
  ...fields,
});

/** A movement between two accounts, `amount` from the first to the second. */
function move(
  key: string,
  kind: string,
  from: TransferRequest['postings'][number]['account'],
  to: TransferRequest['postings'][number]['account'],
  amount: number,
): TransferRequest {
  return {
    idempotencyKey: key,
    kind,
    reference: key,
    postings: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  };
}

/** The stored balance of a system or entity account, over its rows. */
async function systemBalance(code: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select coalesce(sum(balance), 0)::text as balance, count(*)::int as rows
        from ledger_accounts where system_code = ${code} and currency_id = ${cny}`,
  )) as unknown as { rows: { balance: string; rows: number }[] };
  return Number(result.rows[0]?.balance ?? 0);
}

async function transactionCount(): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from ledger_transactions`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

const member = (userId: number, bucket: MemberBucket) => ({ userId, bucket, currencyId: cny });
const entity = (systemCode: EntityAccountCode) => ({ systemCode, currencyId: cny });
const house = { systemCode: 'house' as const, currencyId: cny };

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

describe('a promotion campaign and its bonus money', () => {
  it('funds a budget, grants bonus, converts it once played through, expires the rest, closes', async () => {
    const campaign = promotionBudget(`spring-${run}`);
    const first = await newMember(10_000);
    const second = await newMember(0);
    await ledger.transfer(
      move(`fund:${campaign}`, 'promotion_fund', house, entity(campaign), 5_000),
    );
    await ledger.transfer(
      move(`grant:${first}`, 'bonus_grant', entity(campaign), member(first, 'bonus'), 2_000),
    );
    await ledger.transfer(
      move(`grant:${second}`, 'bonus_grant', entity(campaign), member(second, 'bonus'), 1_500),
    );
    expect(await systemBalance(campaign)).toBe(1_500);
    // A grant asked again is answered, not paid again.
    const again = await ledger.transfer(
      move(`grant:${first}`, 'bonus_grant', entity(campaign), member(first, 'bonus'), 2_000),
    );
    expect(again.replayed).toBe(true);
    expect(await systemBalance(campaign)).toBe(1_500);
    expect(await balanceOf(first)).toEqual({
      currencyId: cny,
      amount: 10_000,
      frozen: 0,
      bonus: 2_000,
      inGames: 0,
      inMarkets: 0,
    });

    // Played through: the member's cash stakes pass the gate; the bonus itself does not move.
    await inTransaction((tx) =>
      ledger.debitWithin(
        tx,
        debit(
          first,
          `stake:${first}`,
          { kind: 'order_stake', to: { systemCode: 'stakes_held' } },
          4_000,
        ),
      ),
    );
    await ledger.transfer(
      move(
        `convert:${first}`,
        'bonus_convert',
        member(first, 'bonus'),
        member(first, 'main'),
        2_000,
      ),
    );
    await ledger.transfer(
      move(`expire:${second}`, 'bonus_expire', member(second, 'bonus'), entity(campaign), 1_500),
    );
    await ledger.transfer(
      move(`close:${campaign}`, 'promotion_close', entity(campaign), house, 3_000),
    );

    expect(await systemBalance(campaign)).toBe(0);
    expect(await balanceOf(first)).toMatchObject({ amount: 8_000, bonus: 0 });
    expect(await balanceOf(second)).toMatchObject({ amount: 0, bonus: 0 });
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });

  it('never pays more than the campaign was funded: a grant beyond the budget is refused', async () => {
    const campaign = promotionBudget(`small-${run}`);
    const userId = await newMember(0);
    await ledger.transfer(
      move(`fund:${campaign}`, 'promotion_fund', house, entity(campaign), 1_000),
    );
    const before = await transactionCount();
    const grant = move(
      `grant-big:${userId}`,
      'bonus_grant',
      entity(campaign),
      member(userId, 'bonus'),
      1_001,
    );
    const refusal = await ledger.transfer(grant).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EntityFundsShortError);
    expect((refusal as EntityFundsShortError).accounts).toEqual([campaign]);
    // The same inside a caller's transaction and in a batch: refused, and nothing written.
    await expect(inTransaction((tx) => ledger.transferWithin(tx, grant))).rejects.toBeInstanceOf(
      EntityFundsShortError,
    );
    await expect(inTransaction((tx) => ledger.bookBatchWithin(tx, [grant]))).rejects.toBeInstanceOf(
      EntityFundsShortError,
    );
    // A budget never funded cannot pay at all (its account would be created below zero).
    const unfunded = promotionBudget(`unfunded-${run}`);
    await expect(
      ledger.transfer(
        move(`grant-none:${userId}`, 'bonus_grant', entity(unfunded), member(userId, 'bonus'), 1),
      ),
    ).rejects.toBeInstanceOf(EntityFundsShortError);
    expect(await transactionCount()).toBe(before);
    expect(await systemBalance(campaign)).toBe(1_000);
    expect(await balanceOf(userId)).toBeUndefined();
    // Exactly the budget is paid.
    await ledger.transfer({
      ...grant,
      idempotencyKey: `grant-all:${userId}`,
      postings: grant.postings.map((p) => ({ ...p, amount: Math.sign(p.amount) * 1_000 })),
    });
    expect(await systemBalance(campaign)).toBe(0);
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });

  it('refuses a kind that may not move bonus money, and main money into a bonus', async () => {
    const userId = await newMember(1_000);
    await expect(
      ledger.transfer(
        move(
          `adjust-bonus:${userId}`,
          'adjustment',
          { systemCode: 'adjustments', currencyId: cny },
          member(userId, 'bonus'),
          10,
        ),
      ),
    ).rejects.toThrow(/may not move a bonus account/);
    await expect(
      inTransaction((tx) =>
        ledger.debitWithin(
          tx,
          debit(
            userId,
            `to-bonus:${userId}`,
            { kind: 'bonus_grant', to: { bucket: 'bonus' as 'frozen' } },
            10,
          ),
        ),
      ),
    ).rejects.toThrow(/cannot fund a bonus/);
    expect(await balanceOf(userId)).toMatchObject({ amount: 1_000, bonus: 0 });
  });
});

describe('a game provider balance', () => {
  it('moves money in through the gate, books rounds, moves the balance back out', async () => {
    const userId = await newMember(5_000);
    const game = gameBucket('slots');
    await inTransaction((tx) =>
      ledger.debitWithin(
        tx,
        debit(
          userId,
          `game-in:${userId}`,
          { kind: 'game_transfer_in', to: { bucket: game } },
          3_000,
        ),
      ),
    );
    expect(await balanceOf(userId)).toMatchObject({ amount: 2_000, inGames: 3_000 });
    const rounds = { systemCode: 'game_rounds' as const, currencyId: cny };
    await ledger.transfer(
      move(`round-1:${userId}`, 'game_stake', member(userId, game), rounds, 500),
    );
    await ledger.transfer(
      move(`round-1-win:${userId}`, 'game_return', rounds, member(userId, game), 1_200),
    );
    await ledger.transfer(
      move(
        `game-out:${userId}`,
        'game_transfer_out',
        member(userId, game),
        member(userId, 'main'),
        3_700,
      ),
    );
    expect(await balanceOf(userId)).toMatchObject({ amount: 5_700, inGames: 0 });
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });

  it('takes main money into a game only through the gate', async () => {
    const userId = await newMember(1_000);
    const around = move(
      `game-around:${userId}`,
      'game_transfer_in',
      member(userId, 'main'),
      member(userId, gameBucket('slots')),
      100,
    );
    await expect(ledger.transfer(around)).rejects.toThrow(/through the gate/);
    await expect(inTransaction((tx) => ledger.bookBatchWithin(tx, [around]))).rejects.toThrow(
      /through the gate/,
    );
    expect(await balanceOf(userId)).toMatchObject({ amount: 1_000, inGames: 0 });
  });
});

describe('a member-run market', () => {
  it('takes capital and stakes, pays from its escrow and closes at zero', async () => {
    const market = `derby-${run}`;
    const escrow = marketEscrow(market);
    const capital = marketCapitalBucket(market);
    const maker = await newMember(10_000);
    const backer = await newMember(2_000);
    const layer = await newMember(2_000);
    await inTransaction((tx) =>
      ledger.debitWithin(
        tx,
        debit(
          maker,
          `capital:${market}`,
          { kind: 'market_capital_put', to: { bucket: capital } },
          6_000,
        ),
      ),
    );
    // One stake booked on its own, one in a statement of the caller's (the gate's two forms).
    await inTransaction((tx) =>
      ledger.debitWithin(
        tx,
        debit(
          backer,
          `stake:${backer}`,
          { kind: 'market_stake', to: { systemCode: escrow } },
          1_000,
        ),
      ),
    );
    const steps = holdSteps(sql`select reference from funded_holds`);
    const outcome = new QueryBuilder()
      .$with('outcome', { held: sql<number>`held`.as('held') })
      .as(sql`select (select count(*) from held_postings)::int as held`);
    const [held] = await database.db
      .with(...steps.funding, ...steps.booking, outcome)
      .select()
      .from(outcome)
      .prepare('test_market_holds')
      .execute({
        holds: holdsParam([
          {
            idempotencyKey: `stake:${layer}`,
            kind: 'market_stake',
            reference: `stake:${layer}`,
            userId: layer,
            currencyId: cny,
            amountMinor: 1_500,
            to: { systemCode: escrow },
          },
        ]),
      });
    expect(held?.held).toBe(2);
    expect(await systemBalance(escrow)).toBe(2_500);
    expect(await balanceOf(maker)).toMatchObject({ amount: 4_000, inMarkets: 6_000 });

    // The backer wins 3,500 at 3.5 and the layer loses: the stakes (2,500) and 1,500 of the
    // maker's capital pay it, the house takes its fee, the rest closes the escrow to the maker.
    await ledger.transfer(
      move(`draw:${market}`, 'market_capital_draw', member(maker, capital), entity(escrow), 1_500),
    );
    await ledger.transfer(
      move(`payout:${backer}`, 'market_payout', entity(escrow), member(backer, 'main'), 3_500),
    );
    await ledger.transfer(move(`fee:${market}`, 'market_fee', entity(escrow), house, 100));
    await ledger.transfer(
      move(
        `capital-back:${market}`,
        'market_capital_return',
        member(maker, capital),
        member(maker, 'main'),
        4_500,
      ),
    );
    await ledger.transfer(
      move(`close:${market}`, 'market_close', entity(escrow), member(maker, 'main'), 400),
    );
    expect(await systemBalance(escrow)).toBe(0);
    expect(await balanceOf(maker)).toMatchObject({ amount: 8_900, inMarkets: 0 });
    expect(await balanceOf(backer)).toMatchObject({ amount: 4_500 });
    expect(await balanceOf(layer)).toMatchObject({ amount: 500 });
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });
});

describe('the gate under concurrency', () => {
  it('lets exactly one of two debits racing for one balance through, whatever their product', async () => {
    const userId = await newMember(1_000);
    const market = `race-${run}`;
    const outcomes = await Promise.allSettled([
      inTransaction((tx) =>
        ledger.debitWithin(
          tx,
          debit(
            userId,
            `race-game:${userId}`,
            { kind: 'game_transfer_in', to: { bucket: gameBucket('slots') } },
            700,
          ),
        ),
      ),
      inTransaction((tx) =>
        ledger.debitWithin(
          tx,
          debit(
            userId,
            `race-capital:${userId}`,
            { kind: 'market_capital_put', to: { bucket: marketCapitalBucket(market) } },
            700,
          ),
        ),
      ),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.status === 'rejected' && lost.reason).toMatchObject({
      errorName: 'INSUFFICIENT_FUNDS',
    });
    const balance = await balanceOf(userId);
    expect(balance?.amount).toBe(300);
    expect((balance?.inGames ?? 0) + (balance?.inMarkets ?? 0)).toBe(700);
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });

  it('lets exactly one of two payouts racing for one escrow through', async () => {
    const escrow = marketEscrow(`race-escrow-${run}`);
    const staker = await newMember(1_000);
    const [first, second] = [await newMember(0), await newMember(0)];
    await inTransaction((tx) =>
      ledger.debitWithin(
        tx,
        debit(
          staker,
          `race-stake:${staker}`,
          { kind: 'market_stake', to: { systemCode: escrow } },
          1_000,
        ),
      ),
    );
    const outcomes = await Promise.allSettled(
      [first, second].map((userId) =>
        inTransaction((tx) =>
          ledger.transferWithin(
            tx,
            move(
              `race-payout:${userId}`,
              'market_payout',
              entity(escrow),
              member(userId as number, 'main'),
              600,
            ),
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.status === 'rejected' && lost.reason).toBeInstanceOf(EntityFundsShortError);
    expect(await systemBalance(escrow)).toBe(400);
    const paid = [
      (await balanceOf(first as number))?.amount ?? 0,
      (await balanceOf(second as number))?.amount ?? 0,
    ];
    expect(paid.sort()).toEqual([0, 600]);
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
  });
});

describe('an entity account in the database', () => {
  it('cannot be taken below zero even by SQL around the service', async () => {
    const escrow = marketEscrow(`raw-negative-${run}`);
    const staker = await newMember(100);
    await inTransaction((tx) =>
      ledger.debitWithin(
        tx,
        debit(
          staker,
          `raw-stake:${staker}`,
          { kind: 'market_stake', to: { systemCode: escrow } },
          100,
        ),
      ),
    );
    await expect(
      database.db.execute(
        sql`update ledger_accounts set balance = -1 where system_code = ${escrow}`,
      ),
    ).rejects.toThrow();
    // Nor spread over a shard row, where its rows could hide a negative one.
    await expect(
      database.db.execute(
        sql`insert into ledger_accounts (system_code, bucket, currency_id, balance)
            values (${escrow}, 'shard-1', ${cny}, 0)`,
      ),
    ).rejects.toThrow();
    expect(await systemBalance(escrow)).toBe(100);
  });
});

describe('ledger:check over the new accounts', () => {
  /** Writes a balanced transaction straight into the tables, balances updated to match. */
  async function bookAround(
    key: string,
    kind: string,
    postings: { accountId: number; amount: number }[],
  ) {
    await database.db.transaction(async (tx) => {
      const inserted = (await tx.execute(
        sql`insert into ledger_transactions (idempotency_key, kind, request_digest)
            values (${key}, ${kind}, 'around') returning id`,
      )) as unknown as { rows: { id: number }[] };
      const transactionId = inserted.rows[0]?.id;
      for (const posting of postings) {
        await tx.execute(
          sql`insert into ledger_postings (transaction_id, account_id, currency_id, amount)
              values (${transactionId}, ${posting.accountId}, ${cny}, ${posting.amount})`,
        );
        await tx.execute(
          sql`update ledger_accounts set balance = balance + ${posting.amount} where id = ${posting.accountId}`,
        );
      }
    });
  }

  async function accountId(where: ReturnType<typeof sql>): Promise<number> {
    const result = (await database.db.execute(
      sql`select id from ledger_accounts where ${where} and currency_id = ${cny} limit 1`,
    )) as unknown as { rows: { id: number }[] };
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('no such account');
    return Number(id);
  }

  it('names postings on bonus and entity accounts by a kind that may not move them, and entities moved after their close', async () => {
    // A fresh database: the findings are this test's alone.
    const own = await createTestDatabase();
    const previous = { database, ledger };
    database = own;
    ledger = createLedger(own.db);
    try {
      const campaign = promotionBudget(`around-${run}`);
      const userId = await newMember(1_000);
      await ledger.transfer(
        move(`fund:${campaign}`, 'promotion_fund', house, entity(campaign), 500),
      );
      await ledger.transfer(
        move(`grant:${userId}`, 'bonus_grant', entity(campaign), member(userId, 'bonus'), 200),
      );
      await ledger.transfer(
        move(`close-rest:${campaign}`, 'promotion_close', entity(campaign), house, 300),
      );
      expect(await checkLedger(own.db)).toMatchObject({ ok: true });

      const bonusId = await accountId(sql`user_id = ${userId} and bucket = 'bonus'`);
      const mainId = await accountId(sql`user_id = ${userId} and bucket = 'main'`);
      const campaignId = await accountId(sql`system_code = ${campaign}`);
      // Bonus money made cash by a kind that is not a conversion: balanced, no drift.
      await bookAround(`around-bonus:${userId}`, 'adjustment', [
        { accountId: bonusId, amount: -50 },
        { accountId: mainId, amount: 50 },
      ]);
      // A closed campaign paying again.
      await bookAround(`around-closed:${userId}`, 'bonus_expire', [
        { accountId: bonusId, amount: -10 },
        { accountId: campaignId, amount: 10 },
      ]);

      const result = await checkLedger(own.db);
      expect(result.ok).toBe(false);
      expect(result).toMatchObject({
        unbalancedTransactions: [],
        driftedAccounts: [],
        negativeAccounts: [],
        negativeEntityAccounts: [],
      });
      expect(result.misbookedPostings).toEqual([
        expect.objectContaining({ kind: 'adjustment', account: 'bonus', amount: '-50' }),
      ]);
      expect(result.closedEntitiesMoved).toEqual([
        expect.objectContaining({ system_code: campaign, balance: '10', moved_after_close: 1 }),
      ]);
    } finally {
      database = previous.database;
      ledger = previous.ledger;
      await own.close();
    }
  });

  it('names an entity account whose balance is not its postings', async () => {
    const own = await createTestDatabase();
    const previous = { database, ledger };
    database = own;
    ledger = createLedger(own.db);
    try {
      const escrow = marketEscrow(`drift-${run}`);
      const staker = await newMember(300);
      await inTransaction((tx) =>
        ledger.debitWithin(
          tx,
          debit(
            staker,
            `drift-stake:${staker}`,
            { kind: 'market_stake', to: { systemCode: escrow } },
            300,
          ),
        ),
      );
      await own.db.execute(
        sql`update ledger_accounts set balance = balance + 1 where system_code = ${escrow}`,
      );
      const result = await checkLedger(own.db);
      expect(result.ok).toBe(false);
      expect(result.driftedAccounts).toEqual([
        expect.objectContaining({ balance: '301', postings: '300' }),
      ]);
    } finally {
      database = previous.database;
      ledger = previous.ledger;
      await own.close();
    }
  });
});
