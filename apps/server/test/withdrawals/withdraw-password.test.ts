import { memberProfile, type UserInfo, withdrawPasswordEdit } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawPasswordGuards } from '../../src/modules/withdrawals/withdrawals.schema';
import { createTestApp, type TestApp } from '../test-app';
import {
  balanceOf,
  cny,
  countRows,
  createWithdrawal,
  expectOk,
  expectRefused,
  newMember,
  pin,
  readyMember,
  reviewServiceOf,
  type TestMember,
  wirePassword,
} from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function hasWithdrawPwd(member: TestMember) {
  return expectOk(await testApp.call<UserInfo>(memberProfile.path, member.auth)).hasWithdrawPwd;
}

function editPassword(member: TestMember, loginPassword: string, digits: string) {
  return testApp.call(withdrawPasswordEdit.path, {
    ...member.auth,
    loginPwd: wirePassword(loginPassword),
    pwd: pin(digits),
  });
}

describe('/app/api/member/withdraw/pwd/edit (setWithdrawPwd)', () => {
  it('sets the password with the login password, and the profile then reports it', async () => {
    const member = await newMember(testApp);
    expect(await hasWithdrawPwd(member)).toBe(false);
    expect(expectOk(await editPassword(member, member.password, '246810'))).toBeNull();
    expect(await hasWithdrawPwd(member)).toBe(true);
  });

  it('refuses a wrong or missing login password and keeps the old state', async () => {
    const member = await newMember(testApp);
    const wrong = await editPassword(member, 'not-my-password', '246810');
    expectRefused(wrong, 5208);
    expect(await hasWithdrawPwd(member)).toBe(false);
    const missing = await testApp.call(withdrawPasswordEdit.path, {
      ...member.auth,
      pwd: pin('246810'),
    });
    expectRefused(missing, 1000);
    expect(missing.msg).toContain('loginPwd');
    const plain = await testApp.call(withdrawPasswordEdit.path, {
      ...member.auth,
      loginPwd: wirePassword(member.password),
      pwd: '123456',
    });
    expectRefused(plain, 1000);
    expect(plain.msg).toContain('pwd: must be the 32-character hashed password');
    expect(await hasWithdrawPwd(member)).toBe(false);
  });

  it('changes an existing password with the login password alone; the old one stops working', async () => {
    const member = await readyMember(testApp, 100_000);
    expectOk(await editPassword(member, member.password, '654321'));
    expectRefused(await createWithdrawal(testApp, member), 5207);
    expectOk(await createWithdrawal(testApp, member, { pwd: pin('654321') }));
  });
});

describe('the withdrawal lock (SPEC §4, code 5023)', () => {
  it('refuses a withdrawal before any password is set', async () => {
    const member = await newMember(testApp);
    const before = await countRows(testApp);
    expectRefused(await createWithdrawal(testApp, { ...member, accountId: 1 }), 5206);
    expect(await countRows(testApp)).toEqual(before);
  });

  it('locks after five wrong passwords in a row until an operator unlocks', async () => {
    const member = await readyMember(testApp, 100_000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await createWithdrawal(testApp, member, { pwd: pin('000000') });
      expectRefused(answer, 5207);
      expect(answer.msg).toContain(`${5 - attempt} attempts left`);
    }
    const fifth = await createWithdrawal(testApp, member, { pwd: pin('000000') });
    expectRefused(fifth, 5023);
    const before = await countRows(testApp);
    // Locked: even the right password answers 5023, and nothing is frozen.
    expectRefused(await createWithdrawal(testApp, member), 5023);
    expect(await countRows(testApp)).toEqual(before);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 100_000,
      frozen: 0,
    });
    // Setting a new password does not lift the lock.
    expectOk(await editPassword(member, member.password, '123456'));
    expectRefused(await createWithdrawal(testApp, member), 5023);

    const review = reviewServiceOf(testApp);
    expect(await review.unlock(member.userId, 9001)).toEqual({ wasLocked: true });
    expect(await review.unlock(member.userId, 9001)).toEqual({ wasLocked: false });
    expectOk(await createWithdrawal(testApp, member));
    // The count starts again from zero after an unlock.
    const wrong = await createWithdrawal(testApp, member, { pwd: pin('000000') });
    expect(wrong.msg).toContain('4 attempts left');
  });

  it('resets the count on a right password, so only five wrong in a row lock', async () => {
    const member = await readyMember(testApp, 100_000);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expectRefused(await createWithdrawal(testApp, member, { pwd: pin('999999') }), 5207);
      }
      expectOk(await createWithdrawal(testApp, member, { amount: 10_000 + round }));
    }
  });

  it('lets no more than five of many concurrent wrong guesses be checked', async () => {
    const member = await readyMember(testApp, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createWithdrawal(testApp, member, { pwd: pin('111111') })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 5207).length).toBeLessThanOrEqual(4);
    expect(codes.filter((code) => code !== 5207 && code !== 5023)).toEqual([]);
    // Every attempt let through to the password check is counted before it, so the count shows
    // how many guesses were checked: five, not twenty.
    const [guard] = await testApp.database.db
      .select()
      .from(withdrawPasswordGuards)
      .where(eq(withdrawPasswordGuards.userId, member.userId));
    expect(guard).toMatchObject({ failedAttempts: 5, lockedAt: expect.any(Date) });
    expectRefused(await createWithdrawal(testApp, member), 5023);
  });
});
