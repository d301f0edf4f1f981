import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/modules/ledger/ledger.service';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { demoStartingBalanceMinor } from '../src/modules/wallet/demo-balance';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('try-play accounts', () => {
  it('start with their own demo money, issued through the ledger', async () => {
    const created = await testApp.call<{ memberId: number; pUid: number; currencyId: number }>(
      '/app/api/member/create/try-play/account',
    );
    expect(created.code).toBe(0);
    expect(created.data.pUid).toBeGreaterThan(0);
    const balances = await createLedger(testApp.database.db).memberBalances(created.data.memberId);
    expect(balances).toEqual([
      {
        currencyId: created.data.currencyId,
        amount: demoStartingBalanceMinor,
        frozen: 0,
        bonus: 0,
        inGames: 0,
        inMarkets: 0,
      },
    ]);
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });
});
