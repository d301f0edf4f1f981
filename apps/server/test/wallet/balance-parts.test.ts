import { balanceEntrySchema } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPartnerToken } from '../../src/modules/identity/partner-auth';
import {
  createLedger,
  gameBucket,
  type Ledger,
  marketCapitalBucket,
  promotionBudget,
} from '../../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';

const cny = 1;
let testApp: TestApp;
let ledger: Ledger;
beforeAll(async () => {
  testApp = await createTestApp();
  ledger = createLedger(testApp.database.db);
});
afterAll(() => testApp.close());

type Session = { uid: string; token: string; memberId: number };

/** Cash, bonus money, a game balance and market capital for one member, each by its own route. */
async function fundEveryPart(userId: number, tag: string): Promise<void> {
  const campaign = promotionBudget(`parts-${tag}`);
  await ledger.transfer({
    idempotencyKey: `parts-cash:${tag}`,
    kind: 'test_deposit',
    postings: [
      { account: { systemCode: 'deposits_in_transit', currencyId: cny }, amount: -10_000 },
      { account: { userId, bucket: 'main', currencyId: cny }, amount: 10_000 },
    ],
  });
  await ledger.transfer({
    idempotencyKey: `parts-fund:${tag}`,
    kind: 'promotion_fund',
    postings: [
      { account: { systemCode: 'house', currencyId: cny }, amount: -800 },
      { account: { systemCode: campaign, currencyId: cny }, amount: 800 },
    ],
  });
  await ledger.transfer({
    idempotencyKey: `parts-grant:${tag}`,
    kind: 'bonus_grant',
    postings: [
      { account: { systemCode: campaign, currencyId: cny }, amount: -800 },
      { account: { userId, bucket: 'bonus', currencyId: cny }, amount: 800 },
    ],
  });
  const db = testApp.database.db;
  await db.transaction(async (tx) => {
    await ledger.debitWithin(tx as never, {
      idempotencyKey: `parts-game:${tag}`,
      kind: 'game_transfer_in',
      reference: `parts-game:${tag}`,
      userId,
      currencyId: cny,
      amountMinor: 2_000,
      to: { bucket: gameBucket('cards') },
    });
    await ledger.debitWithin(tx as never, {
      idempotencyKey: `parts-market:${tag}`,
      kind: 'market_capital_put',
      reference: `parts-market:${tag}`,
      userId,
      currencyId: cny,
      amountMinor: 3_000,
      to: { bucket: marketCapitalBucket(`parts-${tag}`) },
    });
  });
}

describe('the wire balance beside the cash', () => {
  it('keeps amount the cash and says which money is bonus, in games and in markets', async () => {
    const member = (
      await testApp.call<Session>('/app/api/member/create/account', {
        account: 'parts01',
        pwd: hashPasswordForWire('secret-pass'),
      })
    ).data;
    const empty = await testApp.call<unknown[]>('/app/api/wallet/balance', {
      uid: member.uid,
      token: member.token,
    });
    expect(balanceEntrySchema.parse(empty.data[0])).toMatchObject({
      amount: 0,
      bonusAmount: 0,
      gameAmount: 0,
      marketAmount: 0,
    });
    await fundEveryPart(member.memberId, 'member');
    const answer = await testApp.call<unknown[]>('/app/api/wallet/balance', {
      uid: member.uid,
      token: member.token,
    });
    expect(balanceEntrySchema.parse(answer.data[0])).toMatchObject({
      currencyCode: 'CNY',
      amount: 5_000,
      frozen: 0,
      showAmount: '50.00',
      bonusAmount: 800,
      gameAmount: 2_000,
      marketAmount: 3_000,
    });
  });

  it('answers a partner player the same entry, SPEC fields unchanged in meaning', async () => {
    const claims = {
      channel: testPartnerChannel,
      principal: 'parts-player',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const login = await testApp.call<Session>('/open/member/login', {
      authToken: signPartnerToken(claims, testPartnerSecret),
      principal: claims.principal,
      channel: claims.channel,
    });
    expect(login.code).toBe(0);
    await fundEveryPart(login.data.memberId, 'partner');
    const answer = await testApp.call<unknown[]>('/open/v2/wallet/balance', {
      uid: login.data.uid,
      token: login.data.token,
      principal: claims.principal,
      channel: claims.channel,
    });
    expect(answer.code).toBe(0);
    const [entry] = answer.data.map((item) => balanceEntrySchema.parse(item));
    expect(entry).toMatchObject({
      amount: 5_000,
      frozen: 0,
      showAmount: '50.00',
      bonusAmount: 800,
    });
  });
});
