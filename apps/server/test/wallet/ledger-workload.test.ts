import { randomBytes } from 'node:crypto';
import type { Session } from '@sb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error';
import {
  createLedger,
  type Ledger,
  type Posting,
  type TransferRequest,
} from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { expectOk, registerMember } from '../identity/helpers';
import { borrow, enableLoans, repay, testOperatorId } from '../loans/helpers';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Thousands of mixed money movements with random concurrency, on the database the test run
 * uses (PGlite, or PostgreSQL with TEST_DATABASE_URL): grants from the house, transfers between
 * members, freezes and unfreezes through the ledger, loans and repayments through the HTTP calls,
 * with replays and deliberate key conflicts mixed in. Every movement accepted is added to a model;
 * since additions commute, the model must equal the database however the movements interleaved.
 */

const operationCount = 2_000;
const memberCount = 12;
const currencyIds = [1, 10] as const;
const seed = Number(process.env.WORKLOAD_SEED ?? randomBytes(4).readUInt32LE());

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
function seededRandom(start: number) {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seededRandom(seed);
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

interface Member {
  userId: number;
  session: Session;
}

type Effect = { key: string; change: number };
type Outcome = 'applied' | 'replayed' | 'refused' | 'conflict';

/** One operation: how to run it, what it changes when applied, and what answers are expected. */
interface Operation {
  label: string;
  run(): Promise<{ outcome: Outcome; identity?: string }>;
  effects: Effect[];
  expected: readonly Outcome[];
}

const bucketKey = (userId: number, bucket: string, currencyId: number) =>
  `${userId}:${bucket}:${currencyId}`;
const loanKey = (userId: number, currencyId: number) => `loan:${userId}:${currencyId}`;

let testApp: TestApp;
let ledger: Ledger;
const members: Member[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  ledger = createLedger(testApp.database.db);
  await enableLoans(testApp);
  for (let index = 0; index < memberCount; index += 1) {
    const { session } = await registerMember(testApp);
    members.push({ userId: session.memberId, session });
    for (const currencyId of currencyIds)
      await testApp.modules.loans.setLoanLimit(
        session.memberId,
        currencyId,
        between(0, 200_000),
        testOperatorId,
      );
  }
}, 120_000);
afterAll(() => testApp?.close());

async function runLedger(request: TransferRequest) {
  try {
    const result = await ledger.transfer(request);
    return { outcome: (result.replayed ? 'replayed' : 'applied') as Outcome };
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'INSUFFICIENT_FUNDS')
      return { outcome: 'refused' as const };
    if (error instanceof AppError && error.errorName === 'IDEMPOTENCY_CONFLICT')
      return { outcome: 'conflict' as const };
    throw error;
  }
}

function ledgerOperation(label: string, request: TransferRequest, canBeRefused: boolean) {
  const effects = request.postings.flatMap((posting: Posting) =>
    'userId' in posting.account
      ? [
          {
            key: bucketKey(
              posting.account.userId,
              posting.account.bucket,
              posting.account.currencyId,
            ),
            change: posting.amount,
          },
        ]
      : [],
  );
  return {
    label,
    run: () => runLedger(request),
    effects,
    expected: canBeRefused ? (['applied', 'refused'] as const) : (['applied'] as const),
    request,
  };
}

let sequence = 0;
const nextKey = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${seed}-${sequence}`;
};

function memberPosting(
  userId: number,
  bucket: 'main' | 'frozen',
  currencyId: number,
  amount: number,
) {
  return { account: { userId, bucket, currencyId }, amount };
}

function newLedgerOperation() {
  const currencyId = pick(currencyIds);
  const member = pick(members);
  const roll = random();
  if (roll < 0.25) {
    const amount = between(1, 100_000);
    return ledgerOperation(
      'grant',
      {
        idempotencyKey: nextKey('grant'),
        kind: 'workload_grant',
        postings: [
          { account: { systemCode: 'house', currencyId }, amount: -amount },
          memberPosting(member.userId, 'main', currencyId, amount),
        ],
      },
      false,
    );
  }
  const amount = between(1, 40_000);
  if (roll < 0.65) {
    let other = pick(members);
    while (other === member) other = pick(members);
    return ledgerOperation(
      'transfer',
      {
        idempotencyKey: nextKey('transfer'),
        kind: 'workload_transfer',
        postings: [
          memberPosting(member.userId, 'main', currencyId, -amount),
          memberPosting(other.userId, 'main', currencyId, amount),
        ],
      },
      true,
    );
  }
  const isFreeze = roll < 0.85;
  return ledgerOperation(
    isFreeze ? 'freeze' : 'unfreeze',
    {
      idempotencyKey: nextKey(isFreeze ? 'freeze' : 'unfreeze'),
      kind: isFreeze ? 'workload_freeze' : 'workload_unfreeze',
      postings: [
        memberPosting(member.userId, isFreeze ? 'main' : 'frozen', currencyId, -amount),
        memberPosting(member.userId, isFreeze ? 'frozen' : 'main', currencyId, amount),
      ],
    },
    true,
  );
}

function loanOperation(
  kind: 'borrow' | 'repay',
  member: Member,
  fields: { amount: number; currencyId: number },
  key: string,
) {
  const { amount, currencyId } = fields;
  const signed = kind === 'borrow' ? amount : -amount;
  const call = kind === 'borrow' ? borrow : repay;
  return {
    label: kind,
    fields,
    member,
    key,
    kind,
    effects: [
      { key: bucketKey(member.userId, 'main', currencyId), change: signed },
      { key: loanKey(member.userId, currencyId), change: signed },
    ],
    expected: ['applied', 'refused'] as const,
    async run(): Promise<{ outcome: Outcome; identity?: string }> {
      const answer = await call(testApp, member.session, { ...fields, idempotencyKey: key });
      if (answer.code === 0) return { outcome: 'applied', identity: answer.data?.record.orderNo };
      if ([5301, 5302, 5001].includes(answer.code)) return { outcome: 'refused' };
      if (answer.code === 1005) return { outcome: 'conflict' };
      throw new Error(`${kind} answered ${answer.code} ${answer.msg}`);
    },
  };
}

function newLoanOperation() {
  const member = pick(members);
  const kind = random() < 0.55 ? 'borrow' : 'repay';
  const fields = { amount: between(1, 60_000), currencyId: pick(currencyIds) };
  return loanOperation(kind, member, fields, nextKey(kind));
}

type Done =
  | (ReturnType<typeof ledgerOperation> & { kind?: undefined })
  | ReturnType<typeof loanOperation>;

/** An operation done before, sent again: the same (a replay) or with another amount (a conflict). */
function resend(earlier: Done & { identity?: string | undefined }, isConflict: boolean): Operation {
  if (earlier.kind === undefined) {
    const postings = earlier.request.postings.map((posting) => ({
      ...posting,
      amount: isConflict ? posting.amount * 2 : posting.amount,
    }));
    const request = { ...earlier.request, postings };
    return {
      label: `${isConflict ? 'conflicting' : 'replayed'} ${earlier.label}`,
      run: () => runLedger(request),
      effects: [],
      expected: isConflict ? ['conflict'] : ['replayed'],
    };
  }
  const fields = { ...earlier.fields, amount: earlier.fields.amount + (isConflict ? 1 : 0) };
  const again = loanOperation(earlier.kind, earlier.member, fields, earlier.key);
  return {
    label: `${isConflict ? 'conflicting' : 'replayed'} ${earlier.label}`,
    effects: [],
    expected: isConflict ? ['conflict'] : ['replayed'],
    async run() {
      const result = await again.run();
      // A replayed loan call answers success with the first call's record, and moves nothing.
      if (!isConflict && result.outcome === 'applied' && result.identity !== earlier.identity)
        throw new Error(`replayed ${earlier.label} made a new record ${result.identity}`);
      return { outcome: result.outcome === 'applied' && !isConflict ? 'replayed' : result.outcome };
    },
  };
}

describe('a randomised ledger workload', () => {
  it('keeps every balance equal to the movements accepted, money conserved and none negative', async () => {
    const expected = new Map<string, number>();
    const applied: (Done & { identity?: string })[] = [];
    const unexpected: string[] = [];
    const counts = new Map<string, number>();
    let remaining = operationCount;
    const tally = (label: string, outcome: Outcome) =>
      counts.set(`${label} ${outcome}`, (counts.get(`${label} ${outcome}`) ?? 0) + 1);
    const apply = (operation: Done, identity: string | undefined) => {
      for (const effect of operation.effects)
        expected.set(effect.key, (expected.get(effect.key) ?? 0) + effect.change);
      applied.push({ ...operation, identity });
    };
    const settle = (operation: Operation) =>
      operation.run().catch((error: unknown) => {
        unexpected.push(`${operation.label}: ${String(error)}`);
        return { outcome: 'refused' as Outcome, identity: undefined };
      });
    while (remaining > 0) {
      const size = Math.min(remaining, between(1, 24));
      remaining -= size;
      const batch: Promise<void>[] = [];
      for (let index = 0; index < size; index += 1) {
        const roll = random();
        if (roll < 0.2 && applied.length > 0) {
          // Sent again, as it was (a replay) or with another amount (a key conflict).
          const operation = resend(pick(applied), roll >= 0.15);
          batch.push(
            settle(operation).then((result) => {
              tally(operation.label, result.outcome);
              if (!operation.expected.includes(result.outcome))
                unexpected.push(`${operation.label} answered ${result.outcome}`);
            }),
          );
          continue;
        }
        const operation: Done = roll < 0.55 ? newLedgerOperation() : newLoanOperation();
        // Now and then the same request twice at once: it must apply at most once.
        const copies = random() < 0.05 ? 2 : 1;
        batch.push(
          Promise.all(Array.from({ length: copies }, () => settle(operation))).then((results) => {
            const accepted = results.filter((result) => result.outcome === 'applied');
            const identities = new Set(accepted.map((result) => result.identity));
            // Both copies of a loan call answer the one record; a ledger copy says replayed.
            if (accepted.length > 1 && (operation.kind === undefined || identities.size > 1))
              unexpected.push(`${operation.label} applied ${accepted.length} times`);
            for (const result of results) {
              tally(operation.label, result.outcome);
              const isAnswer = [...operation.expected, 'replayed'].includes(result.outcome);
              if (!isAnswer) unexpected.push(`${operation.label} answered ${result.outcome}`);
            }
            if (accepted.length > 0) apply(operation, accepted[0]?.identity);
          }),
        );
      }
      await Promise.all(batch);
    }
    expect(unexpected, `seed ${seed}`).toEqual([]);

    const check = await checkLedger(testApp.database.db);
    expect(check, `seed ${seed}`).toMatchObject({
      ok: true,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeAccounts: [],
    });

    const rows = (
      (await testApp.database.db.execute(sql`
          select user_id::text as user_id, bucket, currency_id, balance::text as balance
          from ledger_accounts where user_id is not null
          union all
          select user_id::text, 'loan', currency_id, outstanding::text
          from loan_accounts`)) as unknown as { rows: Record<string, string | number>[] }
    ).rows;
    const actual = new Map<string, number>();
    for (const row of rows) {
      const key =
        row.bucket === 'loan'
          ? loanKey(Number(row.user_id), Number(row.currency_id))
          : bucketKey(Number(row.user_id), String(row.bucket), Number(row.currency_id));
      if (Number(row.balance) !== 0) actual.set(key, Number(row.balance));
    }
    for (const [key, value] of expected) if (value === 0) expected.delete(key);
    expect(Object.fromEntries(actual), `seed ${seed}`).toEqual(Object.fromEntries(expected));

    // Double entry: every currency's accounts, members and system alike, sum to zero, and
    // what members owe is exactly what loans_receivable is owed.
    const sums = (
      (await testApp.database.db.execute(sql`
          select currency_id, sum(balance)::text as total,
                 sum(balance) filter (where system_code = 'loans_receivable')::text as receivable
          from ledger_accounts group by currency_id`)) as unknown as {
        rows: { currency_id: number; total: string; receivable: string | null }[];
      }
    ).rows;
    for (const row of sums) {
      expect(Number(row.total), `currency ${row.currency_id}`).toBe(0);
      const owed = [...expected]
        .filter(([key]) => key.startsWith('loan:') && key.endsWith(`:${row.currency_id}`))
        .reduce((sum, [, value]) => sum + value, 0);
      expect(-Number(row.receivable ?? 0), `loans in currency ${row.currency_id}`).toBe(owed);
    }

    // What members see agrees with the books.
    for (const member of members) {
      const balances = expectOk(
        await testApp.call<{ currencyId: number; amount: number; loanAmount: number }[]>(
          '/app/api/wallet/balance',
          { uid: member.session.uid, token: member.session.token },
        ),
      );
      for (const entry of balances) {
        const main = expected.get(bucketKey(member.userId, 'main', entry.currencyId)) ?? 0;
        const frozen = expected.get(bucketKey(member.userId, 'frozen', entry.currencyId)) ?? 0;
        expect(entry.amount).toBe(main + frozen);
        expect(entry.loanAmount).toBe(expected.get(loanKey(member.userId, entry.currencyId)) ?? 0);
      }
    }
    // The mix must really have happened: every kind of operation applied, replayed and refused.
    for (const label of ['grant', 'transfer', 'freeze', 'unfreeze', 'borrow', 'repay'])
      expect(counts.get(`${label} applied`) ?? 0, label).toBeGreaterThan(0);
    for (const label of ['transfer', 'freeze', 'unfreeze', 'borrow', 'repay'])
      expect(counts.get(`${label} refused`) ?? 0, label).toBeGreaterThan(0);
    expect([...counts.keys()].some((key) => key.startsWith('replayed'))).toBe(true);
    expect([...counts.keys()].some((key) => key.startsWith('conflicting'))).toBe(true);
  }, 600_000);
});
