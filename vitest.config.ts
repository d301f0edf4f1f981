import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Built once per project, before its test files start: the migrated embedded database every
 * server suite's PGlite starts from.
 */
const pgliteTemplate = 'apps/server/test/pglite-template.global.ts';

export default defineConfig({
  test: {
    // One test file per core. The default keeps a core free for vitest itself, which halves the
    // run on a two-core machine; the suites spend much of their time waiting on child processes,
    // Chromium and databases, so the main process finds its time between them.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
          ],
          // The server's test files share each worker's loaded modules instead of loading the
          // whole server again per file (12 files of the suite: 70 s with isolation, 49 s
          // without): they mock no module, stub no global and change no environment variable,
          // and each builds its own app and database, so what the shared modules keep (caches of
          // pure functions, counters handing out fresh values, lent answer buffers) carries
          // nothing from one file into the next.
          isolate: false,
          globalSetup: [pgliteTemplate],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // The web app's unit tests mock modules, so each file keeps modules of its own.
          include: ['apps/web/src/**/*.test.ts', 'apps/web/e2e/**/*.test.ts'],
          // The web app the browser suites serve is built once, before they start.
          globalSetup: ['apps/web/e2e/build-web.global.ts', pgliteTemplate],
        },
      },
    ],
  },
});
