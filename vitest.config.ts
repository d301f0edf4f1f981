import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/e2e/**/*.test.ts',
    ],
    // The browser suites serve the built web app: built once, before any test file starts.
    globalSetup: ['apps/web/e2e/build-web.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
