// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The linter of `npm test` (`npm run lint`). The type check (tsc, strict) already catches what the
 * compiler can; this adds what it cannot: promises nobody awaits or handles, unused code, React's
 * rules of hooks in the islands and views, and a few habits of the team's style guide.
 */
export default defineConfig(
  { ignores: ['public/build/**', 'dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise that is neither awaited nor handled loses its error (an unhandled rejection
      // ends the process); `void p` says "on purpose, and p handles its own errors".
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // An async function where a void callback is expected (an Express handler, an event
      // listener) loses its rejection the same way. Attributes of JSX (onClick={async …}) are
      // checked too; a handler that must be async wraps its body and says `void`.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: true } }],
      // `_name` marks a deliberately unused binding (a destructured-away field, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      'prefer-const': 'error',
    },
  },
  {
    // The islands, their shared chat code and the server-rendered views are React components.
    files: ['client/**/*.{ts,tsx}', 'views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // Only the two classic rules: the React Compiler rules of `recommended-latest` judge code for a
    // compiler we do not run, and flag the signals' `.value =` writes that are how islands update.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Migrations are frozen against `Kysely<any>` on purpose (a migration must not change when the
    // Database type does), and the migrator runs them through the same untyped handle.
    files: ['server/db/migrations/**', 'server/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Reached through `Kysely<any>` until every table is in the one typed Database (the chat
    // tables, the resource engine's generic repository): remove a file from this list when it is.
    files: ['server/chat/queries.ts', 'server/resources/repo.ts', 'server/resources/defs/templates.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The config files themselves are plain JavaScript outside the TypeScript project.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
