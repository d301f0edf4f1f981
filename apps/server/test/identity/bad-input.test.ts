import {
  errorCatalogue,
  memberChangeCurrency,
  memberCreateAccount,
  memberLoginAccount,
  memberPasswordEdit,
  memberProfile,
  memberProfileEdit,
  openMemberLogin,
  type Session,
  type UserInfo,
  visitorCreate,
} from '@sb/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../../src/app';
import { createTestApp, type TestApp } from '../test-app';
import {
  authOf,
  countIdentityRows,
  expectContractOutput,
  expectOk,
  expectRefused,
  formBody,
  freshIp,
  inject,
  newAccountName,
  registerMember,
  wirePassword,
} from './helpers';

let testApp: TestApp;
/** A member whose token the refused calls below carry; its data must stay as it is. */
let member: { account: string; password: string; session: Session };

beforeAll(async () => {
  testApp = await createTestApp();
  member = await registerMember(testApp);
});
afterAll(() => testApp.close());

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const jsonHeaders = { 'content-type': 'application/json' };
const invalidInput = errorCatalogue.INVALID_INPUT.code;

interface BadRequest {
  name: string;
  request: () => InjectOptions;
  code: number;
  /** Text the message must contain, usually the field's name. */
  names?: string;
  statusCode?: number;
}

const post = (url: string, payload: unknown, headers?: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url,
  payload: payload as InjectOptions['payload'],
  remoteAddress: freshIp(),
  ...(headers ? { headers } : {}),
});

const badRequests: BadRequest[] = [
  {
    name: 'a registration without its password',
    request: () => post(memberCreateAccount.path, { account: newAccountName() }),
    code: invalidInput,
    names: 'pwd',
  },
  {
    name: 'a registration without its account',
    request: () => post(memberCreateAccount.path, { pwd: wirePassword('x') }),
    code: invalidInput,
    names: 'account',
  },
  {
    name: 'an account name that is a number',
    request: () => post(memberCreateAccount.path, { account: 12345678, pwd: wirePassword('x') }),
    code: invalidInput,
    names: 'account',
  },
  {
    name: 'a password that is a list',
    request: () => post(memberCreateAccount.path, { account: newAccountName(), pwd: [1, 2] }),
    code: invalidInput,
    names: 'pwd',
  },
  {
    name: 'a registration with an unknown field',
    request: () =>
      post(memberCreateAccount.path, {
        account: newAccountName(),
        pwd: wirePassword('x'),
        isAdmin: true,
      }),
    code: invalidInput,
    names: '"isAdmin"',
  },
  {
    name: 'a registration asking for its own member type',
    request: () =>
      post(memberCreateAccount.path, {
        account: newAccountName(),
        pwd: wirePassword('x'),
        type: 3,
        riskLevel: 0,
      }),
    code: invalidInput,
    names: '"type", "riskLevel"',
  },
  {
    name: 'a form-encoded registration with an unknown field',
    request: () =>
      post(
        memberCreateAccount.path,
        formBody({ account: newAccountName(), pwd: wirePassword('x'), agentId: '7' }),
        formHeaders,
      ),
    code: invalidInput,
    names: '"agentId"',
  },
  {
    name: 'an unknown field in the query of a POST',
    request: () => post(`${visitorCreate.path}?memberId=5`, {}),
    code: invalidInput,
    names: '"memberId"',
  },
  {
    name: 'a visitor creation with an unknown field',
    request: () => post(visitorCreate.path, { memberId: 1 }),
    code: invalidInput,
    names: '"memberId"',
  },
  {
    name: 'a login with an object for its account',
    request: () => post(memberLoginAccount.path, { account: { $ne: '' }, pwd: wirePassword('x') }),
    code: invalidInput,
    names: 'account',
  },
  {
    name: 'a login with an overlong account',
    request: () =>
      post(memberLoginAccount.path, { account: 'a'.repeat(33), pwd: wirePassword('x') }),
    code: invalidInput,
    names: 'account',
  },
  {
    name: 'a partner login without its authToken',
    request: () => post(openMemberLogin.path, { principal: 'p1', channel: 'acme' }),
    code: invalidInput,
    names: 'authToken',
  },
  {
    name: 'a token that is an object',
    request: () => post(memberProfile.path, { token: { value: 'abc' } }),
    code: invalidInput,
    names: 'token',
  },
  {
    name: 'an overlong token',
    request: () => post(memberProfile.path, { token: 't'.repeat(129) }),
    code: invalidInput,
    names: 'token',
  },
  {
    name: 'a client-info field over its length',
    request: () => post(visitorCreate.path, { deviceID: 'd'.repeat(200_000) }),
    code: invalidInput,
    names: 'deviceID',
  },
  {
    name: 'a NUL character in an account name',
    request: () =>
      post(memberLoginAccount.path, { account: 'abc\u0000def', pwd: wirePassword('x') }),
    code: invalidInput,
    names: 'account',
  },
  {
    name: 'a NUL character in a promote code',
    request: () =>
      post(memberCreateAccount.path, {
        account: newAccountName(),
        pwd: wirePassword('x'),
        promoteCode: 'a\u0000b',
      }),
    code: invalidInput,
    names: 'promoteCode',
  },
  {
    name: 'a NUL character in a client-info field',
    request: () => post(visitorCreate.path, { deviceID: 'device\u0000' }),
    code: invalidInput,
    names: 'deviceID',
  },
  {
    name: 'a NUL character in a captcha id',
    request: () => post('/app/api/captcha/check', { captchaId: 'a\u0000', code: 'ABCD' }),
    code: invalidInput,
    names: 'captchaId',
  },
  {
    name: 'a repeated query field',
    request: () => post(`${visitorCreate.path}?lang=en&lang=zh`, {}),
    code: invalidInput,
    names: 'lang',
  },
  {
    name: 'a JSON body over the size limit',
    request: () => post(visitorCreate.path, { deviceID: 'x'.repeat(bodyLimitBytes + 1) }),
    code: errorCatalogue.BODY_TOO_LARGE.code,
  },
  {
    name: 'a form-encoded body over the size limit',
    request: () =>
      post(visitorCreate.path, `deviceID=${'x'.repeat(bodyLimitBytes + 1)}`, formHeaders),
    code: errorCatalogue.BODY_TOO_LARGE.code,
  },
  {
    name: 'a body that is not valid JSON',
    request: () => post(visitorCreate.path, '{"lang": "en"', jsonHeaders),
    code: invalidInput,
    names: 'JSON',
  },
  {
    name: 'an array as the body',
    request: () => post(visitorCreate.path, [{ lang: 'en' }]),
    code: invalidInput,
    names: 'object',
  },
  {
    name: 'a JSON string as the body',
    request: () => post(visitorCreate.path, '"hello"', jsonHeaders),
    code: invalidInput,
    names: 'object',
  },
  {
    name: 'a JSON number as the body',
    request: () => post(visitorCreate.path, '42', jsonHeaders),
    code: invalidInput,
    names: 'object',
  },
  {
    name: 'a JSON body that tries to set the prototype',
    request: () => post(visitorCreate.path, '{"__proto__": {"memberId": 1}}', jsonHeaders),
    code: invalidInput,
  },
  {
    name: 'a form field named __proto__',
    request: () => post(visitorCreate.path, '__proto__=1', formHeaders),
    code: invalidInput,
    names: '__proto__',
  },
  {
    name: 'a plain-text body',
    request: () => post(visitorCreate.path, 'lang=en', { 'content-type': 'text/plain' }),
    code: invalidInput,
  },
  {
    name: 'a body of a content type the server does not read',
    request: () =>
      post(visitorCreate.path, '<lang>en</lang>', { 'content-type': 'application/xml' }),
    code: invalidInput,
    names: 'content type',
  },
  {
    name: 'a path no call lives at',
    request: () => post('/app/api/member/nothing-here', {}),
    code: errorCatalogue.NOT_FOUND.code,
    names: '/app/api/member/nothing-here',
    statusCode: 404,
  },
  {
    name: 'a GET of a POST-only call',
    request: () => ({ method: 'GET', url: `${visitorCreate.path}?lang=en` }),
    code: errorCatalogue.NOT_FOUND.code,
    statusCode: 404,
  },
];

describe('refused input changes nothing', () => {
  for (const bad of badRequests) {
    it(`refuses ${bad.name} with ${bad.code}`, async () => {
      const before = await countIdentityRows(testApp);
      const { statusCode, body } = await inject(testApp, bad.request());
      // Never HTTP 500 and never the internal-error code: each refusal has its own code.
      expect(statusCode).toBe(bad.statusCode ?? 200);
      expectRefused(body, bad.code);
      if (bad.names) expect(body.msg).toContain(bad.names);
      expect(await countIdentityRows(testApp)).toEqual(before);
    });
  }

  it('keeps the profile when an edit carries an unknown field', async () => {
    const answer = await testApp.call(memberProfileEdit.path, {
      ...authOf(member.session),
      languageCode: 'en',
      riskLevel: 6,
    });
    expectRefused(answer, invalidInput);
    expect(answer.msg).toContain('"riskLevel"');
    const profile = expectOk(
      await testApp.call<UserInfo>(memberProfile.path, authOf(member.session)),
    );
    expect(profile).toMatchObject({ languageCode: 'zh', riskLevel: 0 });
  });

  it('keeps the password when a password change is malformed', async () => {
    for (const fields of [
      { pwd: wirePassword('new-password') },
      { oldPwd: wirePassword(member.password), pwd: 'short' },
      { oldPwd: wirePassword(member.password), pwd: wirePassword('n'), account: 'someone' },
    ]) {
      const answer = await testApp.call(memberPasswordEdit.path, {
        ...authOf(member.session),
        ...fields,
      });
      expectRefused(answer, invalidInput);
    }
    expectOk(await testApp.call(memberProfile.path, authOf(member.session)));
    expectOk(
      await testApp.call(
        memberLoginAccount.path,
        { account: member.account, pwd: wirePassword(member.password) },
        freshIp(),
      ),
    );
  });

  it('answers the refusal in the language the request asks for', async () => {
    const answer = await testApp.call(visitorCreate.path, { lang: 'en', bogus: 1 });
    expect(answer.msg).toBe(`${errorCatalogue.INVALID_INPUT.en}: unknown field "bogus"`);
  });
});

describe('the three encodings of a valid call', () => {
  it('registers and logs in with form-encoded bodies', async () => {
    const account = newAccountName('Form');
    const registered = await inject(
      testApp,
      post(
        memberCreateAccount.path,
        formBody({ account, pwd: wirePassword('form-pass'), lang: 'en', deviceID: 'dev-1' }),
        formHeaders,
      ),
    );
    const session = expectContractOutput(
      memberCreateAccount,
      expectOk(registered.body as { code: number; msg: string; data: Session }),
    );
    expect(session).toMatchObject({ account, languageCode: 'en' });

    const loggedIn = await inject(
      testApp,
      post(
        memberLoginAccount.path,
        formBody({ account, pwd: wirePassword('form-pass'), domainType: '3', captchaType: '1' }),
        formHeaders,
      ),
    );
    expectContractOutput(memberLoginAccount, expectOk(loggedIn.body));
  });

  it('reads token, uid and typed fields from a form-encoded body', async () => {
    const { session } = await registerMember(testApp);
    const answer = await inject(
      testApp,
      post(
        memberChangeCurrency.path,
        formBody({ ...authOf(session), currencyId: '2' }),
        formHeaders,
      ),
    );
    const profile = expectContractOutput(
      memberChangeCurrency,
      expectOk(answer.body as { code: number; msg: string; data: UserInfo }),
    );
    expect(profile.currencyId).toBe(2);
  });

  it('registers and logs in with every field in the query of a POST without a body', async () => {
    const account = newAccountName('Query');
    const query = new URLSearchParams({ account, pwd: wirePassword('query-pass') });
    const registered = await inject(testApp, {
      method: 'POST',
      url: `${memberCreateAccount.path}?${query}`,
    });
    expect(expectContractOutput(memberCreateAccount, expectOk(registered.body))).toMatchObject({
      account,
    });
    const loggedIn = await inject(testApp, {
      method: 'POST',
      url: `${memberLoginAccount.path}?${query}`,
      remoteAddress: freshIp(),
    });
    expectContractOutput(memberLoginAccount, expectOk(loggedIn.body));
  });

  it('merges the token in the query with the fields of a JSON body', async () => {
    const { session } = await registerMember(testApp);
    const answer = await inject(testApp, {
      method: 'POST',
      url: `${memberProfileEdit.path}?${new URLSearchParams(authOf(session))}`,
      payload: { languageCode: 'zht' },
    });
    expect(expectOk(answer.body as { code: number; msg: string; data: UserInfo })).toMatchObject({
      languageCode: 'zht',
    });
  });

  it('accepts JSON with a charset and a POST without any body', async () => {
    const withCharset = await inject(
      testApp,
      post(visitorCreate.path, '{"lang":"en"}', {
        'content-type': 'application/json; charset=utf-8',
      }),
    );
    expect(
      expectOk(withCharset.body as { code: number; msg: string; data: Session }).languageCode,
    ).toBe('en');
    const withoutBody = await inject(testApp, { method: 'POST', url: visitorCreate.path });
    expectContractOutput(visitorCreate, expectOk(withoutBody.body));
  });
});
