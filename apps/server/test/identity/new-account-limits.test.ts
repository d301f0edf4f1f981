import { randomBytes } from 'node:crypto';
import { errorCatalogue, memberCreateAccount, memberCreateQuickAccount } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
} from '../../src/platform/counter-store';
import { createTestApp, type TestApp } from '../test-app';
import { createTestDatabase } from '../test-database';
import {
  countIdentityRows,
  expectOk,
  expectRefused,
  freshIp,
  newAccountName,
  wirePassword,
} from './helpers';

/**
 * The limits a deployment runs with unless configured otherwise, pinned as numbers so changing
 * a default fails here: per hour, 10 registrations from an address and 5 from a device, 10 quick
 * accounts from an address and 3 from a device.
 */
const defaults = {
  registrationsPerAddress: 10,
  registrationsPerDevice: 5,
  quickAccountsPerAddress: 10,
  quickAccountsPerDevice: 3,
};
/** The test app raises the limits for other suites; unset here, they take the defaults. */
const configuredDefaults = {
  REGISTER_PER_ADDRESS: undefined,
  REGISTER_PER_DEVICE: undefined,
  QUICK_ACCOUNT_PER_ADDRESS: undefined,
  QUICK_ACCOUNT_PER_DEVICE: undefined,
};
const rateLimited = errorCatalogue.RATE_LIMITED.code;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ config: configuredDefaults });
});
afterAll(() => testApp.close());

const freshDevice = () => `device-${randomBytes(6).toString('hex')}`;

function register(app: TestApp, ip: string, deviceID?: string) {
  return app.call(
    memberCreateAccount.path,
    {
      account: newAccountName(),
      pwd: wirePassword('a-password'),
      ...(deviceID ? { deviceID } : {}),
    },
    ip,
  );
}

function createQuickAccount(ip: string, deviceID?: string) {
  return testApp.call(memberCreateQuickAccount.path, deviceID ? { deviceID } : {}, ip);
}

describe('registrations', () => {
  it(`let ${defaults.registrationsPerAddress} of 25 racing from one address through, refuse the rest with 1004 and write nothing for them`, async () => {
    const ip = freshIp();
    const before = await countIdentityRows(testApp);
    const answers = await Promise.all(Array.from({ length: 25 }, () => register(testApp, ip)));
    const accepted = answers.filter((answer) => answer.code === 0);
    const refused = answers.filter((answer) => answer.code !== 0);
    expect(accepted).toHaveLength(defaults.registrationsPerAddress);
    for (const answer of refused) {
      expectRefused(answer, rateLimited);
      expect(answer.msg).toContain(
        `at most ${defaults.registrationsPerAddress} registrations an hour from one address`,
      );
    }
    const after = await countIdentityRows(testApp);
    expect(after.users).toBe(before.users + defaults.registrationsPerAddress);
    expect(after.sessions).toBe(before.sessions + defaults.registrationsPerAddress);
    // Another address is not held back by this one.
    expectOk(await register(testApp, freshIp()));
  });

  it(`allow ${defaults.registrationsPerDevice} an hour from one device whatever its address, then 1004`, async () => {
    const device = freshDevice();
    for (let index = 0; index < defaults.registrationsPerDevice; index += 1)
      expectOk(await register(testApp, freshIp(), device));
    const before = await countIdentityRows(testApp);
    const refused = await register(testApp, freshIp(), device);
    expectRefused(refused, rateLimited);
    expect(refused.msg).toContain('from one device');
    expect(await countIdentityRows(testApp)).toEqual(before);
    expectOk(await register(testApp, freshIp(), freshDevice()));
  });

  it('are counted together by every process sharing the counters (Redis when configured)', async () => {
    const redisUrl = process.env.REDIS_URL;
    const counters: CounterStore = redisUrl
      ? createRedisCounterStore(redisUrl, `sb:test:${randomBytes(6).toString('hex')}:`)
      : createMemoryCounterStore();
    const database = await createTestDatabase();
    const processes = [
      await createTestApp({ database, counters, config: configuredDefaults }),
      await createTestApp({ database, counters, config: configuredDefaults }),
    ];
    try {
      const ip = freshIp();
      for (let index = 0; index < defaults.registrationsPerAddress; index += 1)
        expectOk(await register(processes[index % 2] as TestApp, ip));
      for (const app of processes) expectRefused(await register(app, ip), rateLimited);
    } finally {
      for (const app of processes) await app.close();
      await counters.close();
      await database.close();
    }
  });
});

describe('quick accounts', () => {
  it(`allow ${defaults.quickAccountsPerAddress} an hour from one address, then refuse with 1004 and write nothing`, async () => {
    const ip = freshIp();
    for (let index = 0; index < defaults.quickAccountsPerAddress; index += 1)
      expectOk(await createQuickAccount(ip));
    const before = await countIdentityRows(testApp);
    const refused = await createQuickAccount(ip);
    expectRefused(refused, rateLimited);
    expect(refused.msg).toContain(
      `at most ${defaults.quickAccountsPerAddress} quick accounts an hour from one address`,
    );
    expect(await countIdentityRows(testApp)).toEqual(before);
    expectOk(await createQuickAccount(freshIp()));
  });

  it(`allow ${defaults.quickAccountsPerDevice} an hour from one device whatever its address, then 1004`, async () => {
    const device = freshDevice();
    for (let index = 0; index < defaults.quickAccountsPerDevice; index += 1)
      expectOk(await createQuickAccount(freshIp(), device));
    const before = await countIdentityRows(testApp);
    const refused = await createQuickAccount(freshIp(), device);
    expectRefused(refused, rateLimited);
    expect(refused.msg).toContain(
      `at most ${defaults.quickAccountsPerDevice} quick accounts an hour from one device`,
    );
    expect(await countIdentityRows(testApp)).toEqual(before);
  });

  it('are counted apart from registrations', async () => {
    const ip = freshIp();
    for (let index = 0; index < defaults.registrationsPerAddress; index += 1)
      expectOk(await register(testApp, ip));
    expectRefused(await register(testApp, ip), rateLimited);
    expectOk(await createQuickAccount(ip));
  });
});
