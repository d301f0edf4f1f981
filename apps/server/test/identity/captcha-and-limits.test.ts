import {
  captchaCheck,
  captchaGet,
  captchaRequired,
  errorCatalogue,
  memberLoginAccount,
  memberLoginAccountAdd,
  memberPasswordEdit,
  type Session,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLimits } from '../../src/modules/identity/login-guard';
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

/**
 * The limits this suite pins as numbers, so changing them in the code fails here: a captcha after
 * 3 failures of an account or 10 from an address, a lock after 10 failures of an account.
 */
const captchaAfterAccountFailures = 3;
const captchaAfterAddressFailures = 10;
const lockAfterAccountFailures = 10;

/** A clock the tests move forward to age captchas; the server reads it through `now`. */
let clock = Date.parse('2030-01-01T00:00:00Z');
/** Each captcha gets the next code of a known sequence, so tests can solve it. */
let captchaSerial = 0;
let lastCaptchaCode = '';
function nextCaptchaCode(): string {
  captchaSerial += 1;
  lastCaptchaCode = `K${String(captchaSerial).padStart(3, '2')}`.slice(-4);
  return lastCaptchaCode;
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    now: () => new Date(clock),
    generateCaptchaCode: nextCaptchaCode,
  });
});
afterAll(() => testApp.close());

type CaptchaAnswer = { captchaId: string; captchaType: number; image: string; expiresAt: number };

/** Issues a captcha and answers it with the code it shows. */
async function solvedCaptcha(ip?: string) {
  const issued = expectOk(await testApp.call<CaptchaAnswer>(captchaGet.path, {}, ip));
  return { ...issued, code: lastCaptchaCode };
}

const login = (fields: Record<string, unknown>, ip: string) =>
  testApp.call<Session>(memberLoginAccount.path, fields, ip);

const isCaptchaRequired = async (ip: string, account?: string) =>
  expectContractOutput(
    captchaRequired,
    expectOk(
      await testApp.call<{ required: boolean }>(
        captchaRequired.path,
        account === undefined ? {} : { account },
        ip,
      ),
    ),
  ).required;

/** Fails `times` logins for the account from the address, solving captchas once they are needed. */
async function failLogins(account: string, ip: string, times: number) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const captcha = (await isCaptchaRequired(ip, account)) ? await solvedCaptcha(ip) : undefined;
    const answer = await login(
      {
        account,
        pwd: wirePassword(`wrong-${attempt}`),
        ...(captcha ? { captchaId: captcha.captchaId, code: captcha.code, captchaType: 1 } : {}),
      },
      ip,
    );
    expectRefused(answer, errorCatalogue.BAD_CREDENTIALS.code);
  }
}

describe('captcha endpoints', () => {
  it('issues an SVG image captcha with an id and an expiry', async () => {
    const issued = expectContractOutput(
      captchaGet,
      expectOk(await testApp.call<CaptchaAnswer>(captchaGet.path, {})),
    );
    expect(issued.captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(issued.captchaType).toBe(1);
    expect(issued.expiresAt).toBe(clock + loginLimits.captchaTtlMs);
    expect(issued.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(issued.image.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // The answer is drawn glyph by glyph, never written out as one string.
    expect(svg).not.toContain(lastCaptchaCode);
  });

  it('checks an answer without using the captcha up, ignoring letter case', async () => {
    const captcha = await solvedCaptcha();
    for (const code of [captcha.code, captcha.code.toLowerCase(), captcha.code]) {
      const answer = await testApp.call(captchaCheck.path, {
        captchaId: captcha.captchaId,
        code,
      });
      expect(expectContractOutput(captchaCheck, expectOk(answer))).toEqual({ valid: true });
    }
  });

  it('answers valid: false for a wrong answer and for an unknown captcha id', async () => {
    const captcha = await solvedCaptcha();
    const wrong = await testApp.call(captchaCheck.path, {
      captchaId: captcha.captchaId,
      code: 'ZZZZ',
    });
    expect(expectOk(wrong)).toEqual({ valid: false });
    const unknown = await testApp.call(captchaCheck.path, {
      captchaId: 'f'.repeat(32),
      code: 'K222',
    });
    expect(expectOk(unknown)).toEqual({ valid: false });
  });

  it(`gives up a captcha after ${loginLimits.captchaMaxFailedAttempts} wrong answers`, async () => {
    const captcha = await solvedCaptcha();
    for (let attempt = 0; attempt < loginLimits.captchaMaxFailedAttempts; attempt += 1) {
      await testApp.call(captchaCheck.path, { captchaId: captcha.captchaId, code: 'ZZZZ' });
    }
    const right = await testApp.call(captchaCheck.path, {
      captchaId: captcha.captchaId,
      code: captcha.code,
    });
    expect(expectOk(right)).toEqual({ valid: false });
  });

  it('lets a captcha expire', async () => {
    const captcha = await solvedCaptcha();
    clock += loginLimits.captchaTtlMs;
    const answer = await testApp.call(captchaCheck.path, {
      captchaId: captcha.captchaId,
      code: captcha.code,
    });
    expect(expectOk(answer)).toEqual({ valid: false });
  });

  it('needs no captcha for an account or address without failures', async () => {
    expect(await isCaptchaRequired(freshIp())).toBe(false);
    expect(await isCaptchaRequired(freshIp(), newAccountName())).toBe(false);
  });
});

describe('failed logins per account', () => {
  it(`asks for a captcha after ${captchaAfterAccountFailures} failures, from any address`, async () => {
    const { account, password } = await registerMember(testApp);
    await failLogins(account, freshIp(), captchaAfterAccountFailures - 1);
    expect(await isCaptchaRequired(freshIp(), account)).toBe(false);
    await failLogins(account, freshIp(), 1);

    const otherIp = freshIp();
    expect(await isCaptchaRequired(otherIp, account)).toBe(true);
    expect(await isCaptchaRequired(otherIp, account.toUpperCase())).toBe(true);
    // The right password without a captcha is still refused, and creates no session.
    const before = await countIdentityRows(testApp);
    expectRefused(
      await login({ account, pwd: wirePassword(password) }, otherIp),
      errorCatalogue.CAPTCHA_REQUIRED.code,
    );
    expect(await countIdentityRows(testApp)).toEqual(before);
  });

  it('refuses a wrong captcha with 2004, then signs in with a right one and the right password', async () => {
    const { account, password } = await registerMember(testApp);
    const ip = freshIp();
    await failLogins(account, ip, captchaAfterAccountFailures);

    const captcha = await solvedCaptcha(ip);
    expectRefused(
      await login(
        { account, pwd: wirePassword(password), captchaId: captcha.captchaId, code: 'ZZZZ' },
        ip,
      ),
      errorCatalogue.CAPTCHA_INVALID.code,
    );
    expectRefused(
      await login(
        { account, pwd: wirePassword(password), captchaId: 'f'.repeat(32), code: captcha.code },
        ip,
      ),
      errorCatalogue.CAPTCHA_INVALID.code,
    );
    const session = expectContractOutput(
      memberLoginAccount,
      expectOk(
        await login(
          {
            account,
            pwd: wirePassword(password),
            captchaId: captcha.captchaId,
            code: captcha.code,
            captchaType: captcha.captchaType,
          },
          ip,
        ),
      ),
    );
    expect(session.account).toBe(account);
    // A success clears the account's failures: the next login needs no captcha.
    expect(await isCaptchaRequired(freshIp(), account)).toBe(false);
    expectOk(await login({ account, pwd: wirePassword(password) }, freshIp()));
  });

  it('never accepts the same captcha twice', async () => {
    const { account, password } = await registerMember(testApp);
    const ip = freshIp();
    await failLogins(account, ip, captchaAfterAccountFailures);

    const captcha = await solvedCaptcha(ip);
    const withCaptcha = (pwd: string) =>
      login({ account, pwd, captchaId: captcha.captchaId, code: captcha.code }, ip);
    expectRefused(
      await withCaptcha(wirePassword('wrong-again')),
      errorCatalogue.BAD_CREDENTIALS.code,
    );
    expectRefused(await withCaptcha(wirePassword(password)), errorCatalogue.CAPTCHA_INVALID.code);
    const check = await testApp.call(captchaCheck.path, {
      captchaId: captcha.captchaId,
      code: captcha.code,
    });
    expect(expectOk(check)).toEqual({ valid: false });
  });

  it('lets only one of two racing logins use a captcha', async () => {
    const { account, password } = await registerMember(testApp);
    const ip = freshIp();
    await failLogins(account, ip, captchaAfterAccountFailures);
    const captcha = await solvedCaptcha(ip);
    const fields = {
      account,
      pwd: wirePassword(password),
      captchaId: captcha.captchaId,
      code: captcha.code,
    };
    const answers = await Promise.all([login(fields, ip), login(fields, ip)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      0,
      errorCatalogue.CAPTCHA_INVALID.code,
    ]);
  });

  it('applies the same captcha rule to login/account/add', async () => {
    const { account, password } = await registerMember(testApp);
    const current = await registerMember(testApp);
    const ip = freshIp();
    await failLogins(account, ip, captchaAfterAccountFailures);
    const fields = { ...authOf(current.session), account, pwd: wirePassword(password) };
    expectRefused(
      await testApp.call(memberLoginAccountAdd.path, fields, ip),
      errorCatalogue.CAPTCHA_REQUIRED.code,
    );
    const captcha = await solvedCaptcha(ip);
    expectOk(
      await testApp.call(
        memberLoginAccountAdd.path,
        { ...fields, captchaId: captcha.captchaId, code: captcha.code },
        ip,
      ),
    );
  });

  it(`locks the account after ${lockAfterAccountFailures} failures, even for the right password and captcha`, async () => {
    const { account, password } = await registerMember(testApp);
    // Spread over addresses so only the account's count reaches its limit. The last of these
    // failures still reaches the password check, so the lock starts no earlier.
    for (let round = 0; round < lockAfterAccountFailures / 2; round += 1) {
      await failLogins(account, freshIp(), 2);
    }
    const ip = freshIp();
    const captcha = await solvedCaptcha(ip);
    const before = await countIdentityRows(testApp);
    expectRefused(
      await login(
        { account, pwd: wirePassword(password), captchaId: captcha.captchaId, code: captcha.code },
        ip,
      ),
      errorCatalogue.LOGIN_LOCKED.code,
    );
    expectRefused(
      await login({ account, pwd: wirePassword(password) }, freshIp()),
      errorCatalogue.LOGIN_LOCKED.code,
    );
    expect((await countIdentityRows(testApp)).sessions).toBe(before.sessions);
    // The lock refuses before the captcha is looked at, so the captcha is still unused.
    const check = await testApp.call(captchaCheck.path, {
      captchaId: captcha.captchaId,
      code: captcha.code,
    });
    expect(expectOk(check)).toEqual({ valid: true });
  });
});

describe('password change under failed-login limits', () => {
  it('needs no captcha from a signed-in member, but is refused once the account is locked', async () => {
    const { account, password, session } = await registerMember(testApp);
    const ip = freshIp();
    await failLogins(account, freshIp(), captchaAfterAccountFailures);
    const changed = await testApp.call(
      memberPasswordEdit.path,
      { ...authOf(session), oldPwd: wirePassword(password), pwd: wirePassword(`${password}-new`) },
      ip,
    );
    expectOk(changed);

    const again = await registerMember(testApp);
    await failLogins(again.account, freshIp(), lockAfterAccountFailures);
    expectRefused(
      await testApp.call(
        memberPasswordEdit.path,
        {
          ...authOf(again.session),
          oldPwd: wirePassword(again.password),
          pwd: wirePassword('other-pass'),
        },
        ip,
      ),
      errorCatalogue.LOGIN_LOCKED.code,
    );
  });
});

describe('failed logins per address', () => {
  it(`asks for a captcha from an address after ${captchaAfterAddressFailures} failures across accounts, but not from another address`, async () => {
    const ip = freshIp();
    // Two failures per account stay under the account threshold; one address makes them all.
    for (let index = 0; index < (captchaAfterAddressFailures - 2) / 2; index += 1) {
      await failLogins(newAccountName(), ip, 2);
    }
    await failLogins(newAccountName(), ip, 1);
    const { account, password } = await registerMember(testApp);
    expect(await isCaptchaRequired(ip, account)).toBe(false);
    await failLogins(newAccountName(), ip, 1);
    expect(await isCaptchaRequired(ip)).toBe(true);
    expect(await isCaptchaRequired(ip, account)).toBe(true);
    expectRefused(
      await login({ account, pwd: wirePassword(password) }, ip),
      errorCatalogue.CAPTCHA_REQUIRED.code,
    );

    const otherIp = freshIp();
    expect(await isCaptchaRequired(otherIp, account)).toBe(false);
    expectOk(await login({ account, pwd: wirePassword(password) }, otherIp));

    // From the busy address a solved captcha lets the member in.
    const captcha = await solvedCaptcha(ip);
    expectOk(
      await login(
        { account, pwd: wirePassword(password), captchaId: captcha.captchaId, code: captcha.code },
        ip,
      ),
    );
  });

  it(`locks an address after ${loginLimits.lockAfterAddressFailures} failures, only that address`, async () => {
    const ip = freshIp();
    const perAccount = 2;
    for (let index = 0; index < loginLimits.lockAfterAddressFailures / perAccount; index += 1) {
      await failLogins(newAccountName(), ip, perAccount);
    }
    const { account, password } = await registerMember(testApp);
    const captcha = await solvedCaptcha(ip);
    expectRefused(
      await login(
        { account, pwd: wirePassword(password), captchaId: captcha.captchaId, code: captcha.code },
        ip,
      ),
      errorCatalogue.LOGIN_LOCKED.code,
    );
    expectOk(await login({ account, pwd: wirePassword(password) }, freshIp()));
  });
});
