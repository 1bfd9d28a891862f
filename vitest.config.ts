import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test-support/global-setup.ts'],
    include: ['{contracts,services,projections,workers,web}/{src,test}/**/*.spec.{ts,tsx}', 'test-support/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default'],
  },
});
