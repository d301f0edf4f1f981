import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  collectionCreate,
  depositAddress,
  depositCreate,
  healthCheck,
  type PayType,
  walletPayType,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentSandboxSecret } from '../../src/config';
import { expectOk, expectRefused } from '../identity/helpers';
import { startServerProcess } from '../realtime/server-process';
import { createTestApp, type TestApp } from '../test-app';
import { countDepositRows, newMember } from './helpers';

/**
 * A server with the payment sandbox off: none of its routes exist, and members are offered, and
 * can make, only the deposits that need no payment provider (bank transfer). Then the start-up
 * rules: production leaves the sandbox off, and refuses to start with it on unless allowed.
 */

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every route the sandbox registers, the provider's callback included. */
const sandboxRoutes = [
  ['GET', `/sandbox/pay/sp_${'0'.repeat(32)}?key=${'A'.repeat(43)}`],
  ['POST', `/sandbox/pay/sp_${'0'.repeat(32)}/complete?key=${'A'.repeat(43)}`],
  ['POST', `/sandbox/pay/sp_${'0'.repeat(32)}/fail?key=${'A'.repeat(43)}`],
  ['GET', '/sandbox/chain'],
  ['POST', '/sandbox/chain'],
  ['POST', '/sandbox/chain/transfer'],
  ['POST', '/sandbox/chain/mine'],
  ['POST', '/payments/sandbox/callback'],
] as const;

describe('a server with the payment sandbox off', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { PAYMENT_SANDBOX: 'off' } });
  });
  afterAll(() => testApp.close());

  it('has none of its routes: each answers 404', async () => {
    for (const [method, url] of sandboxRoutes) {
      const response = await testApp.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { network: 'TRC20', blocks: 1 } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('lists only bank-transfer pay types, so the member site offers nothing it cannot do', async () => {
    const member = await newMember(testApp);
    const payTypes = expectOk(await testApp.call<PayType[]>(walletPayType.path, member.auth));
    expect(new Set(payTypes.map((payType) => payType.merchantCode))).toEqual(new Set([2]));
    expect(
      expectOk(
        await testApp.call<PayType[]>(walletPayType.path, { ...member.auth, merchantCode: 1 }),
      ),
    ).toEqual([]);
  });

  it('refuses hosted and address deposits with 5100 naming the reason, and creates nothing', async () => {
    const member = await newMember(testApp);
    const before = await countDepositRows(testApp);
    const hosted = await testApp.call(depositCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 301,
      amount: 10_000,
    });
    expectRefused(hosted, 5100);
    expect(hosted.msg).toContain('payTypeId: 301 needs a payment provider');
    const address = await testApp.call(depositAddress.path, { ...member.auth, payTypeId: 501 });
    expectRefused(address, 5100);
    expect(address.msg).toContain('payTypeId: 501 needs a payment provider');
    expect(await countDepositRows(testApp)).toEqual(before);
    // Bank transfer needs no provider and still works.
    const collection = await testApp.call(collectionCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 201,
      amount: 50_000,
    });
    expect(collection.code).toBe(0);
  });
});

/** How long a start that must be refused may take before the server counts as started. */
const refusalTimeoutMs = 40_000;

/**
 * Runs the server as `npm start` does and answers how it ended, for a start that must fail. A
 * server that starts instead is stopped after `refusalTimeoutMs` and answers exit code null.
 */
function runServer(
  env: Record<string, string>,
): Promise<{ exitCode: number | null; stderr: string }> {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'TEST_DATABASE_URL', 'VITEST', 'NODE_ENV'])
    delete inherited[name];
  for (const name of Object.keys(inherited))
    if (name.startsWith('PAYMENT_SANDBOX')) delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', FEED_PROVIDER: 'none', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), refusalTimeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stderr });
    });
  });
}

describe('starting in production', () => {
  it(
    'refuses to start with the sandbox on, naming the variables, unless allowed with its own secret',
    async () => {
      const refused = await runServer({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'on' });
      expect(refused.exitCode).toBe(1);
      for (const name of [
        'PAYMENT_SANDBOX:',
        'PAYMENT_SANDBOX_ALLOW_PRODUCTION',
        'PAYMENT_SANDBOX_SECRET:',
      ])
        expect(refused.stderr).toContain(name);
      const withDefaultSecret = await runServer({
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'on',
        PAYMENT_SANDBOX_ALLOW_PRODUCTION: 'true',
        PAYMENT_SANDBOX_SECRET: developmentSandboxSecret,
      });
      expect(withDefaultSecret.exitCode).toBe(1);
      expect(withDefaultSecret.stderr).toContain('PAYMENT_SANDBOX_SECRET: must be your own secret');
      expect(withDefaultSecret.stderr).not.toContain('PAYMENT_SANDBOX: ');
    },
    2 * refusalTimeoutMs + 10_000,
  );

  it('starts with the sandbox off when nothing turns it on', async () => {
    const server = await startServerProcess({ NODE_ENV: 'production', FEED_PROVIDER: 'none' });
    try {
      const chain = await fetch(`${server.url}/sandbox/chain`);
      expect(chain.status).toBe(404);
      const health = await fetch(`${server.url}${healthCheck.path}`);
      expect(health.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
