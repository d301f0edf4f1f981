import { balanceEntrySchema } from '@sb/contract';
import { hashPasswordForWire, requireCurrency } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPartnerToken } from '../src/modules/identity/partner-auth';
import { createLedger } from '../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

type Session = { uid: string; token: string; memberId: number; channel?: string | null };

async function register(account: string): Promise<Session> {
  const answer = await testApp.call<Session>('/app/api/member/create/account', {
    account,
    pwd: hashPasswordForWire('secret-pass'),
  });
  expect(answer.code).toBe(0);
  return answer.data;
}

describe('/app/api/wallet/balance', () => {
  it("lists the member's current currency even before any money arrives", async () => {
    const member = await register('balance01');
    const answer = await testApp.call<unknown[]>('/app/api/wallet/balance', {
      uid: member.uid,
      token: member.token,
    });
    expect(answer.code).toBe(0);
    expect(answer.data.map((entry) => balanceEntrySchema.parse(entry))).toEqual([
      expect.objectContaining({
        currencyCode: 'CNY',
        amount: 0,
        frozen: 0,
        scale: 2,
        showAmount: '0.00',
        status: 1,
      }),
    ]);
  });

  it('shows ledger money per currency with frozen funds inside amount', async () => {
    const member = await register('balance02');
    const usdt = requireCurrency('USDT');
    const ledger = createLedger(testApp.database.db);
    await ledger.transfer({
      idempotencyKey: `test-deposit-${member.memberId}`,
      kind: 'test_deposit',
      postings: [
        {
          account: { systemCode: 'deposits_in_transit', currencyId: usdt.currencyId },
          amount: -12_500_000,
        },
        {
          account: { userId: member.memberId, bucket: 'main', currencyId: usdt.currencyId },
          amount: 10_000_000,
        },
        {
          account: { userId: member.memberId, bucket: 'frozen', currencyId: usdt.currencyId },
          amount: 2_500_000,
        },
      ],
    });
    const answer = await testApp.call<
      { currencyCode: string; amount: number; frozen: number; showAmount: string }[]
    >('/app/api/wallet/balance', { uid: member.uid, token: member.token });
    expect(answer.data.map((entry) => entry.currencyCode)).toEqual(['CNY', 'USDT']);
    expect(answer.data[1]).toMatchObject({
      amount: 12_500_000,
      frozen: 2_500_000,
      showAmount: '12.500000',
    });
  });

  it('answers 402 to a visitor and 403 without a token', async () => {
    const visitor = await testApp.call<Session>('/app/api/visitor/create');
    expect(
      (
        await testApp.call('/app/api/wallet/balance', {
          uid: visitor.data.uid,
          token: visitor.data.token,
        })
      ).code,
    ).toBe(402);
    expect((await testApp.call('/app/api/wallet/balance')).code).toBe(403);
  });
});

describe('/open/v2/wallet/balance', () => {
  it("answers a partner player's own balances and refuses anyone else's", async () => {
    const claims = {
      channel: testPartnerChannel,
      principal: 'player-7',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const login = await testApp.call<Session>('/open/member/login', {
      authToken: signPartnerToken(claims, testPartnerSecret),
      principal: claims.principal,
      channel: claims.channel,
    });
    expect(login.code).toBe(0);
    expect(login.data).toMatchObject({ channel: testPartnerChannel, principal: 'player-7' });
    const own = await testApp.call<unknown[]>('/open/v2/wallet/balance', {
      uid: login.data.uid,
      token: login.data.token,
      principal: 'player-7',
      channel: testPartnerChannel,
    });
    expect(own.code).toBe(0);
    expect(own.data).toHaveLength(1);
    const other = await testApp.call('/open/v2/wallet/balance', {
      uid: login.data.uid,
      token: login.data.token,
      principal: 'player-8',
      channel: testPartnerChannel,
    });
    expect(other.code).toBe(2010);
    const member = await register('balance03');
    const notPartner = await testApp.call('/open/v2/wallet/balance', {
      uid: member.uid,
      token: member.token,
      principal: 'player-7',
      channel: testPartnerChannel,
    });
    expect(notPartner.code).toBe(2010);
  });
});
