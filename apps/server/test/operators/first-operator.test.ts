import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operatorLogin, operatorMe } from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { createAuditService } from '../../src/modules/operators/audit.service';
import { createOperatorAccounts } from '../../src/modules/operators/operator-accounts.service';
import { createOperatorRepository } from '../../src/modules/operators/operators.repository';
import { totpCodeAt } from '../../src/modules/operators/totp';
import { startServerProcess } from '../realtime/server-process';
import { createPostgresTestDatabase, createTestDatabase } from '../test-database';
import { adminCall, buildAppOver } from './helpers';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A database for processes to share: on TEST_DATABASE_URL's server, or a PGlite directory. */
async function sharedDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-operators-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresTestDatabase(adminUrl);
  return {
    env: { DATABASE_URL: created.url },
    open: () => openDatabase({ databaseUrl: created.url, dataDir: 'memory', poolSize: 2 }),
    drop: created.drop,
  };
}

/** Runs `npm run operator:create -- …` as a process of its own and answers what it printed. */
function runCreateCommand(
  env: Record<string, string>,
  args: string[],
  standardInput?: string,
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'TEST_DATABASE_URL', 'VITEST'])
    delete inherited[name];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/operator-create.ts', ...args],
    { cwd: repositoryRoot, env: { ...inherited, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(standardInput ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

/** The value after `label` on its own line of the command's output. */
function printed(stdout: string, label: string): string | undefined {
  return new RegExp(`^${label}:\\s+(\\S+)$`, 'm').exec(stdout)?.[1];
}

describe('npm run operator:create', () => {
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  const outputs: Record<string, Awaited<ReturnType<typeof runCreateCommand>>> = {};
  const chosenPassword = 'a long chosen pass-phrase';

  // Every command runs before the test opens the database: an embedded one has one user.
  beforeAll(async () => {
    database = await sharedDatabase();
    const run = (args: string[], input?: string) => runCreateCommand(database.env, args, input);
    outputs.created = await run(['--username', 'Carol', '--roles', 'finance,trader']);
    outputs.again = await run(['--username', 'carol', '--roles', 'admin']);
    outputs.badRole = await run(['--username', 'dave', '--roles', 'finance,boss']);
    outputs.noRoles = await run(['--username', 'dave']);
    outputs.chosen = await run(
      ['--username', 'erin', '--roles', 'admin', '--password-stdin'],
      `${chosenPassword}\n`,
    );
  }, 120_000);
  afterAll(() => database.drop());

  it('creates the operator and prints its password, TOTP secret and otpauth URI once', async () => {
    const { exitCode, stdout } = outputs.created ?? { exitCode: null, stdout: '' };
    expect(exitCode, stdout).toBe(0);
    expect(stdout).toContain('Operator "carol" created');
    expect(stdout).toContain('roles: finance, trader');
    const password = printed(stdout, 'Password');
    const totpSecret = printed(stdout, 'TOTP secret');
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(printed(stdout, 'otpauth URI')).toBe(
      `otpauth://totp/Sportsbook%3Acarol?secret=${totpSecret}&issuer=Sportsbook&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('refuses a taken name, an unknown role and missing roles, exiting 1', () => {
    expect(outputs.again).toMatchObject({ exitCode: 1, stdout: '' });
    expect(outputs.again?.stderr).toContain('"carol" already exists');
    expect(outputs.badRole).toMatchObject({ exitCode: 1, stdout: '' });
    expect(outputs.badRole?.stderr).toContain('not boss');
    expect(outputs.noRoles).toMatchObject({ exitCode: 1, stdout: '' });
    expect(outputs.noRoles?.stderr).toContain('--roles is required');
  });

  it('takes a chosen password from standard input and prints no password', () => {
    expect(outputs.chosen?.exitCode, outputs.chosen?.stderr).toBe(0);
    expect(printed(outputs.chosen?.stdout ?? '', 'Password')).toBeUndefined();
  });

  it('made operators that can sign in, with the roles given', async () => {
    const handle = await database.open();
    const app = await buildAppOver(handle);
    try {
      const signInWith = (username: string, password: string, stdout: string) =>
        adminCall<{ token: string; operator: { roles: string[] } }>({ app }, operatorLogin.path, {
          fields: {
            username,
            password: hashPasswordForWire(password),
            totp: totpCodeAt(printed(stdout, 'TOTP secret') ?? '', Date.now()),
          },
        });
      const carolOutput = outputs.created?.stdout ?? '';
      const carol = await signInWith('carol', printed(carolOutput, 'Password') ?? '', carolOutput);
      expect(carol.code, carol.msg).toBe(0);
      expect(carol.data.operator.roles).toEqual(['finance', 'trader']);
      const erin = await signInWith('erin', chosenPassword, outputs.chosen?.stdout ?? '');
      expect(erin.code, erin.msg).toBe(0);
      expect(erin.data.operator.roles).toEqual(['admin']);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('the first operator', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const accountsOver = (handle: DatabaseHandle) =>
    createOperatorAccounts({
      db: handle.db,
      repository: createOperatorRepository(handle.db),
      audit: createAuditService({ db: handle.db, now: () => new Date() }),
    });

  it('is made exactly once, even by several processes starting together', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => accountsOver(database).ensureFirstOperator()),
    );
    const made = attempts.filter((created) => created !== null);
    expect(made).toHaveLength(1);
    expect(made[0]?.operator).toMatchObject({ username: 'admin', roles: ['admin'] });
    expect(made[0]?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await accountsOver(database).ensureFirstOperator()).toBeNull();
  });

  it('is printed to the log at first start and can sign in with what was printed', async () => {
    // A Redis prefix of its own, so sign-in counts never meet another run's on a shared Redis.
    const server = await startServerProcess({
      FEED_PROVIDER: 'none',
      REDIS_PREFIX: `sb:test:${randomBytes(6).toString('hex')}:`,
    });
    try {
      const line = server.output
        .map((text) => {
          try {
            return JSON.parse(text) as Record<string, string>;
          } catch {
            return {};
          }
        })
        .find((entry) => entry.msg?.startsWith('first operator created'));
      expect(line, server.output.join('\n')).toMatchObject({ username: 'admin' });
      const response = await fetch(`${server.url}${operatorLogin.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'admin',
          password: hashPasswordForWire(line?.password ?? ''),
          totp: totpCodeAt(line?.totpSecret ?? '', Date.now()),
        }),
      });
      const login = (await response.json()) as { code: number; data: { token: string } };
      expect(login.code).toBe(0);
      const me = await fetch(`${server.url}${operatorMe.path}`, {
        headers: { authorization: `Bearer ${login.data.token}` },
      });
      expect(await me.json()).toMatchObject({ code: 0, data: { roles: ['admin'] } });
    } finally {
      await server.stop();
    }
  });
});
