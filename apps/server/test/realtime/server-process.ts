import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresTestDatabase } from '../test-database';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const readyTimeoutMs = 45_000;

/** A real server process (`node` + tsx on src/main.ts) with a database of its own. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Every line the process wrote, for a failing test to show. */
  output: string[];
  /** Ends it gracefully (SIGTERM), then drops its database unless the caller owns it. */
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL): nothing it holds in memory survives. */
  kill(): Promise<void>;
}

/** A database for server processes, as the environment that points one at it. */
export interface ProcessDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A fresh database for one process: on TEST_DATABASE_URL's server, or a temporary PGlite. It comes
 * with a Redis prefix of its own, so processes on it share rooms and the feed lease with each
 * other (and with themselves restarted) and with no other test file.
 */
export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const REDIS_PREFIX = `sb:test:${randomBytes(6).toString('hex')}:`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-realtime-'));
    return {
      env: { DATA_DIR: dataDir, REDIS_PREFIX },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresTestDatabase(adminUrl);
  return { env: { DATABASE_URL: created.url, REDIS_PREFIX }, drop: created.drop };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts a server and resolves once it listens (its log names the port it was given), on a fresh
 * database of its own unless given one to share or to start again on.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { database?: ProcessDatabase } = {},
): Promise<ServerProcess> {
  const isOwnDatabase = options.database === undefined;
  const database = options.database ?? (await createProcessDatabase());
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'TEST_DATABASE_URL', 'PORT', 'HOST', 'VITEST'])
    delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...inherited,
      ...database.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(tmpdir(), 'sb-no-web'),
      // A light world, a quarter of the default one: every start builds it again.
      FEED_DENSITY: '0.25',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('server process did not start');
  const output: string[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      }, 5_000);
      await exited(child);
      clearTimeout(timer);
    }
    if (isOwnDatabase) await database.drop();
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
    await exited(child);
  };

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join('\n')}`)),
      readyTimeoutMs,
    );
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number };
          if (entry.msg?.startsWith('sportsbook ready') && entry.port) {
            clearTimeout(timer);
            resolve(entry.port);
          }
        } catch {
          // Not a log line: kept in the output only.
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`server exited (${code ?? signal}) before listening:\n${output.join('\n')}`),
      );
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { child, pid, url: `http://127.0.0.1:${port}`, output, stop, kill };
}

/** Posts JSON to a server's call and answers its envelope. */
export async function callServer<T>(
  url: string,
  path: string,
  fields: Record<string, unknown> = {},
): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}
