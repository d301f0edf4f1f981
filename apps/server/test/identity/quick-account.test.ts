import {
  captchaRequired,
  errorCatalogue,
  memberCreateQuickAccount,
  memberLoginAccount,
  memberLoginAccountAdd,
  memberLoginAuto,
  memberPasswordEdit,
  memberProfile,
  memberType,
  type Session,
  type UserInfo,
  withdrawAccountList,
  withdrawBankList,
  withdrawList,
} from '@sb/contract';
import { quickAccountPlaceholderPassword } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { createTestApp, type TestApp } from '../test-app';
import {
  addBankCard,
  channels,
  cny,
  countRows,
  createWithdrawal,
  fund,
  setWithdrawPassword,
  type TestMember,
} from '../withdrawals/helpers';
import {
  authOf,
  countIdentityRows,
  expectContractOutput,
  expectOk,
  expectRefused,
  freshIp,
  registerMember,
  wirePassword,
} from './helpers';

const codes = {
  placeholderLogin: errorCatalogue.QUICK_ACCOUNT_PASSWORD_NOT_SET.code,
  ownPasswordRequired: errorCatalogue.OWN_PASSWORD_REQUIRED.code,
  wrongOldPassword: errorCatalogue.WRONG_OLD_PASSWORD.code,
  badCredentials: errorCatalogue.BAD_CREDENTIALS.code,
  tokenInvalid: errorCatalogue.TOKEN_INVALID.code,
  invalidInput: errorCatalogue.INVALID_INPUT.code,
};
const placeholder = wirePassword(quickAccountPlaceholderPassword);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A quick account made from an address of its own, as the member who holds its session. */
async function quickAccount(): Promise<TestMember & { account: string }> {
  const answer = await testApp.call<Session>(memberCreateQuickAccount.path, {}, freshIp());
  const session = expectContractOutput(memberCreateQuickAccount, expectOk(answer));
  return {
    session,
    account: session.account ?? '',
    password: quickAccountPlaceholderPassword,
    userId: session.memberId,
    auth: authOf(session),
  };
}

const login = (account: string, pwd: string, path = memberLoginAccount.path, extra = {}) =>
  testApp.call<Session>(path, { account, pwd, ...extra }, freshIp());

const setOwnPassword = (member: TestMember, plain: string, oldPlain = member.password) =>
  testApp.call(memberPasswordEdit.path, {
    ...member.auth,
    oldPwd: wirePassword(oldPlain),
    pwd: wirePassword(plain),
  });

describe('quick account creation', () => {
  it('makes a signed-in member with a generated name, flagged as on the placeholder', async () => {
    const quick = await quickAccount();
    expect(quick.account).toMatch(/^qa\d{10}$/);
    expect(quick.session).toMatchObject({
      type: memberType.member,
      pUid: 0,
      channelType: 'a1',
      hasPlaceholderPassword: true,
    });
    expect(quick.session.memberId).toBeGreaterThan(0);
    const profile = expectOk(await testApp.call<UserInfo>(memberProfile.path, quick.auth));
    expect(profile).toMatchObject({ account: quick.account, hasPlaceholderPassword: true });
    const resumed = expectOk(await testApp.call<Session>(memberLoginAuto.path, quick.auth));
    expect(resumed.hasPlaceholderPassword).toBe(true);
  });

  it('gives every quick account a name of its own', async () => {
    const names = new Set<string>();
    for (let index = 0; index < 5; index += 1) names.add((await quickAccount()).account);
    expect(names.size).toBe(5);
  });

  it('leaves registered members unflagged', async () => {
    const { session } = await registerMember(testApp);
    expect(session.hasPlaceholderPassword).toBe(false);
    const profile = expectOk(await testApp.call<UserInfo>(memberProfile.path, authOf(session)));
    expect(profile.hasPlaceholderPassword).toBe(false);
  });
});

describe('signing in with the placeholder', () => {
  it('is refused with 2021 on login and on adding an account, and opens no session', async () => {
    const quick = await quickAccount();
    const before = await countIdentityRows(testApp);
    expectRefused(await login(quick.account, placeholder), codes.placeholderLogin);
    expectRefused(
      await login(quick.account, placeholder, memberLoginAccountAdd.path, quick.auth),
      codes.placeholderLogin,
    );
    expect((await countIdentityRows(testApp)).sessions).toBe(before.sessions);
  });

  it('answers a wrong password exactly as for any account', async () => {
    const quick = await quickAccount();
    const wrong = await login(quick.account, wirePassword('not-the-placeholder'));
    const unknown = await login('qa0000000000', wirePassword('not-the-placeholder'));
    expectRefused(wrong, codes.badCredentials);
    expect(wrong).toEqual(unknown);
  });

  it('does not count as a failed login, so nobody can lock the owner out with it', async () => {
    const quick = await quickAccount();
    for (let attempt = 0; attempt < 12; attempt += 1)
      expectRefused(await login(quick.account, placeholder), codes.placeholderLogin);
    const captcha = expectOk(
      await testApp.call<{ required: boolean }>(captchaRequired.path, { account: quick.account }),
    );
    expect(captcha.required).toBe(false);
    expectOk(await setOwnPassword(quick, 'my-own-pass-1'));
  });
});

describe('money out before the member sets a password', () => {
  it('refuses withdrawals, the withdrawal password and payout accounts with 2022, writing nothing', async () => {
    const quick = await quickAccount();
    await fund(testApp, quick.userId, cny.currencyId, 500_000);
    const before = await countRows(testApp);
    const identityBefore = await countIdentityRows(testApp);
    const refusals = [
      await testApp.call('/app/api/member/withdraw/pwd/edit', {
        ...quick.auth,
        loginPwd: placeholder,
        pwd: wirePassword('123456'),
      }),
      await testApp.call('/app/api/withdraw/account/operate', {
        ...quick.auth,
        operType: 1,
        ...channels.bankCard,
        bankNo: '6222020200112233445',
        realName: 'Zhang San',
        mobile: '13800138000',
      }),
      await testApp.call('/app/api/withdraw/account/operate', {
        ...quick.auth,
        operType: 2,
        accountId: 1,
      }),
      await createWithdrawal(testApp, { ...quick, accountId: 1 }),
    ];
    for (const answer of refusals) expectRefused(answer, codes.ownPasswordRequired);
    expect(await countRows(testApp)).toEqual(before);
    expect(await countIdentityRows(testApp)).toEqual(identityBefore);
    const [row] = await testApp.database.db
      .select({ withdrawPasswordHash: users.withdrawPasswordHash })
      .from(users)
      .where(eq(users.id, quick.userId));
    expect(row?.withdrawPasswordHash).toBeNull();
  });

  it('still reads the channels, accounts and history, all empty of its own', async () => {
    const quick = await quickAccount();
    const channelList = expectOk(
      await testApp.call<{ accounts: unknown[] }[]>(withdrawBankList.path, quick.auth),
    );
    expect(channelList.length).toBeGreaterThan(0);
    expect(channelList.every((channel) => channel.accounts.length === 0)).toBe(true);
    expect(expectOk(await testApp.call(withdrawAccountList.path, quick.auth))).toEqual([]);
    expect(expectOk(await testApp.call(withdrawList.path, quick.auth))).toEqual({
      records: [],
      total: 0,
    });
  });
});

describe('setting a password of its own', () => {
  it('lifts every restriction: sign-in anywhere, withdrawal password, accounts, withdrawals', async () => {
    const quick = await quickAccount();
    await fund(testApp, quick.userId, cny.currencyId, 500_000);
    expectOk(await setOwnPassword(quick, 'my-own-pass-2'));
    // Like any password change, every session ends, the creation's own included.
    expectRefused(
      await testApp.call(memberLoginAuto.path, quick.auth),
      errorCatalogue.TOKEN_INVALID.code,
    );
    expectRefused(await login(quick.account, placeholder), codes.badCredentials);
    const session = expectOk(await login(quick.account, wirePassword('my-own-pass-2')));
    expect(session.hasPlaceholderPassword).toBe(false);
    const member = { ...quick, session, password: 'my-own-pass-2', auth: authOf(session) };
    const profile = expectOk(await testApp.call<UserInfo>(memberProfile.path, member.auth));
    expect(profile.hasPlaceholderPassword).toBe(false);
    await setWithdrawPassword(testApp, member, '123456');
    const accountId = await addBankCard(testApp, member);
    expectOk(await createWithdrawal(testApp, { ...member, accountId }));
  });

  it('takes the placeholder as the old password only once', async () => {
    const quick = await quickAccount();
    expectOk(await setOwnPassword(quick, 'my-own-pass-3'));
    const session = expectOk(await login(quick.account, wirePassword('my-own-pass-3')));
    const member = { ...quick, auth: authOf(session) };
    expectRefused(
      await setOwnPassword(member, 'my-own-pass-4', quickAccountPlaceholderPassword),
      codes.wrongOldPassword,
    );
  });

  it('refuses the placeholder as the new password, naming pwd, and keeps the flag', async () => {
    const quick = await quickAccount();
    const answer = await setOwnPassword(quick, quickAccountPlaceholderPassword);
    expectRefused(answer, codes.invalidInput);
    expect(answer.msg).toContain('pwd');
    const profile = expectOk(await testApp.call<UserInfo>(memberProfile.path, quick.auth));
    expect(profile.hasPlaceholderPassword).toBe(true);
  });

  it('refuses a wrong old password with 2006 and keeps the flag', async () => {
    const quick = await quickAccount();
    expectRefused(
      await setOwnPassword(quick, 'my-own-pass-5', 'not-the-placeholder'),
      codes.wrongOldPassword,
    );
    const profile = expectOk(await testApp.call<UserInfo>(memberProfile.path, quick.auth));
    expect(profile.hasPlaceholderPassword).toBe(true);
  });

  it('lets exactly one of two racing changes from the placeholder win', async () => {
    const quick = await quickAccount();
    const [first, second] = await Promise.all([
      setOwnPassword(quick, 'racing-pass-a'),
      setOwnPassword(quick, 'racing-pass-b'),
    ]);
    const answers = [first, second].map((answer) => answer.code).sort((a, b) => a - b);
    expect(answers).toEqual([0, codes.wrongOldPassword]);
    const winner = first.code === 0 ? 'racing-pass-a' : 'racing-pass-b';
    const loser = first.code === 0 ? 'racing-pass-b' : 'racing-pass-a';
    expectOk(await login(quick.account, wirePassword(winner)));
    expectRefused(await login(quick.account, wirePassword(loser)), codes.badCredentials);
  });
});
