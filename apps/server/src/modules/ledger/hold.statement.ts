import { type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { debitTransferOf, type MemberDebit } from './debit-gate';
import type { EntityAccountCode, SystemAccountCode } from './ledger.service';
import {
  accountKey,
  byKey,
  requestDigestOf,
  systemBucketOf,
  systemRowOf,
} from './transfer.statement';

/**
 * A hold: a debit of a member's main account to a system account (a bet's stake to
 * stakes_held) or an entity account (a stake on a member-run market to its escrow), booked in a
 * statement of the caller's own (see `holdSteps`).
 */
export type HoldRequest = Omit<MemberDebit, 'metadata' | 'to'> & {
  to: { systemCode: SystemAccountCode | EntityAccountCode };
};

/**
 * The holds as the steps' one parameter. Each carries the rank of its member account and of its
 * system account row in key order, the order every transfer locks in, so the statement locks
 * them in that order too; and the request digest `transfer` would record, so the transaction
 * reads the same whichever way it was booked.
 */
export function holdsParam(holds: readonly HoldRequest[]): string {
  const memberKeys = new Set<string>();
  const systemKeys = new Set<string>();
  const rows = holds.map((hold, ord) => {
    const transfer = debitTransferOf(hold);
    const memberKey = accountKey({
      userId: hold.userId,
      bucket: 'main',
      currencyId: hold.currencyId,
    });
    const systemBucket = systemRowOf(hold.to.systemCode, systemBucketOf(transfer));
    const systemKey = `s:${hold.to.systemCode}:${systemBucket}:${hold.currencyId}`;
    memberKeys.add(memberKey);
    systemKeys.add(systemKey);
    return { hold, transfer, memberKey, systemBucket, systemKey, ord };
  });
  const rankOf = (keys: Set<string>) =>
    new Map([...keys].sort(byKey).map((key, rank) => [key, rank]));
  const memberRank = rankOf(memberKeys);
  const systemRank = rankOf(systemKeys);
  return JSON.stringify(
    rows.map(({ hold, transfer, memberKey, systemBucket, systemKey, ord }) => ({
      ord,
      member_rank: memberRank.get(memberKey),
      system_rank: systemRank.get(systemKey),
      idempotency_key: hold.idempotencyKey,
      kind: hold.kind,
      request_digest: requestDigestOf(transfer),
      reference: hold.reference,
      user_id: hold.userId,
      currency_id: hold.currencyId,
      amount: hold.amountMinor,
      system_code: hold.to.systemCode,
      system_bucket: systemBucket,
    })),
  );
}

const steps = new QueryBuilder();

/**
 * The ledger's steps of one statement that books many holds together with rows of the caller's
 * own (a bet and the stake it holds commit in one round trip, with no transaction around them).
 * The caller puts its own writes between the two halves:
 *
 * 1. `hold_requests`, `held_accounts`, `funded_holds`: the member accounts are locked in key
 *    order (for no key update, the lock an update of the balance takes, which the postings'
 *    foreign keys do not wait for) and read; a hold is funded when its account, less the holds
 *    on the same account before it in the list, still covers it. A member without an account
 *    has nothing to hold. The caller writes its rows for the funded holds (`reference`).
 *    `funded_holds` is the debit gate in statement form (docs/ledger.md): a check that must
 *    hold in the same transaction as a debit (a loss limit, a self-exclusion) joins it there
 *    as one more condition, read under the same lock.
 * 2. `confirmed_holds` (the funded holds whose reference the caller's `confirmedReferences`
 *    names), then their transactions, the members' balances, the system accounts (created when
 *    missing, each row updated once with its sum, after every member account and in key order)
 *    and two postings each.
 *
 * The holds are the statement's parameter `holds` (`holdsParam`). A single statement is atomic:
 * a key already in the ledger (the transactions insert has no conflict clause), a posting
 * without its account (NOT NULL) or a member account below zero (the table's check) fails it
 * whole, and nothing is written.
 */
export function holdSteps(confirmedReferences: SQL) {
  const holdRequests = steps.$with('hold_requests', { ord: sql<number>`ord`.as('ord') }).as(sql`
    select * from jsonb_to_recordset(${sql.placeholder('holds')}::jsonb)
      as h(ord int, member_rank int, system_rank int, idempotency_key text, kind text,
           request_digest text, reference text, user_id bigint, currency_id int, amount bigint,
           system_code text, system_bucket text)`);

  const heldAccounts = steps.$with('held_accounts', { id: sql<number>`id`.as('id') }).as(sql`
    select a.id, a.user_id, a.currency_id, a.balance
    from (select distinct member_rank, user_id, currency_id from hold_requests) d
      join ledger_accounts a
        on a.user_id = d.user_id and a.bucket = 'main' and a.currency_id = d.currency_id
    order by d.member_rank
    for no key update of a`);

  const fundedHolds = steps.$with('funded_holds', { ord: sql<number>`ord`.as('ord') }).as(sql`
    select * from (
      select h.*, a.id as account_id,
             a.balance - sum(h.amount) over (partition by a.id order by h.ord) as balance_after
      from hold_requests h
        join held_accounts a on a.user_id = h.user_id and a.currency_id = h.currency_id
    ) f
    where f.balance_after >= 0`);

  const confirmedHolds = steps
    .$with('confirmed_holds', { ord: sql<number>`ord`.as('ord') })
    .as(sql`select * from funded_holds where reference in (${confirmedReferences})`);

  const heldTransactions = steps
    .$with('held_transactions', { id: sql<number>`id`.as('id') })
    .as(sql`
    insert into ledger_transactions (idempotency_key, kind, request_digest, reference)
    select idempotency_key, kind, request_digest, reference from confirmed_holds order by ord
    returning id, idempotency_key`);

  const heldMembers = steps.$with('held_members', { id: sql<number>`id`.as('id') }).as(sql`
    update ledger_accounts a set balance = a.balance - c.total, updated_at = now()
    from (select account_id, sum(amount) as total from confirmed_holds group by account_id) c
    where a.id = c.account_id
    returning a.id`);

  // After every member account (`count(*) from held_members`), as every transfer locks.
  const heldSystems = steps.$with('held_systems', { id: sql<number>`id`.as('id') }).as(sql`
    insert into ledger_accounts (system_code, bucket, currency_id, balance)
    select system_code, system_bucket, currency_id, sum(amount)
    from confirmed_holds
    where (select count(*) from held_members) >= 0
    group by system_rank, system_code, system_bucket, currency_id
    order by system_rank
    on conflict (system_code, bucket, currency_id) do update
      set balance = ledger_accounts.balance + excluded.balance, updated_at = now()
    returning id, system_code, bucket, currency_id`);

  // Left joins, so a posting without its transaction or account breaks a NOT NULL and fails the
  // statement instead of leaving a transaction unbalanced.
  const heldPostings = steps.$with('held_postings', { id: sql<number>`id`.as('id') }).as(sql`
    insert into ledger_postings (transaction_id, account_id, currency_id, amount)
    select t.id, p.account_id, p.currency_id, p.amount
    from (
      select c.ord, 0 as side, c.idempotency_key, c.account_id, c.currency_id, -c.amount as amount
      from confirmed_holds c
      union all
      select c.ord, 1, c.idempotency_key, s.id, c.currency_id, c.amount
      from confirmed_holds c
        left join held_systems s on s.system_code = c.system_code
          and s.bucket = c.system_bucket and s.currency_id = c.currency_id
    ) p
      left join held_transactions t on t.idempotency_key = p.idempotency_key
    order by p.ord, p.side
    returning id`);

  return {
    /** Before the caller's writes; they read `funded_holds` (reference). */
    funding: [holdRequests, heldAccounts, fundedHolds] as const,
    /** After them. */
    booking: [confirmedHolds, heldTransactions, heldMembers, heldSystems, heldPostings] as const,
  };
}
