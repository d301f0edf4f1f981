import { errorCatalogue } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createTestApp, type TestApp } from '../test-app';
import {
  budgetBalance,
  countRows,
  financeToken,
  grab,
  newMember,
  runningCampaign,
  type TestMember,
} from './helpers';

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  token = await financeToken(testApp);
});
afterAll(async () => {
  await testApp.close();
});

/** `count` new members, registered a few at a time. */
async function members(count: number): Promise<TestMember[]> {
  const made: TestMember[] = [];
  while (made.length < count)
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, count - made.length) }, () => newMember(testApp)),
      )),
    );
  return made;
}

describe('grabs at once', () => {
  it('gives one member grabbing many times at once one envelope', async () => {
    const campaign = await runningCampaign(testApp, token);
    const [member] = await members(1);
    if (!member) throw new Error('no member');
    const before = await countRows(testApp);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => grab(testApp, member, campaign.id, `k${index % 3}`)),
    );
    const granted = answers.filter((answer) => answer.code === 0);
    const refused = answers.filter((answer) => answer.code !== 0);
    // One key won: its retries answer the same envelope, the other keys are refused.
    const amounts = new Set(granted.map((answer) => answer.data.amount));
    expect(amounts.size).toBe(1);
    expect(granted.length).toBe(4);
    for (const answer of refused)
      expect(answer.code).toBe(errorCatalogue.ENVELOPE_ALREADY_CLAIMED.code);
    const after = await countRows(testApp);
    expect(after.claimed).toBe(before.claimed + 1);
    expect(after.transactions).toBe(before.transactions + 1);
  });

  it('gives exactly 100 envelopes to 500 racing members, summing to the total', async () => {
    const campaign = await runningCampaign(testApp, token, {
      total: 1_000_000,
      count: 100,
      minAmount: 1_000,
      maxAmount: 30_000,
    });
    const racers = await members(500);
    const answers = await Promise.all(racers.map((member) => grab(testApp, member, campaign.id)));
    const granted = answers.filter((answer) => answer.code === 0);
    expect(granted.length).toBe(100);
    for (const answer of answers.filter((each) => each.code !== 0))
      expect(answer.code).toBe(errorCatalogue.ENVELOPES_GONE.code);
    expect(granted.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(1_000_000);
    expect(await budgetBalance(testApp, campaign.id)).toBe(0);
    const result = await checkLedger(testApp.database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    // Ended by its last envelope, then closed by the clock with nothing left to return.
    await testApp.modules.promotions.runClock();
    const late = await grab(testApp, (await members(1))[0] as TestMember, campaign.id);
    expect(late.code).toBe(errorCatalogue.ENVELOPES_GONE.code);
    const winner = racers[answers.indexOf(granted[0] as never)] as TestMember;
    expect((await grab(testApp, winner, campaign.id)).code).toBe(
      errorCatalogue.ENVELOPE_ALREADY_CLAIMED.code,
    );
  }, 120_000);
});
