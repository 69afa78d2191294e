import js from '@eslint/js';
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers (STYLE.md §1): shared → main → main/desktop; the renderer sees only shared.
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const restrict = (message, patterns, paths = [], also = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [...paths.map((name) => ({ name, message })), ...also.flatMap((rule) => rule.paths)],
      patterns: [{ group: patterns, message }, ...also.flatMap((rule) => rule.patterns)],
    },
  ],
});
// One owner for the database (issue 17): only src/main/store opens it or holds the connection.
const storeMessage =
  'Only src/main/store touches the database: use the repositories and the writer that openStore() returns.';
const storeOwnsTheDatabase = {
  paths: [{ name: 'better-sqlite3', message: storeMessage }],
  patterns: [{ group: ['**/store/connection', '**/store/connection.ts'], message: storeMessage }],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'native/**',
      'bench/results/**',
      'test-results/**',
      '.tmp/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Playwright fixtures declare "no dependencies" as an empty object pattern.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(
      'src/shared is pure TypeScript: no Node, no DOM, no Electron, nothing from main or renderer.',
      ['**/main/**', '**/renderer/**', '**/preload/**', 'node:*'],
      ['electron', 'better-sqlite3', 'ws', 'react', ...nodeBuiltins],
    ),
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/desktop/**', 'src/main/store/**'],
    rules: restrict(
      'Only src/main/index.ts and src/main/desktop/ may import electron; main never imports the renderer.',
      ['**/renderer/**', '**/preload/**', 'electron/*', '**/desktop/**'],
      ['electron'],
      [storeOwnsTheDatabase],
    ),
  },
  {
    files: ['src/main/store/**/*.ts'],
    rules: restrict(
      'Only src/main/index.ts and src/main/desktop/ may import electron; main never imports the renderer.',
      ['**/renderer/**', '**/preload/**', 'electron/*', '**/desktop/**'],
      ['electron'],
    ),
  },
  {
    files: ['src/main/index.ts', 'src/main/desktop/**/*.ts'],
    rules: restrict(
      'main never imports the renderer or the preload.',
      ['**/renderer/**', '**/preload/**'],
      [],
      [storeOwnsTheDatabase],
    ),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict('The preload sees electron and src/shared only.', ['**/main/**', '**/renderer/**']),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        'The renderer talks to main only through the bridge; it imports src/shared and itself.',
        ['**/main/**', '**/preload/**', 'node:*'],
        ['electron', 'better-sqlite3', 'ws', ...nodeBuiltins],
      ),
    },
  },
);
