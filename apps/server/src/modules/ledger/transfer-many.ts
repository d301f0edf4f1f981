import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { reusableStatement } from '../../db/statement';
import type { AccountRef, TransferRequest } from './ledger.service';
import { accountKey, systemBucketOf } from './transfer-statement';

/** Plain code-unit order, as the single transfer locks in: the same in every process. */
const byKey = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);
const steps = new QueryBuilder();

/*
 * Locks member accounts in the order given (key order, the one every transfer locks in) and
 * answers their balances, so a caller can tell which of many debits fit before applying them.
 * The locks last until the caller's transaction ends: the balances cannot change meanwhile.
 */
const lockedAccounts = steps
  .$with('locked_accounts', {
    userId: sql<string>`user_id`.as('user_id'),
    bucket: sql<string>`bucket`.as('bucket'),
    currencyId: sql<number>`currency_id`.as('currency_id'),
    balance: sql<string>`balance`.as('balance'),
  })
  .as(sql`
  select a.user_id::text as user_id, a.bucket, a.currency_id, a.balance::text as balance
  from jsonb_to_recordset(${sql.placeholder('accounts')}::jsonb)
      as d(ord int, user_id bigint, bucket text, currency_id int)
    join ledger_accounts a
      on a.user_id = d.user_id and a.bucket = d.bucket and a.currency_id = d.currency_id
  order by d.ord
  for update of a`);

/*
 * Applies many transfers in one statement, each with its own transaction row, key and postings;
 * each account is updated once with the sum of its changes. Member accounts are upserted in key
 * order, then system accounts in key order, as a single transfer does, so this statement and
 * single transfers cannot deadlock. A key already used stops the statement from touching any
 * account or writing any posting: it answers fewer transactions than asked, and the caller's
 * transaction, which holds the few rows it did write, must be rolled back.
 */
const newTransactions = steps.$with('new_transactions', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_transactions (idempotency_key, kind, request_digest, reference, metadata)
  select t.idempotency_key, t.kind, t.request_digest, t.reference, t.metadata
  from jsonb_to_recordset(${sql.placeholder('transactions')}::jsonb)
    as t(ord int, idempotency_key text, kind text, request_digest text, reference text,
         metadata jsonb)
  order by t.ord
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key`);

const isComplete = sql`(select count(*) from new_transactions) = ${sql.placeholder('count')}::int`;

const memberDeltas = steps.$with('member_deltas', { ord: sql<number>`ord`.as('ord') }).as(sql`
  select d.ord, d.user_id, d.bucket, d.currency_id, d.delta,
         coalesce((select true from ledger_accounts x
                   where x.user_id = d.user_id and x.bucket = d.bucket
                     and x.currency_id = d.currency_id
                   limit 1), false) as is_known
  from jsonb_to_recordset(${sql.placeholder('members')}::jsonb)
    as d(ord int, user_id bigint, bucket text, currency_id int, delta bigint)`);

// An existing account is proposed at 0 and its change added by the update, so the check
// constraint judges the sum (see transfer-statement.ts).
const memberAccounts = steps.$with('member_accounts', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_accounts (user_id, bucket, currency_id, balance)
  select d.user_id, d.bucket, d.currency_id, case when d.is_known then 0 else d.delta end
  from member_deltas d
  where ${isComplete}
  order by d.ord
  on conflict (user_id, bucket, currency_id) do update
    set balance = ledger_accounts.balance + (
          select m.delta from member_deltas m
          where m.user_id = excluded.user_id and m.bucket = excluded.bucket
            and m.currency_id = excluded.currency_id),
        updated_at = now()
  returning id, 'u:' || user_id || ':' || bucket || ':' || currency_id as account_key`);

const systemAccounts = steps.$with('system_accounts', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_accounts (system_code, bucket, currency_id, balance)
  select d.system_code, d.bucket, d.currency_id, d.delta
  from jsonb_to_recordset(${sql.placeholder('systems')}::jsonb)
    as d(ord int, system_code text, bucket text, currency_id int, delta bigint)
  where ${isComplete} and (select count(*) from member_accounts) >= 0
  order by d.ord
  on conflict (system_code, bucket, currency_id) do update
    set balance = ledger_accounts.balance + excluded.balance, updated_at = now()
  returning id, 's:' || system_code || ':' || bucket || ':' || currency_id as account_key`);

const touched = steps
  .$with('touched', { id: sql<number>`id`.as('id') })
  .as(sql`select * from member_accounts union all select * from system_accounts`);

// A left join, so a posting whose account is missing breaks the NOT NULL of account_id and fails
// the whole statement instead of leaving a transaction unbalanced.
const newPostings = steps.$with('new_postings', { id: sql<number>`id`.as('id') }).as(sql`
  insert into ledger_postings (transaction_id, account_id, currency_id, amount)
  select t.id, a.id, p.currency_id, p.amount
  from jsonb_to_recordset(${sql.placeholder('postings')}::jsonb)
      as p(ord int, idempotency_key text, account_key text, currency_id int, amount bigint)
    join new_transactions t on t.idempotency_key = p.idempotency_key
    left join touched a on a.account_key = p.account_key
  where ${isComplete}
  order by p.ord
  returning id`);

const outcome = steps
  .$with('outcome', {
    transactionCount: sql<number>`transaction_count`.as('transaction_count'),
    postingCount: sql<number>`posting_count`.as('posting_count'),
    transactionIds: sql<unknown>`transaction_ids`.as('transaction_ids'),
  })
  .as(sql`
  select (select count(*) from new_transactions)::int as transaction_count,
         (select count(*) from new_postings)::int as posting_count,
         (select json_object_agg(idempotency_key, id::text) from new_transactions)
           as transaction_ids`);

/** A member account as the lock statement and the decisions name it. */
interface MemberAccount {
  key: string;
  userId: number;
  bucket: string;
  currencyId: number;
}

/** Each member account's net change in one request, by account key. */
function memberChangesOf(request: TransferRequest): Map<string, MemberAccount & { delta: number }> {
  const changes = new Map<string, MemberAccount & { delta: number }>();
  for (const { account, amount } of request.postings) {
    if (!('userId' in account)) continue;
    const key = accountKey(account);
    const entry = changes.get(key) ?? { key, ...account, delta: 0 };
    entry.delta += amount;
    changes.set(key, entry);
  }
  return changes;
}

/** The statements of many transfers at once, built once on the database. */
export function prepareTransferMany(db: Database) {
  const lock = reusableStatement(
    db.with(lockedAccounts).select().from(lockedAccounts).prepare('ledger_lock_members'),
  );
  const apply = reusableStatement(
    db
      .with(
        newTransactions,
        memberDeltas,
        memberAccounts,
        systemAccounts,
        touched,
        newPostings,
        outcome,
      )
      .select()
      .from(outcome)
      .prepare('ledger_transfer_many'),
  );

  /**
   * Locks the member accounts the requests take money from, in key order, and answers their
   * balances by key (an account that does not exist yet holds 0).
   */
  async function lockDebited(
    tx: Database,
    requests: readonly TransferRequest[],
  ): Promise<Map<string, number>> {
    const debited = new Map<string, MemberAccount>();
    for (const request of requests)
      for (const change of memberChangesOf(request).values())
        if (change.delta < 0) debited.set(change.key, change);
    const accounts = [...debited.values()]
      .sort((left, right) => byKey(left.key, right.key))
      .map((account, ord) => ({
        ord,
        user_id: account.userId,
        bucket: account.bucket,
        currency_id: account.currencyId,
      }));
    const balances = new Map<string, number>([...debited.keys()].map((key) => [key, 0]));
    if (accounts.length === 0) return balances;
    const rows = await lock(tx).execute({ accounts: JSON.stringify(accounts) });
    for (const row of rows)
      balances.set(`u:${row.userId}:${row.bucket}:${row.currencyId}`, Number(row.balance));
    return balances;
  }

  /** Applies the requests in one statement; all of them or, on any fault, an error. */
  async function applyAll(
    tx: Database,
    requests: readonly { request: TransferRequest; requestDigest: string }[],
  ): Promise<Map<string, number>> {
    const transactions: object[] = [];
    const postings: object[] = [];
    const members = new Map<string, { ref: AccountRef; delta: number }>();
    const systems = new Map<
      string,
      { code: string; bucket: string; currencyId: number; delta: number }
    >();
    for (const { request, requestDigest } of requests) {
      transactions.push({
        ord: transactions.length,
        idempotency_key: request.idempotencyKey,
        kind: request.kind,
        request_digest: requestDigest,
        reference: request.reference ?? null,
        metadata: request.metadata ?? null,
      });
      const systemBucket = systemBucketOf(request);
      for (const { account, amount } of request.postings) {
        let key: string;
        if ('userId' in account) {
          key = accountKey(account);
          const entry = members.get(key) ?? { ref: account, delta: 0 };
          entry.delta += amount;
          members.set(key, entry);
        } else {
          const { systemCode, currencyId } = account;
          key = `s:${systemCode}:${systemBucket}:${currencyId}`;
          const entry = systems.get(key) ?? {
            code: systemCode,
            bucket: systemBucket,
            currencyId,
            delta: 0,
          };
          entry.delta += amount;
          systems.set(key, entry);
        }
        postings.push({
          ord: postings.length,
          idempotency_key: request.idempotencyKey,
          account_key: key,
          currency_id: account.currencyId,
          amount,
        });
      }
    }
    const sorted = <T>(entries: Map<string, T>) =>
      [...entries].sort(([left], [right]) => byKey(left, right));
    const [row] = await apply(tx).execute({
      transactions: JSON.stringify(transactions),
      count: transactions.length,
      members: JSON.stringify(
        sorted(members).map(([, { ref, delta }], ord) => {
          const member = ref as Extract<AccountRef, { userId: number }>;
          return {
            ord,
            user_id: member.userId,
            bucket: member.bucket,
            currency_id: member.currencyId,
            delta,
          };
        }),
      ),
      systems: JSON.stringify(
        sorted(systems).map(([, entry], ord) => ({
          ord,
          system_code: entry.code,
          bucket: entry.bucket,
          currency_id: entry.currencyId,
          delta: entry.delta,
        })),
      ),
      postings: JSON.stringify(postings),
    });
    if (!row || row.transactionCount !== transactions.length)
      throw new Error('a key of the transfers is already in the ledger: nothing was applied');
    if (row.postingCount !== postings.length)
      throw new Error(`the transfers wrote ${row.postingCount} of ${postings.length} postings`);
    const ids =
      typeof row.transactionIds === 'string'
        ? (JSON.parse(row.transactionIds) as Record<string, string>)
        : (row.transactionIds as Record<string, string>);
    return new Map(Object.entries(ids).map(([key, id]) => [key, Number(id)]));
  }

  return { lockDebited, applyAll, memberChangesOf };
}
