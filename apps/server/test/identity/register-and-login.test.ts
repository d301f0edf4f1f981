import {
  errorCatalogue,
  memberCreateAccount,
  memberCreateTryPlay,
  memberLoginAccount,
  memberLoginAccountAdd,
  memberPasswordEdit,
  memberProfile,
  memberType,
  type Session,
  visitorCreate,
} from '@sb/contract';
import { defaultCurrencyCode } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { createTestApp, type TestApp } from '../test-app';
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

const login = (fields: Record<string, unknown>, ip = freshIp()) =>
  testApp.call<Session>(memberLoginAccount.path, fields, ip);

describe('member registration', () => {
  it('registers a member, signs it in and answers a member session', async () => {
    const account = newAccountName('Reg');
    const { session } = await registerMember(testApp, { account });
    expect(session).toMatchObject({
      account,
      type: memberType.member,
      pUid: 0,
      channelType: 'a1',
      agentId: 0,
      principal: null,
      currencyCode: defaultCurrencyCode,
      oddsConfig: [0, 0, 0, 0, 0],
    });
    expect(session.memberId).toBeGreaterThan(0);
    expectOk(await testApp.call(memberProfile.path, authOf(session)));
  });

  it('keeps the promote code given at registration', async () => {
    const answer = await testApp.call<Session>(memberCreateAccount.path, {
      account: newAccountName(),
      pwd: wirePassword('secret-1'),
      promoteCode: 'SPRING24',
    });
    const session = expectOk(answer);
    const [row] = await testApp.database.db
      .select({ promoteCode: users.promoteCode })
      .from(users)
      .where(eq(users.uid, session.uid));
    expect(row?.promoteCode).toBe('SPRING24');
  });

  it('refuses an account name that is taken, whatever its letter case, with 2001', async () => {
    const account = newAccountName('Taken');
    await registerMember(testApp, { account });
    const before = await countIdentityRows(testApp);
    for (const variant of [account, account.toUpperCase(), account.toLowerCase()]) {
      const answer = await testApp.call(memberCreateAccount.path, {
        account: variant,
        pwd: wirePassword('another-password'),
      });
      expectRefused(answer, errorCatalogue.ACCOUNT_TAKEN.code);
    }
    expect(await countIdentityRows(testApp)).toEqual(before);
  });

  it('lets exactly one of two racing registrations of the same account win; the other gets 2001', async () => {
    const account = newAccountName('Race');
    const before = await countIdentityRows(testApp);
    const answers = await Promise.all(
      [account, account.toUpperCase()].map((name, index) =>
        testApp.call<Session>(memberCreateAccount.path, {
          account: name,
          pwd: wirePassword(`racer-${index}`),
        }),
      ),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      0,
      errorCatalogue.ACCOUNT_TAKEN.code,
    ]);
    const after = await countIdentityRows(testApp);
    expect(after.users).toBe(before.users + 1);
    expect(after.sessions).toBe(before.sessions + 1);
  });

  it('refuses account names that break the naming rule and stores nothing', async () => {
    const before = await countIdentityRows(testApp);
    for (const account of ['abc', '1startswithdigit', 'has space', 'a'.repeat(17), 'bad-dash']) {
      const answer = await testApp.call(memberCreateAccount.path, {
        account,
        pwd: wirePassword('whatever'),
      });
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain('account');
    }
    expect(await countIdentityRows(testApp)).toEqual(before);
  });

  it('refuses a password that is not the 32-character wire hash', async () => {
    const answer = await testApp.call(memberCreateAccount.path, {
      account: newAccountName(),
      pwd: 'plain-text-password',
    });
    expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
    expect(answer.msg).toContain('pwd');
  });
});

describe('login with account and password', () => {
  it('signs a member in with a new token, whatever the letter case of the account name', async () => {
    const { account, password, session } = await registerMember(testApp);
    for (const name of [account, account.toUpperCase(), ` ${account} `]) {
      const signedIn = expectContractOutput(
        memberLoginAccount,
        expectOk(await login({ account: name, pwd: wirePassword(password), domainType: 3 })),
      );
      expect(signedIn).toMatchObject({ uid: session.uid, memberId: session.memberId, account });
      expect(signedIn.token).not.toBe(session.token);
      expectOk(await testApp.call(memberProfile.path, authOf(signedIn)));
    }
  });

  it('accepts the wire password in either letter case', async () => {
    const { account, password } = await registerMember(testApp);
    expectOk(await login({ account, pwd: wirePassword(password).toUpperCase() }));
  });

  it('answers a wrong password and an unknown account with the same code and message', async () => {
    const { account } = await registerMember(testApp);
    const before = await countIdentityRows(testApp);
    const wrongPassword = await login({ account, pwd: wirePassword('not-the-password') });
    const unknownAccount = await login({
      account: newAccountName('Nobody'),
      pwd: wirePassword('not-the-password'),
    });
    expectRefused(wrongPassword, errorCatalogue.BAD_CREDENTIALS.code);
    expect(unknownAccount).toEqual(wrongPassword);
    expect(await countIdentityRows(testApp)).toEqual(before);
  });

  it('answers refusals in the language the client asks for', async () => {
    const answer = await login({
      account: newAccountName(),
      pwd: wirePassword('nope'),
      lang: 'en',
    });
    expect(answer).toMatchObject({
      code: errorCatalogue.BAD_CREDENTIALS.code,
      msg: errorCatalogue.BAD_CREDENTIALS.en,
    });
  });

  it('stores the language the client logs in with', async () => {
    const { account, password } = await registerMember(testApp);
    const session = expectOk(await login({ account, pwd: wirePassword(password), lang: 'zht' }));
    expect(session.languageCode).toBe('zht');
  });

  it('refuses a visitor or demo identity as a login account', async () => {
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path, {}));
    // Neither has an account name: their uids and an empty or null-looking name log nobody in.
    for (const account of [demo.uid, visitor.uid, 'null']) {
      const answer = await login({ account, pwd: wirePassword('anything') });
      expectRefused(answer, errorCatalogue.BAD_CREDENTIALS.code);
    }
    const empty = await login({ account: '  ', pwd: wirePassword('anything') });
    expectRefused(empty, errorCatalogue.INVALID_INPUT.code);
    expect(empty.msg).toContain('account');
  });

  it('refuses a blocked account with 2008 for the right password and 2002 for a wrong one', async () => {
    const { account, password, session } = await registerMember(testApp);
    await testApp.database.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.uid, session.uid));
    expectRefused(
      await login({ account, pwd: wirePassword(password) }),
      errorCatalogue.ACCOUNT_BLOCKED.code,
    );
    expectRefused(
      await login({ account, pwd: wirePassword('wrong') }),
      errorCatalogue.BAD_CREDENTIALS.code,
    );
  });
});

describe('login/account/add', () => {
  it('signs in a second account while both tokens keep working', async () => {
    const first = await registerMember(testApp);
    const second = await registerMember(testApp);
    const added = expectContractOutput(
      memberLoginAccountAdd,
      expectOk(
        await testApp.call<Session>(memberLoginAccountAdd.path, {
          ...authOf(first.session),
          account: second.account,
          pwd: wirePassword(second.password),
        }),
      ),
    );
    expect(added).toMatchObject({ uid: second.session.uid, memberId: second.session.memberId });
    const firstProfile = expectOk(
      await testApp.call<{ memberId: number }>(memberProfile.path, authOf(first.session)),
    );
    const addedProfile = expectOk(
      await testApp.call<{ memberId: number }>(memberProfile.path, authOf(added)),
    );
    expect(firstProfile.memberId).toBe(first.session.memberId);
    expect(addedProfile.memberId).toBe(second.session.memberId);
  });

  it('needs a live token (403) and the right password (2002)', async () => {
    const first = await registerMember(testApp);
    const second = await registerMember(testApp);
    expectRefused(
      await testApp.call(memberLoginAccountAdd.path, {
        account: second.account,
        pwd: wirePassword(second.password),
      }),
      403,
    );
    expectRefused(
      await testApp.call(
        memberLoginAccountAdd.path,
        { ...authOf(first.session), account: second.account, pwd: wirePassword('wrong') },
        freshIp(),
      ),
      errorCatalogue.BAD_CREDENTIALS.code,
    );
  });
});

describe('password change', () => {
  it('changes the password, revokes every session, and only the new password logs in', async () => {
    const { account, password, session } = await registerMember(testApp);
    const otherSession = expectOk(await login({ account, pwd: wirePassword(password) }));
    const answer = await testApp.call(memberPasswordEdit.path, {
      ...authOf(session),
      oldPwd: wirePassword(password),
      pwd: wirePassword('brand-new-password'),
    });
    expect(expectContractOutput(memberPasswordEdit, expectOk(answer))).toBeNull();

    expectRefused(await testApp.call(memberProfile.path, authOf(session)), 403);
    expectRefused(await testApp.call(memberProfile.path, authOf(otherSession)), 403);
    expectRefused(
      await login({ account, pwd: wirePassword(password) }),
      errorCatalogue.BAD_CREDENTIALS.code,
    );
    const renewed = expectOk(await login({ account, pwd: wirePassword('brand-new-password') }));
    expectOk(await testApp.call(memberProfile.path, authOf(renewed)));
  });

  it('refuses a wrong current password with 2006 and keeps the old password', async () => {
    const { account, password, session } = await registerMember(testApp);
    const [before] = await testApp.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.uid, session.uid));
    const answer = await testApp.call(
      memberPasswordEdit.path,
      { ...authOf(session), oldPwd: wirePassword('guess'), pwd: wirePassword('takeover') },
      freshIp(),
    );
    expectRefused(answer, errorCatalogue.WRONG_OLD_PASSWORD.code);
    const [after] = await testApp.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.uid, session.uid));
    expect(after).toEqual(before);
    expectOk(await testApp.call(memberProfile.path, authOf(session)));
    expectOk(await login({ account, pwd: wirePassword(password) }));
  });

  it('counts wrong current passwords as failed logins, so guessing there also meets the captcha', async () => {
    const { account, password, session } = await registerMember(testApp);
    const ip = freshIp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expectRefused(
        await testApp.call(
          memberPasswordEdit.path,
          { ...authOf(session), oldPwd: wirePassword(`guess-${attempt}`), pwd: wirePassword('x') },
          ip,
        ),
        errorCatalogue.WRONG_OLD_PASSWORD.code,
      );
    }
    expectRefused(
      await login({ account, pwd: wirePassword(password) }),
      errorCatalogue.CAPTCHA_REQUIRED.code,
    );
  });

  it('refuses the password change for a demo account, which has no password, with 2010', async () => {
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    expectRefused(
      await testApp.call(memberPasswordEdit.path, {
        ...authOf(demo),
        oldPwd: wirePassword('a'),
        pwd: wirePassword('b'),
      }),
      errorCatalogue.NOT_ALLOWED_FOR_MEMBER_TYPE.code,
    );
  });
});
