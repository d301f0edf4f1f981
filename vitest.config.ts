import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/e2e/**/*.test.ts',
    ],
    // Built once, before any test file starts: the web app the browser suites serve, and the
    // migrated embedded database every server suite's PGlite starts from.
    globalSetup: ['apps/web/e2e/build-web.global.ts', 'apps/server/test/pglite-template.global.ts'],
    // One test file per core. The default keeps a core free for vitest itself, which halves the
    // run on a two-core machine; the suites spend much of their time waiting on child processes,
    // Chromium and databases, so the main process finds its time between them.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
