// `npm run test:reliability`: the reliability suites (apps/server/test/reliability) at full size,
// on the embedded database and then on PostgreSQL with Redis, and docs/reliability.md written
// from the figures each suite recorded. The everyday `npm test` runs the same suites, shorter.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl =
  process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const reportDir = mkdtempSync(join(tmpdir(), 'sb-reliability-'));
const startedAt = new Date();

function runSuites(label, extraEnv) {
  console.log(`== reliability suites, full size, ${label} ==`);
  const run = spawnSync('npx', ['vitest', 'run', 'apps/server/test/reliability'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...extraEnv,
      RELIABILITY: 'full',
      RELIABILITY_REPORT_DIR: reportDir,
      BROWSER_SUITES: 'off',
    },
  });
  return run.status === 0;
}

function psql(sql) {
  execFileSync('psql', [adminUrl, '-qc', sql], { stdio: 'inherit' });
}

let isPassed = runSuites('embedded database (PGlite)', {});
// Each test file creates its own databases beside this one, as in CI.
const database = `sb_reliability_${randomBytes(4).toString('hex')}`;
psql(`create database ${database}`);
try {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  isPassed =
    runSuites('PostgreSQL and Redis', { TEST_DATABASE_URL: url.toString(), REDIS_URL: redisUrl }) &&
    isPassed;
} finally {
  psql(`drop database if exists ${database} with (force)`);
}

const entries = readdirSync(reportDir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(reportDir, name), 'utf8')));
rmSync(reportDir, { recursive: true, force: true });
if (!isPassed) {
  console.error('reliability suites failed; docs/reliability.md left as it was');
  process.exit(1);
}

const databaseNames = { pglite: 'embedded PGlite', postgres: 'PostgreSQL with Redis' };
const lines = [
  '# Reliability',
  '',
  'Written by `npm run test:reliability`, which runs every suite of apps/server/test/reliability at',
  'full size on the embedded database and on PostgreSQL with Redis; every figure below comes from',
  'its last run, and a run in which any check failed writes nothing. `npm test` (and so CI) runs',
  'the same suites at a smaller size.',
  '',
  `- Run: ${startedAt.toISOString()}`,
  `- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  '',
];
for (const entry of entries) {
  lines.push(`## ${entry.title} — ${databaseNames[entry.database] ?? entry.database}`, '');
  lines.push(entry.method, '', '| figure | value |', '|---|---|');
  for (const [figure, value] of Object.entries(entry.figures))
    lines.push(`| ${figure} | ${value} |`);
  lines.push('', 'Checks passed:', '', ...entry.checks.map((check) => `- ${check}`), '');
}
const reportPath = join(root, 'docs', 'reliability.md');
writeFileSync(reportPath, `${lines.join('\n')}\n`);
// The page is committed, so it is written in the house format that `npm run check` expects.
execFileSync('npx', ['biome', 'format', '--write', reportPath], { cwd: root, stdio: 'ignore' });
console.log('wrote docs/reliability.md');
