import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const webDir = join(root, 'apps/web');
const builtPage = join(webDir, 'dist/index.html');
/** What the built app is made of: a change to any of these makes the build stale. */
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/console.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'packages/domain/src',
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/**
 * Builds the web app once before the test run when it is missing or older than its sources, so
 * every browser suite tests the code in the tree, and no two suites build it at the same time.
 */
export default function buildWebOnce(): void {
  if (process.env.BROWSER_SUITES === 'off') return;
  const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
  if (builtAt > changedAt) return;
  // Vitest runs with NODE_ENV=test, which the build would inherit and bake in: React's
  // development build, three times the size and slower. The suites test what members get.
  execFileSync('npx', ['vite', 'build'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
