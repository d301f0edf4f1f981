import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { isEntityCode } from './accounts';
import type { AccountRef, TransferRequest } from './ledger.service';

/** The key that names an account in a request, in the digest and inside the statement alike. */
export const accountKey = (ref: AccountRef) =>
  'userId' in ref
    ? `u:${ref.userId}:${ref.bucket}:${ref.currencyId}`
    : `s:${ref.systemCode}:${ref.currencyId}`;

/**
 * What a transaction records of its request (kind, reference, postings in key order), so that a
 * key used again with other postings is refused rather than answered as a replay.
 */
export function requestDigestOf(request: Pick<TransferRequest, 'kind' | 'reference' | 'postings'>) {
  const postings = request.postings
    .map((posting) => `${accountKey(posting.account)}=${posting.amount}`)
    .sort();
  return createHash('sha256')
    .update(JSON.stringify([request.kind, request.reference ?? null, postings]))
    .digest('hex');
}

/**
 * How many rows each system account is spread over. Every bet's stake goes to stakes_held, so a
 * single row would be locked by each placing transaction until it commits and bets from all
 * members would queue behind one another; spread by member, they queue only within a shard.
 * An account's balance is the sum of its rows: every reader groups by code, never by row.
 */
export const systemAccountShards = 16;

/**
 * The row (bucket) of the system accounts a transfer touches: the shard of the lowest member in
 * it, or `main` when no member takes part. One shard per transfer, so a transfer still locks at
 * most one row per account, in key order, and two transfers cannot deadlock.
 */
export function systemBucketOf(request: Pick<TransferRequest, 'postings'>): string {
  let lowest: number | undefined;
  for (const { account } of request.postings)
    if ('userId' in account && (lowest === undefined || account.userId < lowest))
      lowest = account.userId;
  return lowest === undefined ? 'main' : `shard-${lowest % systemAccountShards}`;
}

/**
 * The row of system account `systemCode` a transfer touches: an entity account (a campaign's
 * budget, a market's escrow) is not busy and has the one row `main`, which its not-negative
 * check needs; a pooled account the transfer's shard (`systemBucketOf`).
 */
export const systemRowOf = (systemCode: string, transferBucket: string) =>
  isEntityCode(systemCode) ? 'main' : transferBucket;

/**
 * Plain code-unit order of account keys: the order every statement locks accounts in, the same in
 * every process whatever its locale.
 */
export const byKey = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** A member account below zero breaks this check constraint; the ledger answers it as a refusal. */
export const memberNotNegativeConstraint = 'ledger_accounts_member_not_negative';
/** An entity account below zero breaks this one; the ledger answers it as a refusal too. */
export const entityNotNegativeConstraint = 'ledger_accounts_entity_not_negative';
/** A balance beyond a JavaScript safe integer breaks this one: a bug, or absurd amounts. */
export const balanceSafeIntegerConstraint = 'ledger_accounts_balance_safe_integer';

const param = (name: keyof TransferStatementValues) => sql.placeholder(name);
const steps = new QueryBuilder();

/*
 * One statement applies a whole transfer: it records the transaction under its idempotency key,
 * creates any missing account, adds each account's net change and writes the postings. A single
 * statement is atomic on its own, so a transfer costs one round trip, and a member account that
 * would go below zero fails the table's check constraint and takes everything back with it (as
 * does a balance beyond a safe integer, or a posting without its account). The text never
 * changes (the request arrives as parameters), so it is prepared once per connection: after
 * the first few runs PostgreSQL neither parses nor plans it again.
 *
 * The order of work is fixed by the data each step reads, not left to the planner:
 * - Accounts are touched only once the transaction row is in (`exists (… new_transaction)`): a
 *   concurrent transfer with the same key makes this one wait before it holds any account, and a
 *   key already used answers no row, so a replay changes nothing.
 * - Member accounts are locked (by the upsert) in key order, then system accounts in key order
 *   (`count(*) from member_accounts` finishes the first before the second starts). Every transfer
 *   locks in this one order, so two transfers can never deadlock, and the busy system accounts
 *   (house, stakes held) are held for the shortest time.
 * - PostgreSQL checks a proposed row against the check constraint before it looks for a
 *   conflict, so an existing member or system account is proposed at 0 and its change added by
 *   the update; a new one is proposed with its change, so a debit from an empty member or entity
 *   account is refused, and one from an existing entity account is refused by the update when
 *   it would take the account below zero.
 */
const newTransaction = steps.$with('new_transaction', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_transactions (idempotency_key, kind, request_digest, reference, metadata)
  values (${param('idempotencyKey')}, ${param('kind')}, ${param('requestDigest')},
          ${param('reference')}, ${param('metadata')}::jsonb)
  on conflict (idempotency_key) do nothing
  returning id`);

const memberDeltas = steps.$with('member_deltas', { ord: sql<number>`ord`.as('ord') }).as(sql`
  select d.ord, d.user_id, d.bucket, d.currency_id, d.delta,
         -- A probe of the unique index per account; written as an exists test, the planner may
         -- read and hash the whole table instead.
         coalesce((select true from ledger_accounts x
                   where x.user_id = d.user_id and x.bucket = d.bucket
                     and x.currency_id = d.currency_id
                   limit 1), false) as is_known
  from jsonb_to_recordset(${param('members')}::jsonb)
    as d(ord int, user_id bigint, bucket text, currency_id int, delta bigint)`);

const memberAccounts = steps.$with('member_accounts', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_accounts (user_id, bucket, currency_id, balance)
  select d.user_id, d.bucket, d.currency_id, case when d.is_known then 0 else d.delta end
  from member_deltas d
  where exists (select 1 from new_transaction)
  order by d.ord
  on conflict (user_id, bucket, currency_id) do update
    set balance = ledger_accounts.balance + (
          select m.delta from member_deltas m
          where m.user_id = excluded.user_id and m.bucket = excluded.bucket
            and m.currency_id = excluded.currency_id),
        updated_at = now()
  returning id, 'u:' || user_id || ':' || bucket || ':' || currency_id as account_key`);

// Only an entity account (its code holds a `:`) has a not-negative check, so only one is looked up
// and proposed at 0 when it exists; a pooled account (house, stakes held) on the hot path is
// proposed with its change and added by the update as before, with no lookup of its own.
const systemDeltas = steps.$with('system_deltas', { ord: sql<number>`ord`.as('ord') }).as(sql`
  select d.ord, d.system_code, d.bucket, d.currency_id, d.delta,
         case when position(':' in d.system_code) > 0
              then coalesce((select true from ledger_accounts x
                             where x.system_code = d.system_code and x.bucket = d.bucket
                               and x.currency_id = d.currency_id
                             limit 1), false)
              else false end as is_known
  from jsonb_to_recordset(${param('systems')}::jsonb)
    as d(ord int, system_code text, bucket text, currency_id int, delta bigint)`);

const systemAccounts = steps.$with('system_accounts', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_accounts (system_code, bucket, currency_id, balance)
  select d.system_code, d.bucket, d.currency_id, case when d.is_known then 0 else d.delta end
  from system_deltas d
  where exists (select 1 from new_transaction)
    and (select count(*) from member_accounts) >= 0
  order by d.ord
  on conflict (system_code, bucket, currency_id) do update
    set balance = ledger_accounts.balance + case
          when position(':' in excluded.system_code) = 0 then excluded.balance
          else (select s.delta from system_deltas s
                where s.system_code = excluded.system_code and s.bucket = excluded.bucket
                  and s.currency_id = excluded.currency_id) end,
        updated_at = now()
  returning id, 's:' || system_code || ':' || currency_id as account_key`);

const touched = steps.$with('touched', { id: sql<number>`id`.as('id') }).as(sql`
  select * from member_accounts union all select * from system_accounts`);

// A left join, so a posting whose account the statement failed to find breaks the NOT NULL of
// account_id and fails the whole transfer, instead of leaving the transaction unbalanced.
const newPostings = steps.$with('new_postings', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_postings (transaction_id, account_id, currency_id, amount)
  select t.id, a.id, p.currency_id, p.amount
  from jsonb_to_recordset(${param('postings')}::jsonb)
      as p(ord int, account_key text, currency_id int, amount bigint)
    cross join new_transaction t
    left join touched a on a.account_key = p.account_key
  order by p.ord
  returning id`);

const outcome = steps
  .$with('outcome', {
    transactionId: sql<string | null>`transaction_id`.as('transaction_id'),
    postingCount: sql<number>`posting_count`.as('posting_count'),
  })
  .as(sql`
  select (select id from new_transaction)::text as transaction_id,
         (select count(*) from new_postings)::int as posting_count`);

/** The parameters of the transfer statement: the request, its accounts' changes as JSON. */
export interface TransferStatementValues {
  idempotencyKey: string;
  kind: string;
  requestDigest: string;
  reference: string | null;
  metadata: string | null;
  members: string;
  systems: string;
  postings: string;
}

/** Each account's net change, in the one order every transfer locks in. */
export function transferValues(
  request: TransferRequest,
  requestDigest: string,
): TransferStatementValues {
  const deltas = new Map<string, { ref: AccountRef; delta: number }>();
  for (const posting of request.postings) {
    const key = accountKey(posting.account);
    const entry = deltas.get(key) ?? { ref: posting.account, delta: 0 };
    entry.delta += posting.amount;
    deltas.set(key, entry);
  }
  const members: object[] = [];
  const systems: object[] = [];
  const systemBucket = systemBucketOf(request);
  for (const [, { ref, delta }] of [...deltas].sort(([left], [right]) => byKey(left, right))) {
    if ('userId' in ref) {
      const { userId, bucket, currencyId } = ref;
      members.push({
        ord: members.length,
        user_id: userId,
        bucket,
        currency_id: currencyId,
        delta,
      });
    } else {
      const { systemCode, currencyId } = ref;
      systems.push({
        ord: systems.length,
        system_code: systemCode,
        bucket: systemRowOf(systemCode, systemBucket),
        currency_id: currencyId,
        delta,
      });
    }
  }
  const postings = request.postings.map((posting, ord) => ({
    ord,
    account_key: accountKey(posting.account),
    currency_id: posting.account.currencyId,
    amount: posting.amount,
  }));
  return {
    idempotencyKey: request.idempotencyKey,
    kind: request.kind,
    requestDigest,
    reference: request.reference ?? null,
    metadata: request.metadata === undefined ? null : JSON.stringify(request.metadata),
    members: JSON.stringify(members),
    systems: JSON.stringify(systems),
    postings: JSON.stringify(postings),
  };
}

/**
 * The statement, prepared under one name: the ledger builds it once on the database and runs it
 * on the database or a caller's transaction (`reusableStatement`), parsed once per connection.
 */
export function prepareTransferStatement(executor: Database) {
  return executor
    .with(
      newTransaction,
      memberDeltas,
      memberAccounts,
      systemDeltas,
      systemAccounts,
      touched,
      newPostings,
      outcome,
    )
    .select()
    .from(outcome)
    .prepare('ledger_transfer');
}

export interface TransferStatementResult {
  /** Null when the idempotency key was already used: nothing was applied. */
  transactionId: number | null;
  postingCount: number;
}

export async function runTransferStatement(
  statement: ReturnType<typeof prepareTransferStatement>,
  values: TransferStatementValues,
): Promise<TransferStatementResult> {
  const [row] = await statement.execute({ ...values });
  if (!row) throw new Error('ledger transfer statement answered no row');
  return {
    transactionId: row.transactionId === null ? null : Number(row.transactionId),
    postingCount: Number(row.postingCount),
  };
}

/** The check constraint an error from either driver reports as broken, if it is one. */
export function brokenCheckOf(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const fields = cause as Error & { code?: unknown; constraint?: unknown };
    if (fields.code !== '23514') continue;
    if (typeof fields.constraint === 'string') return fields.constraint;
    // Some driver versions leave the name only in the message.
    return [
      memberNotNegativeConstraint,
      entityNotNegativeConstraint,
      balanceSafeIntegerConstraint,
    ].find((name) => cause.message.includes(name));
  }
  return undefined;
}
