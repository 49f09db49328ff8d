import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'tests/server/**/*.test.ts'],
          setupFiles: ['tests/helpers/server-setup.ts'],
          // One PGlite per worker: creating one takes seconds, and the CI machine has two cores.
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A browser against a real server on a busy machine: vitest's 1 s default for expect.poll is
          // a unit-test figure, and a Chicken Road loss opens its dialog 1 s after the answer by design.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
