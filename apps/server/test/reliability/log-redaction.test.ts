import { walletBalance } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/log-redaction';
import { createTestApp, type TestApp } from '../test-app';
import { newMember } from '../withdrawals/helpers';

/** The server's log lines, read as it writes them at the info level, for credentials in them. */

const lines: string[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    config: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });
}, 60_000);
afterAll(() => testApp?.close());

describe('log lines', () => {
  it('never show a token, password, passcode, key or signature a request carried', async () => {
    const member = await newMember(testApp);
    const secrets = {
      token: member.auth.token,
      pwd: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      password: 'pa55-word-in-the-query',
      withdrawPwd: 'withdraw-pwd-0000',
      passcode: 'passcode-4242',
      authToken: 'partner-auth-token-9999',
      key: 'sandbox-pay-page-key-7777',
      sign: 'signature-of-a-callback',
      totp: '123456',
    };
    const query = new URLSearchParams({ uid: member.auth.uid, ...secrets });
    lines.length = 0;
    await testApp.app.inject({ method: 'GET', url: `${walletBalance.path}?${query}` });
    await testApp.app.inject({ method: 'GET', url: `/sandbox/pay/P123?${query}` });
    await testApp.app.inject({
      method: 'POST',
      url: '/admin/api/members/list',
      headers: { authorization: `Bearer ${secrets.authToken}`, cookie: `sid=${secrets.key}` },
    });
    const written = lines.join('');
    // The request log was written, with each URL and its harmless fields.
    expect(written).toContain(`${walletBalance.path}?uid=${member.auth.uid}`);
    expect(written).toContain('/sandbox/pay/P123?');
    for (const [name, value] of Object.entries(secrets)) {
      expect(written, name).not.toContain(value);
      expect(written, name).toContain(`${name}=[redacted]`);
    }
  });

  it('redact a credential however its name is spelt in the query', () => {
    expect(redactUrl('/a?TOKEN=x&uid=7&new%5FPwd=y&keyword=z&k')).toBe(
      '/a?TOKEN=[redacted]&uid=7&new%5FPwd=[redacted]&keyword=z&k',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});
