import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idArrayParam } from '../../db/statement';
import { accountKindRows, entityCloseKinds } from './accounts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.schema';

/** Rows of a raw query; both drivers answer them as `{ rows }`, the shared type does not say so. */
const rowsOf = async <Row>(executor: Database, query: SQL): Promise<Row[]> =>
  ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;

/** A window of transaction times: from `from` (inclusive) until `until` (exclusive). */
export interface LedgerWindow {
  from?: Date | undefined;
  until?: Date | undefined;
}

/** The conditions that keep a query's transactions inside `window`. */
export function inWindow(window: LedgerWindow | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (window?.from) conditions.push(gte(ledgerTransactions.createdAt, window.from));
  if (window?.until) conditions.push(lt(ledgerTransactions.createdAt, window.until));
  return conditions;
}

/** The transaction booked under `idempotencyKey`, if any. */
export async function transactionByKey(
  executor: Database,
  idempotencyKey: string,
): Promise<
  { id: number; requestDigest: string; metadata: Record<string, unknown> | null } | undefined
> {
  const [row] = await executor
    .select({
      id: ledgerTransactions.id,
      requestDigest: ledgerTransactions.requestDigest,
      metadata: ledgerTransactions.metadata,
    })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row && { ...row, metadata: row.metadata as Record<string, unknown> | null };
}

/** The metadata of a transaction of `kind` whose metadata holds every one of `fields`. */
export async function metadataOfKind(
  executor: Database,
  kind: string,
  fields: Record<string, string>,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await executor
    .select({ metadata: ledgerTransactions.metadata })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, kind),
        ...Object.entries(fields).map(
          ([field, value]) => sql`${ledgerTransactions.metadata}->>${field} = ${value}`,
        ),
      ),
    );
  return (row?.metadata as Record<string, unknown> | null) ?? undefined;
}

/**
 * Locks a member's account row until the caller's transaction ends and answers its balance;
 * undefined for a member without one.
 */
export async function lockMemberBalance(
  executor: Database,
  account: { userId: number; bucket: string; currencyId: number },
): Promise<number | undefined> {
  const [row] = await executor
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, account.userId),
        eq(ledgerAccounts.bucket, account.bucket),
        eq(ledgerAccounts.currencyId, account.currencyId),
      ),
    )
    .for('update');
  return row?.balance;
}

/**
 * The sum of a member's postings in one currency over the transactions of `kinds`, those booked
 * since `since` only when it is given.
 */
export async function memberKindsTotal(
  executor: Database,
  query: { userId: number; currencyId: number; kinds: readonly string[]; since?: Date | undefined },
): Promise<number> {
  const [row] = await rowsOf<{ total: unknown }>(
    executor,
    sql`select coalesce(sum(p.amount), 0) as total
        from ledger_postings p
          join ledger_transactions t on t.id = p.transaction_id
          join ledger_accounts a on a.id = p.account_id
        where t.kind in (${sql.join(
          query.kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
          and a.user_id = ${query.userId} and a.currency_id = ${query.currencyId}
          ${query.since ? sql`and t.created_at >= ${query.since.toISOString()}` : sql``}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Locks an entity account's row (a campaign's budget) until the caller's transaction ends and
 * answers its balance; 0 for an account never booked.
 */
export async function lockEntityBalance(
  executor: Database,
  account: { systemCode: string; currencyId: number },
): Promise<number> {
  const [row] = await executor
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.systemCode, account.systemCode),
        eq(ledgerAccounts.currencyId, account.currencyId),
      ),
    )
    .for('update');
  return row?.balance ?? 0;
}

/** The balances of entity accounts by code, over every currency; codes never booked left out. */
export async function entityBalances(
  executor: Database,
  codes: readonly string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await executor
    .select({ code: ledgerAccounts.systemCode, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.systemCode, [...codes]));
  const balances = new Map<string, number>();
  for (const row of rows)
    if (row.code !== null) balances.set(row.code, (balances.get(row.code) ?? 0) + row.balance);
  return balances;
}

/**
 * A page of a member's movements in transactions whose reference is one of `references` (a
 * subquery of the caller's), each transaction summed over the member's postings per currency,
 * newest first; and how many in all.
 */
export async function memberMovementsOfReferences(
  db: Database,
  query: {
    userId: number;
    references: SQLWrapper;
    currencyId?: number | undefined;
    window?: LedgerWindow | undefined;
    offset: number;
    limit: number;
  },
) {
  const movements = db
    .select({
      id: ledgerTransactions.id,
      reference: sql<string>`${ledgerTransactions.reference}`.as('movement_reference'),
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      currencyId: ledgerPostings.currencyId,
      amount: sql<number>`sum(${ledgerPostings.amount})`.mapWith(Number).as('amount'),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerAccounts.userId, query.userId),
        inArray(ledgerTransactions.reference, query.references),
        query.currencyId === undefined
          ? undefined
          : eq(ledgerPostings.currencyId, query.currencyId),
        ...inWindow(query.window),
      ),
    )
    .groupBy(ledgerTransactions.id, ledgerPostings.currencyId)
    .as('movements');
  const [counted] = await db.select({ total: count() }).from(movements);
  const rows = await db
    .select()
    .from(movements)
    .orderBy(desc(movements.createdAt), desc(movements.id), movements.currencyId)
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: counted?.total ?? 0 };
}

/** The family of an account's row: its bucket's for a member, its code's for an entity. */
const accountFamilySql = sql`case
  when a.user_id is not null then split_part(a.bucket, ':', 1)
  when position(':' in a.system_code) > 0 then split_part(a.system_code, ':', 1)
end`;

/**
 * The rows that break the ledger's invariants (at most 100 of each) and the table sizes: unbalanced
 * transactions, accounts whose balance is not the sum of their postings (an entity account is one
 * row, so this proves each entity's balance too), member and entity accounts below zero, postings
 * on a restricted account by a kind that may not move it (accounts.ts), and entity accounts moved
 * after their close or left with money in them.
 */
export async function ledgerCheckRows(db: Database) {
  const rows = (query: SQL) => rowsOf<Record<string, unknown>>(db, query);
  const [counts] = await rows(sql`
    select (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_accounts)::int as accounts`);
  const unbalancedTransactions = await rows(sql`
    select t.id as transaction_id, t.idempotency_key, p.currency_id, sum(p.amount)::text as sum
    from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
    group by t.id, t.idempotency_key, p.currency_id
    having p.currency_id is null or sum(p.amount) <> 0
    limit 100`);
  const driftedAccounts = await rows(sql`
    select a.id as account_id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as postings
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(p.amount), 0)
    limit 100`);
  const negativeAccounts = await rows(sql`
    select id as account_id, user_id, currency_id, balance::text as balance
    from ledger_accounts where user_id is not null and balance < 0
    limit 100`);
  const negativeEntityAccounts = await rows(sql`
    select id as account_id, system_code, currency_id, balance::text as balance
    from ledger_accounts
    where system_code is not null and position(':' in system_code) > 0 and balance < 0
    limit 100`);
  const misbookedPostings = await rows(sql`
    with allowed as (
      select * from jsonb_to_recordset(${JSON.stringify(accountKindRows)}::jsonb)
        as r(family text, kind text))
    select p.id as posting_id, t.id as transaction_id, t.kind, a.id as account_id,
           coalesce(a.system_code, a.bucket) as account, p.amount::text as amount
    from ledger_postings p
      join ledger_transactions t on t.id = p.transaction_id
      join ledger_accounts a on a.id = p.account_id
    where ${accountFamilySql} in (select family from allowed)
      and not exists (
        select 1 from allowed r where r.family = ${accountFamilySql} and r.kind = t.kind)
    order by p.id
    limit 100`);
  const closeKinds = Object.entries(entityCloseKinds).map(([family, kind]) => ({ family, kind }));
  const closedEntitiesMoved = await rows(sql`
    with closes as (
      select * from jsonb_to_recordset(${JSON.stringify(closeKinds)}::jsonb)
        as c(family text, kind text)),
    closed as (
      select a.id, a.system_code, a.currency_id, a.balance, max(p.id) as close_posting
      from ledger_accounts a
        join ledger_postings p on p.account_id = a.id
        join ledger_transactions t on t.id = p.transaction_id
        join closes c on c.family = split_part(a.system_code, ':', 1) and c.kind = t.kind
      where a.system_code is not null and position(':' in a.system_code) > 0
      group by a.id, a.system_code, a.currency_id, a.balance)
    select c.id as account_id, c.system_code, c.currency_id, c.balance::text as balance,
           (select count(*) from ledger_postings later
            where later.account_id = c.id and later.id > c.close_posting)::int as moved_after_close
    from closed c
    where c.balance <> 0
       or exists (select 1 from ledger_postings later
                  where later.account_id = c.id and later.id > c.close_posting)
    limit 100`);
  return {
    counts,
    unbalancedTransactions,
    driftedAccounts,
    negativeAccounts,
    negativeEntityAccounts,
    misbookedPostings,
    closedEntitiesMoved,
  };
}

/** The ledger's queries; the rules (balancing, refusals, replays) live in ledger.service.ts. */
export function createLedgerRepository(db: Database) {
  // Every balance answer and push reads a member's accounts.
  const memberAccountsStatement = db
    .select({
      currencyId: ledgerAccounts.currencyId,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, sql.placeholder('userId')))
    .prepare('ledger_member_accounts');
  const membersAccountsStatement = db
    .select({
      userId: ledgerAccounts.userId,
      currencyId: ledgerAccounts.currencyId,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.userId} = any(${sql.placeholder('userIds')}::bigint[])`)
    .prepare('ledger_members_accounts');

  return {
    memberAccountRows: (userId: number) => memberAccountsStatement.execute({ userId }),

    membersAccountRows: (userIds: readonly number[]) =>
      membersAccountsStatement.execute({ userIds: idArrayParam(userIds) }),

    transactionByKey,
    metadataOfKind,
    lockMemberBalance,
    memberKindsTotal,

    /** A member's postings, newest first, with the balance each left; and how many in all. */
    async memberStatement(query: {
      userId: number;
      currencyId?: number | undefined;
      offset: number;
      limit: number;
    }) {
      const where = and(
        eq(ledgerAccounts.userId, query.userId),
        query.currencyId === undefined
          ? undefined
          : eq(ledgerAccounts.currencyId, query.currencyId),
      );
      const rows = await db
        .select({
          transactionId: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          reference: ledgerTransactions.reference,
          currencyId: ledgerPostings.currencyId,
          bucket: ledgerAccounts.bucket,
          amount: ledgerPostings.amount,
          // The sum of the account's postings up to this one: the balance it left, with the
          // postings in the order the ledger numbered them (ledger:check holds the last one
          // equal to the account's balance).
          balanceAfter:
            sql<number>`(select coalesce(sum(earlier.amount), 0) from ledger_postings earlier where earlier.account_id = ${ledgerPostings.accountId} and earlier.id <= ${ledgerPostings.id})`.mapWith(
              Number,
            ),
          createdAt: ledgerTransactions.createdAt,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(where)
        .orderBy(desc(ledgerPostings.id))
        .offset(query.offset)
        .limit(query.limit);
      const [total] = await db
        .select({ rows: count() })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /**
     * Sums per UTC day, system account and transaction kind of the postings on system accounts
     * in one currency over the last `days` days, today included, and the database's own day.
     */
    async dailySystemFlows(currencyId: number, days: number) {
      const day = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [clock] = await rowsOf<{ today: string }>(
        db,
        sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`,
      );
      if (!clock) throw new Error('the database did not tell its date');
      const since = sql`((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'`;
      const rows = await db
        .select({
          day,
          systemCode: ledgerAccounts.systemCode,
          kind: ledgerTransactions.kind,
          amount: sql<string>`sum(${ledgerPostings.amount})`,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(
            eq(ledgerPostings.currencyId, currencyId),
            isNotNull(ledgerAccounts.systemCode),
            gte(ledgerTransactions.createdAt, since),
          ),
        )
        .groupBy(day, ledgerAccounts.systemCode, ledgerTransactions.kind);
      return { today: clock.today, rows };
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
