import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ when a source is newer (the CLI tests run it) and removes every temporary folder at the end.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
  },
});
