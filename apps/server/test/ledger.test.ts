import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { AppError } from '../src/http/app-error';
import { users } from '../src/modules/identity/identity.schema';
import { createLedger, type Ledger } from '../src/modules/ledger/ledger.service';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { createTestDatabase } from './test-database';

const cny = 1;
const usd = 2;
let database: DatabaseHandle;
let ledger: Ledger;
let nextUid = 0;

async function newUser(): Promise<number> {
  nextUid += 1;
  const [row] = await database.db
    .insert(users)
    .values({ uid: `ledger-test-${nextUid}`, type: 1, currencyId: cny })
    .returning({ id: users.id });
  return (row as { id: number }).id;
}

function deposit(userId: number, amount: number, key: string) {
  return ledger.transfer({
    idempotencyKey: key,
    kind: 'test_deposit',
    postings: [
      { account: { systemCode: 'deposits_in_transit', currencyId: cny }, amount: -amount },
      { account: { userId, bucket: 'main', currencyId: cny }, amount },
    ],
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger(database.db);
});
afterAll(() => database.close());

describe('the ledger', () => {
  it('moves money in balanced transactions and keeps frozen inside amount', async () => {
    const userId = await newUser();
    await deposit(userId, 10_000, `deposit-${userId}`);
    await ledger.transfer({
      idempotencyKey: `freeze-${userId}`,
      kind: 'test_freeze',
      postings: [
        { account: { userId, bucket: 'main', currencyId: cny }, amount: -2_500 },
        { account: { userId, bucket: 'frozen', currencyId: cny }, amount: 2_500 },
      ],
    });
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 10_000, frozen: 2_500, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
  });

  it('applies a transfer once per idempotency key and refuses the key with other postings', async () => {
    const userId = await newUser();
    const first = await deposit(userId, 500, `once-${userId}`);
    const again = await deposit(userId, 500, `once-${userId}`);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    await expect(deposit(userId, 600, `once-${userId}`)).rejects.toMatchObject({
      errorName: 'IDEMPOTENCY_CONFLICT',
    });
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 500, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
  });

  it('refuses to take a member below zero and changes nothing', async () => {
    const userId = await newUser();
    await deposit(userId, 100, `small-${userId}`);
    const overdraw = ledger.transfer({
      idempotencyKey: `overdraw-${userId}`,
      kind: 'test_stake',
      postings: [
        { account: { userId, bucket: 'main', currencyId: cny }, amount: -101 },
        { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 101 },
      ],
    });
    await expect(overdraw).rejects.toBeInstanceOf(AppError);
    await expect(overdraw).rejects.toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 100, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
    // The refused key was rolled back with everything else, so it can be used again.
    await expect(deposit(userId, 1, `overdraw-${userId}`)).resolves.toMatchObject({
      replayed: false,
    });
  });

  it('rejects transfers that do not balance per currency', async () => {
    const userId = await newUser();
    const unbalanced = ledger.transfer({
      idempotencyKey: `unbalanced-${userId}`,
      kind: 'test',
      postings: [
        { account: { userId, bucket: 'main', currencyId: cny }, amount: 100 },
        { account: { systemCode: 'house', currencyId: usd }, amount: -100 },
      ],
    });
    await expect(unbalanced).rejects.toThrow(/sum to 100/);
    await expect(
      ledger.transfer({ idempotencyKey: `single-${userId}`, kind: 'test', postings: [] }),
    ).rejects.toThrow(/postings/);
  });

  it('never overdraws when many stakes race for the same balance', async () => {
    const userId = await newUser();
    await deposit(userId, 1_000, `race-deposit-${userId}`);
    const stakes = Array.from({ length: 25 }, (_, index) =>
      ledger
        .transfer({
          idempotencyKey: `race-stake-${userId}-${index}`,
          kind: 'test_stake',
          postings: [
            { account: { userId, bucket: 'main', currencyId: cny }, amount: -100 },
            { account: { systemCode: 'stakes_held', currencyId: cny }, amount: 100 },
          ],
        })
        .then(
          () => 'accepted',
          (error: unknown) => (error instanceof AppError ? error.errorName : 'crashed'),
        ),
    );
    const outcomes = await Promise.all(stakes);
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_FUNDS')).toHaveLength(15);
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 0, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
  });

  it('applies a retried transfer once even when the retries race', async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => deposit(userId, 700, `retry-${userId}`)),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await ledger.memberBalances(userId)).toEqual([
      { currencyId: cny, amount: 700, frozen: 0, bonus: 0, inGames: 0, inMarkets: 0 },
    ]);
  });

  it('passes the whole-ledger check, and the check finds a tampered balance', async () => {
    expect(await checkLedger(database.db)).toMatchObject({ ok: true });
    const userId = await newUser();
    await deposit(userId, 300, `tamper-${userId}`);
    await database.db.execute(
      `update ledger_accounts set balance = balance + 1 where user_id = ${userId}`,
    );
    const result = await checkLedger(database.db);
    expect(result.ok).toBe(false);
    expect(result.driftedAccounts).toHaveLength(1);
    await database.db.execute(
      `update ledger_accounts set balance = balance - 1 where user_id = ${userId}`,
    );
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
