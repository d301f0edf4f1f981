import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction';
import { createBonusRepository } from '../../src/modules/bonus/bonus.repository';
import { createBonusService } from '../../src/modules/bonus/bonus.service';
import { rolloverRules } from '../../src/modules/bonus/rollover-rules';
import {
  createLedger,
  gameBucket,
  type WagerKindTable,
  wagerKinds,
} from '../../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp } from '../test-app';
import {
  cny,
  expectLedgerBalanced,
  fund,
  newMember,
  type TestMember,
} from '../withdrawals/helpers';
import { countedWagers, fundedCampaign, grantRow, moneyOf } from './helpers';

/** A casino that landed after the rollover: its kinds named in the wagering record, nothing else. */
const casinoKinds: WagerKindTable = {
  ...wagerKinds,
  game_stake: { product: 'casino', side: 'stake' },
  game_return: { product: 'casino', side: 'return', decides: 'result' },
};

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

/** A bonus service as another process would run it, on the record with the casino's kinds. */
function bonusService(rules = rolloverRules) {
  const { db } = testApp.database;
  return createBonusService({
    repository: createBonusRepository(db),
    ledger: createLedger(db, { wagerKinds: casinoKinds }),
    wagerTerms: {},
    rules,
    now: () => new Date(),
  });
}

/** A round of slots: the member moves 3,000 in, stakes `stake` and wins `won` back. */
async function playRound(member: TestMember, stake: number, won: number): Promise<string> {
  const ledger = createLedger(testApp.database.db);
  const round = `round-${randomBytes(4).toString('hex')}`;
  const slots = { userId: member.userId, bucket: gameBucket('slots'), currencyId: cny.currencyId };
  const rounds = { systemCode: 'game_rounds' as const, currencyId: cny.currencyId };
  await inTransaction(testApp.database.db, (tx) =>
    ledger.debitWithin(tx, {
      idempotencyKey: `slots-in:${round}`,
      kind: 'game_transfer_in',
      reference: `slots-in:${round}`,
      userId: member.userId,
      currencyId: cny.currencyId,
      amountMinor: 3_000,
      to: { bucket: gameBucket('slots') },
    }),
  );
  await ledger.transfer({
    idempotencyKey: `slots-stake:${round}`,
    kind: 'game_stake',
    reference: round,
    postings: [
      { account: slots, amount: -stake },
      { account: rounds, amount: stake },
    ],
  });
  await ledger.transfer({
    idempotencyKey: `slots-return:${round}`,
    kind: 'game_return',
    reference: round,
    postings: [
      { account: rounds, amount: -won },
      { account: slots, amount: won },
    ],
  });
  return round;
}

async function grantTo(member: TestMember, campaignId: number, amount: number) {
  return inTransaction(testApp.database.db, (tx) =>
    bonusService().grantWithin(tx, {
      key: `casino-grant:${randomBytes(6).toString('hex')}`,
      userId: member.userId,
      currencyId: cny.currencyId,
      campaignId,
      amount,
      rolloverMultiple: 1,
      maxStake: 0,
      expiresAt: Date.now() + 86_400_000,
    }),
  );
}

describe('a product that lands later', () => {
  it('counts nothing until it has a line in the contribution table', async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 5_000);
    const campaignId = await fundedCampaign(testApp, 1_000);
    const { bonusId } = await grantTo(member, campaignId, 1_000);
    await playRound(member, 500, 1_200);
    await bonusService().countRollover({ settledForMs: 0 });
    expect(await countedWagers(testApp, bonusId)).toEqual([]);
  });

  it('counts its settled wagers at its contribution, once, with passes of two processes racing', async () => {
    const member = await newMember(testApp);
    await fund(testApp, member.userId, cny.currencyId, 10_000);
    const campaignId = await fundedCampaign(testApp, 1_000);
    const { bonusId } = await grantTo(member, campaignId, 100);
    const withCasino = { ...rolloverRules, casino: { contributionPercent: 10 } };
    const [first, second] = [bonusService(withCasino), bonusService(withCasino)];

    const round = await playRound(member, 500, 1_200);
    await Promise.all([
      first.countRollover({ settledForMs: 0 }),
      second.countRollover({ settledForMs: 0 }),
    ]);
    const counted = await countedWagers(testApp, bonusId);
    expect(counted.map((entry) => [entry.product, entry.reference, entry.amount])).toEqual([
      ['casino', round, 50],
    ]);
    expect((await grantRow(testApp, bonusId)).counted).toBe(50);

    // A second round of 500 plays the bonus of 100 through: it converts once.
    await playRound(member, 500, 1);
    await Promise.all([
      first.countRollover({ settledForMs: 0 }),
      second.countRollover({ settledForMs: 0 }),
    ]);
    expect(await grantRow(testApp, bonusId)).toMatchObject({
      status: 'converted',
      counted: 100,
      endedAmount: 100,
    });
    expect((await moneyOf(testApp, member)).bonus).toBe(0);
  });
});
