import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test-support/global-setup.ts'],
    include: ['{contracts,services,projections,workers,web}/{src,test}/**/*.spec.{ts,tsx}', 'test-support/**/*.spec.ts'],
    // Browser tests drive Chromium next to the app and its database on two cores: under a full run a step can
    // take several times what it takes alone, so waits are generous (speed is judged by `npm run bench`).
    testTimeout: 60_000,
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default'],
  },
});
