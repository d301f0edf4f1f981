import { errorCatalogue } from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  countRows,
  createWithdrawal,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  readyMember,
} from '../withdrawals/helpers';
import { fundedCampaign, grant, moneyOf } from './helpers';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

describe('a withdrawal while bonus money is held', () => {
  it('asking for more than the cash is refused, saying bonus money cannot be withdrawn, and changes nothing', async () => {
    const member = await readyMember(testApp, 10_000);
    const campaignId = await fundedCampaign(testApp, 5_000);
    await grant(testApp, member, campaignId, { amount: 5_000 });
    const before = { rows: await countRows(testApp), money: await moneyOf(testApp, member) };
    expect(before.money).toEqual({ main: 10_000, bonus: 5_000 });

    for (const amount of [12_000, 15_000]) {
      const answer = await createWithdrawal(testApp, member, { amount });
      expectRefused(answer, errorCatalogue.BONUS_NOT_WITHDRAWABLE.code);
      // The catalogue's words in the member's language (Chinese unless asked), then the detail.
      expect(answer.msg).toContain(errorCatalogue.BONUS_NOT_WITHDRAWABLE.zh);
      expect(answer.msg).toContain('cannot be withdrawn');
    }
    expect(await countRows(testApp)).toEqual(before.rows);
    expect(await moneyOf(testApp, member)).toEqual(before.money);

    // The cash itself can leave; the bonus stays where it is.
    expectOk(await createWithdrawal(testApp, member, { amount: 10_000 }));
    expect(await moneyOf(testApp, member)).toEqual({ main: 0, bonus: 5_000 });
  });

  it('without bonus money, more than the cash is still a plain shortfall', async () => {
    const member = await readyMember(testApp, 10_000);
    expectRefused(
      await createWithdrawal(testApp, member, { amount: 12_000 }),
      errorCatalogue.INSUFFICIENT_FUNDS.code,
    );
  });
});
