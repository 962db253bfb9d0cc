import { defineConfig } from 'vitest/config';
import { inlineScripts } from './vite-plugins/inline-scripts';

// Its own config: the React Router Vite plugin is for the app build, not for tests (docs/architecture/tests.md).
export default defineConfig({
  plugins: [inlineScripts({ appDir: 'app' })],
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ['tests/setup/vitest.setup.ts'],
    environment: 'node',
    // Two files at a time on CI's two cores: Vitest's default is one fewer worker than cores, which
    // left one core idle while files wait on PGlite, child processes and the network
    // (bench/README.md#ci-stages).
    maxWorkers: 2,
    // Tests run in a random order within each file (the seed is printed), so none can rely on an
    // earlier one having run; `--sequence.seed=N` replays an order.
    sequence: { shuffle: { files: false, tests: true } },
    // Limits, not waits: a test that takes 2 s on a quiet machine took 20 s while another test run
    // and a browser suite loaded both cores (the property-based ticket test).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'lint/**/*.test.ts', 'scripts/**/*.test.ts'],
          // As the database tests below, for the same reasons: their 109 files took 42 s of CPU
          // with a process each, 23 s sharing the workers' (bench/README.md#ci-stages).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/template-database.ts'],
          // The database tests share their workers' processes, file after file, rather than each
          // starting a process and importing the app again (two fifths of their CPU): each file
          // still gets a database of its own (tests/setup/database.ts), and starts with a data
          // folder of its own, the configuration read afresh and no mocks, stubs or fake timers
          // left by the file before (tests/setup/vitest.setup.ts). What the app keeps in memory
          // is held per database (bench/README.md#ci-stages).
          isolate: false,
        },
      },
    ],
  },
});
