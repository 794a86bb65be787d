import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ when a source is newer (the CLI tests run it) and removes every temporary folder at the end.
    globalSetup: ['test/global-setup.ts'],
    // The test files share their worker's module cache instead of importing the sources afresh
    // for each file: no test stubs modules or globals, and loading the grader once per worker
    // instead of once per file saves about a third of the suite's CPU time.
    isolate: false,
    // Vitest's default on a 2-core machine is one worker (cores - 1): every file would run in
    // turn. Two workers use both cores; test files share nothing but the run's TMPDIR.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
