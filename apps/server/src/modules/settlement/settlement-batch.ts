import { orderStatus } from '@sb/contract';
import type { BetSettlement } from '@sb/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { AccountRef, Posting } from '../ledger/ledger.service';
import { accountKey, byKey, requestDigestOf } from '../ledger/transfer-statement';
import type { OrderRow } from '../orders/orders.repository';
import type { SettledLeg } from './settlement.schema';
import type { SettlementChange } from './settlement.service';

/** One first-time settlement to book: an accepted order with no standing settlement. */
export interface FirstSettlement {
  orderId: number;
  firstOptionId: string;
  wanted: Extract<BetSettlement, { state: 'settled' }>;
  legs: SettledLeg[];
}

type Rows = Record<string, unknown>[];
const rowsOf = async (db: Database, query: ReturnType<typeof sql>): Promise<Rows> =>
  ((await db.execute(query)) as unknown as { rows: Rows }).rows;

/** The postings of an order's settlement, as `settle` books them one order at a time. */
export function settlePostings(order: OrderRow, payoutMinor: number): Posting[] {
  const { userId, currencyId, stakeMinor } = order;
  const postings: Posting[] = [
    { account: { systemCode: 'stakes_held', currencyId }, amount: -stakeMinor },
    { account: { systemCode: 'house', currencyId }, amount: stakeMinor - payoutMinor },
    { account: { userId, bucket: 'main', currencyId }, amount: payoutMinor },
  ];
  return postings.filter((posting) => posting.amount !== 0);
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Books many first settlements in one database transaction, in a fixed number of statements
 * whatever their count. Each order still gets its own settlement row, its own ledger transaction
 * under its own key (`order-settle:{orderNo}:{version}`) whose postings balance, its status move
 * and its history row, exactly as `settle` writes them one at a time; only the balance updates of
 * the accounts are summed, each account updated once. Only orders still accepted with no standing
 * settlement are booked, so a cash out or another worker that got there first is left alone. Any fault takes the whole batch back: nothing is
 * half-done, and the caller settles the batch again one order at a time.
 */
export async function settleFirstTimeBatch(
  tx: Database,
  batch: readonly FirstSettlement[],
  at: Date,
): Promise<SettlementChange[]> {
  if (batch.length === 0) return [];
  const byId = new Map(batch.map((entry) => [entry.orderId, entry]));
  const ids = [...byId.keys()].sort((left, right) => left - right);

  // Status and history first, and only of orders still accepted with no standing settlement:
  // the update locks each row it moves, and a row another transaction moved meanwhile (a cash
  // out, another worker) is checked again once that one commits and left alone if no longer
  // accepted. The order rows come back as they stand after the move, with the version their
  // settlement takes (one after the last rolled back, if any).
  const moved = await rowsOf(
    tx,
    sql`with moved as (
          update orders set status = case
              when v.result = 'void' then ${orderStatus.void}::smallint
              else ${orderStatus.settled}::smallint end,
            updated_at = ${at.toISOString()}::timestamptz
          from jsonb_to_recordset(${json(
            ids.map((id) => ({ id, result: byId.get(id)?.wanted.result })),
          )}::jsonb) as v(id bigint, result text)
          where orders.id = v.id and orders.status = ${orderStatus.accepted}
            and not exists (select 1 from order_settlements s
                            where s.order_id = orders.id and s.rolled_back_at is null)
          returning orders.*),
        history as (
          insert into order_status_history (order_id, from_status, to_status, actor, at)
          select moved.id, ${orderStatus.accepted}, moved.status, 'system',
            ${at.toISOString()}::timestamptz
          from moved)
        select moved.*, coalesce((select max(s.version) from order_settlements s
                                  where s.order_id = moved.id), 0)::int + 1 as next_version
        from moved`,
  );
  if (moved.length === 0) return [];
  const orders = new Map<number, OrderRow>();
  const nextVersion = new Map<number, number>();
  for (const row of moved) {
    const order = toOrderRow(row);
    orders.set(order.id, order);
    nextVersion.set(order.id, Number(row.next_version));
  }
  const lockedIds = [...orders.keys()].sort((left, right) => left - right);
  const settlementValues = lockedIds.map((id) => {
    const entry = byId.get(id) as FirstSettlement;
    return {
      order_id: id,
      version: nextVersion.get(id) ?? 1,
      result: entry.wanted.result,
      payout_minor: entry.wanted.payoutMinor,
      legs: entry.legs,
    };
  });
  const inserted = await rowsOf(
    tx,
    sql`insert into order_settlements (order_id, version, result, payout_minor, legs, settled_at)
        select v.order_id, v.version, v.result, v.payout_minor, v.legs, ${at.toISOString()}::timestamptz
        from jsonb_to_recordset(${json(settlementValues)}::jsonb)
          as v(order_id bigint, version int, result text, payout_minor bigint, legs jsonb)
        returning *`,
  );

  // The ledger: one transaction per order, then every account's summed change, then postings.
  const kind = 'order_settle';
  const transactions: object[] = [];
  const postings: object[] = [];
  const deltas = new Map<string, { ref: AccountRef; delta: number }>();
  for (const value of settlementValues) {
    const order = orders.get(value.order_id) as OrderRow;
    const key = `order-settle:${order.orderNo}:${value.version}`;
    const orderPostings = settlePostings(order, value.payout_minor);
    transactions.push({
      idempotency_key: key,
      reference: order.orderNo,
      request_digest: requestDigestOf({ kind, reference: order.orderNo, postings: orderPostings }),
    });
    orderPostings.forEach((posting, ord) => {
      const account = accountKey(posting.account);
      postings.push({ idempotency_key: key, ord, account_key: account, amount: posting.amount });
      const entry = deltas.get(account) ?? { ref: posting.account, delta: 0 };
      entry.delta += posting.amount;
      deltas.set(account, entry);
    });
  }
  const created = await rowsOf(
    tx,
    sql`insert into ledger_transactions (idempotency_key, kind, request_digest, reference)
        select v.idempotency_key, ${kind}, v.request_digest, v.reference
        from jsonb_to_recordset(${json(transactions)}::jsonb)
          as v(idempotency_key text, request_digest text, reference text)
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key`,
  );
  // A key already used means this batch is not what the ledger holds: take it all back.
  if (created.length !== transactions.length)
    throw new Error('a settlement key of the batch is already in the ledger');

  // Members first, then system accounts, each in key order: the order every transfer locks in.
  const sorted = [...deltas].sort(([left], [right]) => byKey(left, right));
  const members = sorted
    .filter(([, entry]) => 'userId' in entry.ref)
    .map(([key, entry], ord) => {
      const ref = entry.ref as Extract<AccountRef, { userId: number }>;
      return { ord, key, user_id: ref.userId, currency_id: ref.currencyId, delta: entry.delta };
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
  // Account ids first, creating a missing member account at zero (payouts only add to member
  // accounts). Reading them takes no lock, so batches running side by side only queue on the
  // busy house and stakes_held rows for the last statements, not for the postings insert.
  const memberAccounts = await rowsOf(
    tx,
    sql`with d as (
          select * from jsonb_to_recordset(${json(members)}::jsonb)
            as d(ord int, key text, user_id bigint, currency_id int)),
        created as (
          insert into ledger_accounts (user_id, bucket, currency_id, balance)
          select d.user_id, 'main', d.currency_id, 0 from d
          on conflict (user_id, bucket, currency_id) do nothing
          returning id, user_id, currency_id)
        select id, 'u:' || user_id || ':main:' || currency_id as account_key from created
        union all
        select a.id, 'u:' || a.user_id || ':main:' || a.currency_id from ledger_accounts a
          join d on a.user_id = d.user_id and a.bucket = 'main' and a.currency_id = d.currency_id`,
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
  // Ids resolved here, so the insert reads no other table: a posting without its transaction or
  // account carries null and fails the whole batch on the column's NOT NULL.
  const postingRows = (
    postings as { idempotency_key: string; ord: number; account_key: string; amount: number }[]
  ).map((posting) => ({
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

  // The balances last, each account once with the batch's sum: locked first in the order every
  // transfer locks in (members, then system accounts, each in key order), then updated. The lock
  // is the one an update of the balance takes (no key update): the postings' foreign keys hold a
  // key share on the same rows, which a plain FOR UPDATE would wait for across batches.
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

  const settledRows = new Map(inserted.map((row) => [Number(row.order_id), row]));
  return lockedIds.map((id) => {
    const row = settledRows.get(id) ?? {};
    return {
      order: orders.get(id) as OrderRow,
      firstOptionId: byId.get(id)?.firstOptionId ?? '',
      settled: {
        id: Number(row.id),
        orderId: id,
        version: Number(row.version),
        result: String(row.result),
        payoutMinor: Number(row.payout_minor),
        legs: row.legs as SettledLeg[],
        settledAt: at,
        rolledBackAt: null,
        unrecoveredMinor: 0,
      },
    };
  });
}

/** An integer array column: drivers answer it as an array or as its text `{1,2,3}`. */
function parseIntArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? '').replace(/[{}]/g, '');
  return text === '' ? [] : text.split(',').map(Number);
}

/** An order row of a raw query, in the schema's field names and types. */
function toOrderRow(row: Record<string, unknown>): OrderRow {
  const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
  return {
    id: Number(row.id),
    orderNo: String(row.order_no),
    userId: Number(row.user_id),
    idempotencyKey: row.idempotency_key === null ? null : String(row.idempotency_key),
    requestDigest: String(row.request_digest),
    currencyId: Number(row.currency_id),
    betType: Number(row.bet_type),
    stakeMinor: Number(row.stake_minor),
    totalOddsUnits: Number(row.total_odds_units),
    potentialPayoutMinor: Number(row.potential_payout_minor),
    acceptOdds: Number(row.accept_odds),
    status: Number(row.status),
    reason: Number(row.reason),
    isRiskFlagged: Boolean(row.is_risk_flagged),
    isLive: Boolean(row.is_live),
    oddsConfig: parseIntArray(row.odds_config),
    acceptAfter: row.accept_after === null ? null : date(row.accept_after),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}
