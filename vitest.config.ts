import { defineConfig } from 'vitest/config';

const WHERE = ['{contracts,services,projections,workers,web}/{src,test}/**/', 'test-support/**/'];
const UNIT = WHERE.map((dir) => `${dir}*.unit.spec.{ts,tsx}`);

export default defineConfig({
  test: {
    // Browser tests drive Chromium next to the app and its database on two cores: under a full run a step can
    // take several times what it takes alone, so waits are generous (speed is judged by `npm run bench`).
    testTimeout: 60_000,
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      // Pure tests (no database, server or process state): a worker process runs many files instead of a new
      // process per file importing the same modules again (the 97 unit files: 61 → 20 s on 2 cores).
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: WHERE.map((dir) => `${dir}*.spec.{ts,tsx}`),
          exclude: [...UNIT, '**/node_modules/**'],
          // The run's embedded PostgreSQL and shared directory (the unit tests need neither).
          globalSetup: ['./test-support/global-setup.ts'],
          // A worker process runs file after file with the modules it has loaded (each file starts its own app,
          // database, browser and servers; the modules' own state is caches of pure results): loading them again
          // for each of the 125 files cost 333 s (summed over the files) of a 1,787 s run on a slow 2-core machine,
          // 35–40 s now (1,663 and 1,754 s on the same machine).
          isolate: false,
        },
      },
    ],
  },
});
