import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// graphql ships ESM and CJS builds; Node's own loader gives our code and @graphql-tools the CJS
// one, so the tests must too, or the schema's classes come from two copies ("another realm").
const GRAPHQL_CJS = { find: /^graphql$/, replacement: 'graphql/index.js' };
const setupFiles = ['test/setup/console.ts'];

/**
 * Test files that start processes of their own (a browser, server processes) or time what a
 * restart costs: they run one at a time, after the rest, so they never compete with each other.
 */
const ALONE = [
  'test/e2e/**/*.test.ts',
  'test/integration/chat-processes.test.ts',
  'test/integration/chat-resilience.test.ts',
  'test/integration/api-url.test.ts',
  'test/integration/cluster.test.ts',
  'test/integration/redis-loss.test.ts',
  'test/integration/backup.test.ts',
  'test/integration/server-build.test.ts',
  'test/integration/upload-flood.test.ts',
];

/**
 * The other test files run side by side. An integration file spends most of its time waiting on
 * PostgreSQL (a process of its own) and on its own sockets, so more workers than cores pay off;
 * `TEST_WORKERS` overrides.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism() + 1);

export default defineConfig({
  test: {
    // Once per run for every project: the client bundles, one PostgreSQL server (embedded, or
    // DATABASE_URL) and a migrated, seeded template database that each test file clones (skipped
    // when only the unit project runs). Projects do not extend this root config, so it runs once.
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        resolve: { alias: [GRAPHQL_CJS] },
        test: {
          name: 'unit',
          setupFiles,
          // Pure modules: a worker keeps its imports from file to file.
          isolate: false,
          include: ['server/**/*.test.{ts,tsx}', 'client/**/*.test.{ts,tsx}', 'views/**/*.test.tsx', 'shared/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
        },
      },
      {
        // Real HTTP and sockets against the app in the test's own process, each file on its own
        // database cloned from the template.
        resolve: { alias: [GRAPHQL_CJS] },
        test: {
          name: 'integration',
          setupFiles,
          include: ['test/integration/**/*.test.ts'],
          exclude: ALONE,
          environment: 'node',
          maxWorkers: WORKERS,
          // Workers keep their module cache from file to file: each file builds its own app on its
          // own database, so nothing else is shared, and importing the server once per worker
          // instead of once per file saves a third of this project's time.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The islands in jsdom against a real server process (test/islands/chat-islands.test.tsx
        // says why): imports resolve as in the browser bundle, so socket.io and graphql-ws run their
        // browser builds, over test/setup/browser-websocket.ts.
        resolve: { alias: [GRAPHQL_CJS], conditions: ['browser'], mainFields: ['browser', 'module', 'main'] },
        test: {
          name: 'islands',
          setupFiles: [...setupFiles, 'test/setup/browser-websocket.ts'],
          include: ['test/islands/**/*.test.tsx'],
          environment: 'jsdom',
          server: { deps: { inline: ['socket.io-client', 'engine.io-client'] } },
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: [GRAPHQL_CJS] },
        test: {
          name: 'alone',
          setupFiles,
          include: ALONE,
          environment: 'node',
          maxWorkers: 1,
          // One worker runs them all in turn: it imports the server once, not once per file.
          isolate: false,
          sequence: { groupOrder: 1 },
          // Browser tests navigate many pages; on a loaded 2-core machine a whole flow can take a while.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ] satisfies TestProjectInlineConfiguration[],
  },
});
