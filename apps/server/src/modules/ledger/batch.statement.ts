import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { AccountRef, TransferRequest } from './ledger.service';
import { accountKey, byKey } from './transfer.statement';

type Rows = Record<string, unknown>[];
const rowsOf = async (executor: Database, query: ReturnType<typeof sql>): Promise<Rows> =>
  ((await executor.execute(query)) as unknown as { rows: Rows }).rows;

const json = (value: unknown) => JSON.stringify(value);

/** A request of the batch, balanced and with the digest `transfer` would record for it. */
export interface BatchEntry {
  request: TransferRequest;
  requestDigest: string;
}

/** A key of the batch that the ledger already holds: the batch is not what the ledger has. */
export class BatchKeyTakenError extends Error {
  constructor(taken: number) {
    super(`${taken} idempotency key(s) of the batch are already in the ledger`);
    this.name = 'BatchKeyTakenError';
  }
}

/**
 * Books many balanced transactions inside the caller's transaction in six statements whatever
 * their count. Each request gets its own transaction row under its own idempotency key and
 * digest and its own postings, exactly as `transfer` books it; only the balance updates are
 * summed, each account updated once with the batch's net change. System accounts are booked on
 * their `main` row. The order of work keeps the busy accounts locked for the shortest time:
 *
 * 1. the transactions (a key already used fails the batch: nothing of it may stand);
 * 2. and 3. the member, then system, account ids, a missing account created at zero; reading
 *    them takes no lock, so batches side by side queue only for the last two statements;
 * 4. the postings, ids resolved here so that one without its transaction or account carries
 *    null and fails the whole batch on the column's NOT NULL;
 * 5. and 6. the accounts locked in the order every transfer locks in (members, then system
 *    accounts, each in key order), for no key update (the lock the balance update takes, which
 *    the postings' foreign keys do not wait for), then their balances changed. A member account
 *    taken below zero fails the table's check, and the caller's transaction with it.
 *
 * Answers each request's transaction id by idempotency key.
 */
export async function bookBatchStatements(
  tx: Database,
  entries: readonly BatchEntry[],
): Promise<Map<string, number>> {
  if (entries.length === 0) return new Map();
  const transactions: object[] = [];
  const postings: { idempotency_key: string; ord: number; account_key: string; amount: number }[] =
    [];
  const deltas = new Map<string, { ref: AccountRef; delta: number }>();
  for (const { request, requestDigest } of entries) {
    const key = request.idempotencyKey;
    transactions.push({
      idempotency_key: key,
      kind: request.kind,
      request_digest: requestDigest,
      reference: request.reference ?? null,
      metadata: request.metadata ?? null,
    });
    request.postings.forEach((posting, ord) => {
      const account = accountKey(posting.account);
      postings.push({ idempotency_key: key, ord, account_key: account, amount: posting.amount });
      const entry = deltas.get(account) ?? { ref: posting.account, delta: 0 };
      entry.delta += posting.amount;
      deltas.set(account, entry);
    });
  }
  const created = await rowsOf(
    tx,
    sql`insert into ledger_transactions (idempotency_key, kind, request_digest, reference, metadata)
        select v.idempotency_key, v.kind, v.request_digest, v.reference, v.metadata
        from jsonb_to_recordset(${json(transactions)}::jsonb)
          as v(idempotency_key text, kind text, request_digest text, reference text, metadata jsonb)
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key`,
  );
  if (created.length !== transactions.length)
    throw new BatchKeyTakenError(transactions.length - created.length);

  const sorted = [...deltas].sort(([left], [right]) => byKey(left, right));
  const members = sorted
    .filter(([, entry]) => 'userId' in entry.ref)
    .map(([key, entry], ord) => {
      const ref = entry.ref as Extract<AccountRef, { userId: number }>;
      return {
        ord,
        key,
        user_id: ref.userId,
        bucket: ref.bucket,
        currency_id: ref.currencyId,
        delta: entry.delta,
      };
    });
  const systems = sorted
    .filter(([, entry]) => 'systemCode' in entry.ref)
    .map(([key, entry], ord) => {
      const ref = entry.ref as Extract<AccountRef, { systemCode: string }>;
      return {
        ord,
        key,
        system_code: ref.systemCode,
        currency_id: ref.currencyId,
        delta: entry.delta,
      };
    });
  const memberAccounts = await rowsOf(
    tx,
    sql`with d as (
          select * from jsonb_to_recordset(${json(members)}::jsonb)
            as d(ord int, key text, user_id bigint, bucket text, currency_id int)),
        created as (
          insert into ledger_accounts (user_id, bucket, currency_id, balance)
          select d.user_id, d.bucket, d.currency_id, 0 from d
          on conflict (user_id, bucket, currency_id) do nothing
          returning id, user_id, bucket, currency_id)
        select id, 'u:' || user_id || ':' || bucket || ':' || currency_id as account_key
        from created
        union all
        select a.id, 'u:' || a.user_id || ':' || a.bucket || ':' || a.currency_id
        from ledger_accounts a
          join d on a.user_id = d.user_id and a.bucket = d.bucket
            and a.currency_id = d.currency_id`,
  );
  const systemAccounts = await rowsOf(
    tx,
    sql`with d as (
          select * from jsonb_to_recordset(${json(systems)}::jsonb)
            as d(ord int, key text, system_code text, currency_id int)),
        created as (
          insert into ledger_accounts (system_code, bucket, currency_id, balance)
          select d.system_code, 'main', d.currency_id, 0 from d
          on conflict (system_code, bucket, currency_id) do nothing
          returning id, system_code, currency_id)
        select id, 's:' || system_code || ':' || currency_id as account_key from created
        union all
        select a.id, 's:' || a.system_code || ':' || a.currency_id from ledger_accounts a
          join d on a.system_code = d.system_code and a.bucket = 'main'
            and a.currency_id = d.currency_id`,
  );
  const accountIds = new Map(
    [...memberAccounts, ...systemAccounts].map((row) => [String(row.account_key), Number(row.id)]),
  );
  const currencyOf = new Map([...deltas].map(([key, entry]) => [key, entry.ref.currencyId]));
  const transactionIds = new Map(
    created.map((row) => [String(row.idempotency_key), Number(row.id)]),
  );
  const postingRows = postings.map((posting) => ({
    transaction_id: transactionIds.get(posting.idempotency_key) ?? null,
    ord: posting.ord,
    account_id: accountIds.get(posting.account_key) ?? null,
    currency_id: currencyOf.get(posting.account_key) ?? null,
    amount: posting.amount,
  }));
  const written = await rowsOf(
    tx,
    sql`insert into ledger_postings (transaction_id, account_id, currency_id, amount)
        select p.transaction_id, p.account_id, p.currency_id, p.amount
        from jsonb_to_recordset(${json(postingRows)}::jsonb)
            as p(transaction_id bigint, ord int, account_id bigint, currency_id int, amount bigint)
        order by p.transaction_id, p.ord
        returning id`,
  );
  if (written.length !== postingRows.length)
    throw new Error(`the batch wrote ${written.length} of ${postingRows.length} postings`);

  const balanceChanges = [...members, ...systems].map((entry, ord) => ({
    ord,
    id: accountIds.get(entry.key) ?? null,
    delta: entry.delta,
  }));
  if (balanceChanges.some((change) => change.id === null))
    throw new Error('an account of the batch has no id');
  const changesJson = json(balanceChanges);
  const lockedAccounts = await rowsOf(
    tx,
    sql`select a.id from ledger_accounts a
        join jsonb_to_recordset(${changesJson}::jsonb) as d(ord int, id bigint, delta bigint)
          on a.id = d.id
        order by d.ord
        for no key update of a`,
  );
  if (lockedAccounts.length !== balanceChanges.length)
    throw new Error('an account of the batch could not be locked');
  await tx.execute(sql`
    update ledger_accounts set balance = ledger_accounts.balance + d.delta, updated_at = now()
    from jsonb_to_recordset(${changesJson}::jsonb) as d(ord int, id bigint, delta bigint)
    where ledger_accounts.id = d.id`);
  return transactionIds;
}
