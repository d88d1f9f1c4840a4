import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests beside their source, and integration and browser tests in test/
// that share one PostgreSQL server (embedded, or DATABASE_URL) started once in globalSetup; each
// test file clones its own database from a migrated template.
export default defineConfig({
  // graphql ships ESM and CJS builds; Node's own loader gives our code and @graphql-tools the CJS
  // one, so the tests must too, or the schema's classes come from two copies ("another realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    setupFiles: ['test/setup/console.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'server/**/*.test.tsx', 'client/**/*.test.ts', 'client/**/*.test.tsx', 'views/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          globalSetup: ['test/global-setup.ts'],
          environment: 'node',
          // Browser tests navigate many pages; on a loaded 2-core machine a whole flow can take a while.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
