import { defineConfig } from 'vitest/config';

/**
 * The fuzz suite (`npm run test:fuzz`, run by `npm run test:e2e` after the build): plain HTTP from
 * Node against the production server that tests/fuzz/global-setup.ts starts (docs/architecture/tests.md).
 * The default config (vitest.config.ts) does not include tests/fuzz.
 */
export default defineConfig({
  test: {
    include: ['tests/fuzz/**/*.fuzz.test.ts'],
    globalSetup: ['tests/fuzz/global-setup.ts'],
    environment: 'node',
    // Limits for a machine whose cores are both busy, not waits: 1,200 requests take 1-2 minutes.
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
