import {
  errorCatalogue,
  memberChangeCurrency,
  memberCreateTryPlay,
  memberLoginAccount,
  memberProfile,
  memberProfileEdit,
  memberType,
  openMemberLogin,
  type Session,
  type UserInfo,
  userType,
  visitorCreate,
} from '@sb/contract';
import { defaultCurrencyCode, demoCurrencyCode, requireCurrency } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { signPartnerToken } from '../../src/modules/identity/partner-auth';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';
import {
  authOf,
  countIdentityRows,
  expectContractOutput,
  expectOk,
  expectRefused,
  freshIp,
  newAccountName,
  registerMember,
  wirePassword,
} from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const usd = requireCurrency('USD');
const demoCurrency = requireCurrency(demoCurrencyCode);

async function profileOf(session: Session): Promise<UserInfo> {
  return expectContractOutput(
    memberProfile,
    expectOk(await testApp.call<UserInfo>(memberProfile.path, authOf(session))),
  );
}

const setUserColumns = (session: Session, values: Partial<typeof users.$inferInsert>) =>
  testApp.database.db.update(users).set(values).where(eq(users.uid, session.uid));

async function newDemo(): Promise<Session> {
  return expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
}

async function newPartner(): Promise<Session> {
  const principal = newAccountName('p');
  const authToken = signPartnerToken(
    { channel: testPartnerChannel, principal, exp: Math.floor(Date.now() / 1000) + 300 },
    testPartnerSecret,
  );
  return expectOk(
    await testApp.call<Session>(openMemberLogin.path, {
      authToken,
      principal,
      channel: testPartnerChannel,
    }),
  );
}

describe('profile', () => {
  it("answers every SPEC user-info field of a new member, with the site's defaults", async () => {
    const { account, session } = await registerMember(testApp);
    const profile = await profileOf(session);
    expect(profile).toEqual({
      memberId: session.memberId,
      uid: session.uid,
      account,
      type: memberType.member,
      pUid: 0,
      isXyUser: false,
      leagueIds: [],
      isShow: true,
      hasWithdrawPwd: false,
      riskAmount: 0,
      oddsConfig: [0, 0, 0, 0, 0],
      playerOdds: 1,
      riskLevel: 0,
      hdpStyle: 0,
      // No switches of their own: the site default, every casino product and the lottery.
      casinoSw: 30,
      lotterySw: 2,
      languageCode: 'zh',
      channelType: 'a1',
      agentId: 0,
      principal: null,
      currencyCode: defaultCurrencyCode,
      currencyId: requireCurrency(defaultCurrencyCode).currencyId,
      assetID: defaultCurrencyCode,
      creditAmount: 0,
      loanAmount: 0,
      hasPlaceholderPassword: false,
    });
  });

  it('answers operator settings as stored, with the risk level fifth in oddsConfig', async () => {
    const { account, password, session } = await registerMember(testApp);
    await setUserColumns(session, {
      oddsConfig: [12, 8, 30, 0, 0],
      riskLevel: 5,
      playerOdds: 3,
      riskAmount: 500_000,
      leagueIds: [101, 202],
      isShow: false,
      isXyUser: true,
      hdpStyle: 4,
      casinoSw: 2 | 8,
      lotterySw: 2,
      withdrawPasswordHash: '$argon2id$placeholder',
    });
    const profile = await profileOf(session);
    expect(profile).toMatchObject({
      oddsConfig: [12, 8, 30, 0, 5],
      riskLevel: 5,
      playerOdds: 3,
      riskAmount: 500_000,
      leagueIds: [101, 202],
      isShow: false,
      isXyUser: true,
      hdpStyle: 4,
      casinoSw: 10,
      lotterySw: 2,
      hasWithdrawPwd: true,
    });
    // The session a login answers carries the same five numbers.
    const signedIn = expectOk(
      await testApp.call<Session>(
        memberLoginAccount.path,
        { account, pwd: wirePassword(password) },
        freshIp(),
      ),
    );
    expect(signedIn.oddsConfig).toEqual([12, 8, 30, 0, 5]);
  });

  it('answers a visitor profile with memberId 0', async () => {
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path, {}));
    const profile = await profileOf(visitor);
    expect(profile).toMatchObject({ memberId: 0, type: memberType.visitor, account: null });
  });
});

describe('profile/edit', () => {
  it('changes the language and keeps it', async () => {
    const { session } = await registerMember(testApp);
    for (const languageCode of ['en', 'zht', 'zh'] as const) {
      const edited = expectContractOutput(
        memberProfileEdit,
        expectOk(
          await testApp.call<UserInfo>(memberProfileEdit.path, {
            ...authOf(session),
            languageCode,
          }),
        ),
      );
      expect(edited.languageCode).toBe(languageCode);
      expect((await profileOf(session)).languageCode).toBe(languageCode);
    }
  });

  it("changes a visitor's language too", async () => {
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path, {}));
    const edited = expectOk(
      await testApp.call<UserInfo>(memberProfileEdit.path, {
        ...authOf(visitor),
        languageCode: 'en',
      }),
    );
    expect(edited.languageCode).toBe('en');
  });

  it('keeps the odds display style, refusing one outside 0–4', async () => {
    const { session } = await registerMember(testApp);
    const edit = (hdpStyle: unknown) =>
      testApp.call<UserInfo>(memberProfileEdit.path, { ...authOf(session), hdpStyle });
    expect(expectOk(await edit(3)).hdpStyle).toBe(3);
    expect((await profileOf(session)).hdpStyle).toBe(3);
    const refused = await edit(5);
    expectRefused(refused, errorCatalogue.INVALID_INPUT.code);
    expect(refused.msg).toContain('hdpStyle');
    expect((await profileOf(session)).hdpStyle).toBe(3);
  });

  it('refuses a language the site does not offer, naming the field', async () => {
    const { session } = await registerMember(testApp);
    const answer = await testApp.call(memberProfileEdit.path, {
      ...authOf(session),
      languageCode: 'fr',
    });
    expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
    expect(answer.msg).toContain('languageCode');
    expect((await profileOf(session)).languageCode).toBe('zh');
  });

  it('needs a live token', async () => {
    expectRefused(await testApp.call(memberProfileEdit.path, { languageCode: 'en' }), 403);
  });
});

describe('change/currency', () => {
  it("switches a member's currency to an allowed one", async () => {
    const { session } = await registerMember(testApp);
    const changed = expectContractOutput(
      memberChangeCurrency,
      expectOk(
        await testApp.call<UserInfo>(memberChangeCurrency.path, {
          ...authOf(session),
          currencyId: usd.currencyId,
        }),
      ),
    );
    expect(changed).toMatchObject({
      currencyId: usd.currencyId,
      currencyCode: 'USD',
      assetID: usd.assetID,
    });
    expect((await profileOf(session)).currencyCode).toBe('USD');
  });

  it('refuses an unknown currency id and the demo currency for a real member with 2009', async () => {
    const { session } = await registerMember(testApp);
    for (const currencyId of [123_456, 0, -1, demoCurrency.currencyId]) {
      const answer = await testApp.call(memberChangeCurrency.path, {
        ...authOf(session),
        currencyId,
      });
      expectRefused(answer, errorCatalogue.CURRENCY_NOT_ALLOWED.code);
    }
    expect((await profileOf(session)).currencyCode).toBe(defaultCurrencyCode);
  });

  it('keeps a demo member on demo money: real currencies are refused with 2009', async () => {
    const demo = await newDemo();
    for (const currencyCode of ['CNY', 'USD', 'USDT']) {
      const answer = await testApp.call(memberChangeCurrency.path, {
        ...authOf(demo),
        currencyId: requireCurrency(currencyCode).currencyId,
      });
      expectRefused(answer, errorCatalogue.CURRENCY_NOT_ALLOWED.code);
    }
    const same = expectOk(
      await testApp.call<UserInfo>(memberChangeCurrency.path, {
        ...authOf(demo),
        currencyId: demoCurrency.currencyId,
      }),
    );
    expect(same.currencyCode).toBe(demoCurrencyCode);
    expect((await profileOf(demo)).currencyCode).toBe(demoCurrencyCode);
  });

  it('refuses a currency id that is not a whole number, naming the field', async () => {
    const { session } = await registerMember(testApp);
    const before = await countIdentityRows(testApp);
    for (const currencyId of ['USD', 1.5, null, '2x', 2 ** 60]) {
      const answer = await testApp.call(memberChangeCurrency.path, {
        ...authOf(session),
        currencyId,
      });
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain('currencyId');
    }
    expect(await countIdentityRows(testApp)).toEqual(before);
    expect((await profileOf(session)).currencyCode).toBe(defaultCurrencyCode);
  });
});

describe('user/type', () => {
  it('tells each kind of user apart', async () => {
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path, {}));
    const { session: member } = await registerMember(testApp);
    const demo = await newDemo();
    const partner = await newPartner();
    const kinds = [
      {
        session: visitor,
        type: memberType.visitor,
        isVisitor: true,
        isDemo: false,
        isPartner: false,
      },
      {
        session: member,
        type: memberType.member,
        isVisitor: false,
        isDemo: false,
        isPartner: false,
      },
      { session: demo, type: memberType.demo, isVisitor: false, isDemo: true, isPartner: false },
      {
        session: partner,
        type: memberType.partner,
        isVisitor: false,
        isDemo: false,
        isPartner: true,
      },
    ];
    for (const { session, ...expected } of kinds) {
      const answer = expectContractOutput(
        userType,
        expectOk(await testApp.call(userType.path, authOf(session))),
      );
      expect(answer).toEqual({ ...expected, memberId: session.memberId });
    }
    expect(visitor.memberId).toBe(0);
    expect(Math.min(member.memberId, demo.memberId, partner.memberId)).toBeGreaterThan(0);
  });

  it('needs a live token', async () => {
    expectRefused(await testApp.call(userType.path, {}), 403);
  });
});
