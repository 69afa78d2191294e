import js from '@eslint/js';
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { restrictedImports } from './scripts/eslint-rules/restricted-imports.js';

// Layers (STYLE.md §1): shared → main → main/desktop; the renderer sees only shared.
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
// `layers/no-restricted-imports`: ESLint's rule, reading import() too (scripts/eslint-rules).
const RULE = 'layers/no-restricted-imports';
const restrict = (message, patterns, paths = [], also = []) => ({
  [RULE]: [
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

// The renderer: only the browser, src/shared and itself; inside it, floors.
const R = 'src/renderer/src';
const RENDERER = 'The renderer talks to main only through the bridge; it imports src/shared and itself.';
const BRIDGE =
  "Only a feature's *-store.ts calls the bridge; components call store actions (docs/architecture.md).";
const FLOOR = {
  ui: {
    message: 'ui/ is the bottom floor: it imports neither a feature nor the app shell.',
    patterns: [{ group: ['@features/**', '@app/**', '**/features/**', '**/app/**'] }],
  },
  app: {
    message:
      'The app shell imports a feature only through its index.ts (@features/<name>), its view through view.ts (@features/<name>/view) and its palette source through palette.ts (@features/<name>/palette).',
    patterns: [],
  },
  'feature-top': {
    message:
      'A feature imports ui/ and other features through @ui/… and @features/<name> (its index.ts), never app/.',
    patterns: [{ group: ['@app/**', '**/app/**'] }, { regex: '^\\.\\./' }],
  },
  'feature-inner': {
    message:
      'A feature imports ui/ and other features through @ui/… and @features/<name> (its index.ts), never app/.',
    patterns: [{ group: ['@app/**', '**/app/**'] }, { regex: '^(\\.\\./){2,}' }],
  },
};
// Another feature's inner file. The app shell alone also takes each feature's view from its own
// entry, view.ts: kept apart from index.ts, a feature importing another's parts never imports
// its whole view (through the views, the features imported each other in a circle). Likewise
// palette.ts, the palette source the shell registers at start while the view loads later.
const FEATURE_DEEP = { group: ['@features/*/**'] };
const FEATURE_DEEP_BUT_VIEW = { group: ['@features/*/**', '!@features/*/view', '!@features/*/palette'] };
/** One no-restricted-imports entry per file set (a later flat-config entry replaces an earlier one). */
function rendererRules({ floor, bridge = false }) {
  const layer = floor === undefined ? undefined : FLOOR[floor];
  const patterns = [{ group: ['**/main/**', '**/preload/**', 'node:*'], message: RENDERER }];
  if (layer !== undefined) {
    for (const pattern of layer.patterns) patterns.push({ ...pattern, message: layer.message });
    if (floor !== 'ui')
      patterns.push({
        ...(floor === 'app' ? FEATURE_DEEP_BUT_VIEW : FEATURE_DEEP),
        message: FLOOR.app.message,
      });
  }
  const paths = ['electron', 'better-sqlite3', 'ws', ...nodeBuiltins].map((name) => ({
    name,
    message: RENDERER,
  }));
  if (!bridge) {
    paths.push({ name: '@bridge', importNames: ['bridge'], message: BRIDGE });
    patterns.push({ regex: '(^|/)bridge$', importNames: ['bridge'], message: BRIDGE });
  }
  return { [RULE]: ['error', { paths, patterns }] };
}

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
    plugins: { layers: { rules: { 'no-restricted-imports': restrictedImports } } },
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
    rules: { ...reactHooks.configs.recommended.rules, ...rendererRules({}) },
  },
  // The renderer's floors (docs/architecture.md): ui/ at the bottom, features/ in the middle, app/ on top.
  { files: [`${R}/ui/**/*.{ts,tsx}`], rules: rendererRules({ floor: 'ui' }) },
  { files: [`${R}/app/**/*.{ts,tsx}`], rules: rendererRules({ floor: 'app' }) },
  { files: [`${R}/features/*/*.{ts,tsx}`], rules: rendererRules({ floor: 'feature-top' }) },
  { files: [`${R}/features/*/*/**/*.{ts,tsx}`], rules: rendererRules({ floor: 'feature-inner' }) },
  // Stores (and the bridge itself) are where the bridge is called: same floor rules, bridge allowed.
  ...[
    ['ui', 'ui'],
    ['app', 'app'],
    ['features/*', 'feature-top'],
    ['features/*/*/**', 'feature-inner'],
  ].map(([dir, floor]) => ({
    files: [`${R}/${dir}/*-store.ts`],
    rules: rendererRules({ floor, bridge: true }),
  })),
  { files: [`${R}/*.{ts,tsx}`, `${R}/bridge/**/*.ts`], rules: rendererRules({ bridge: true }) },
);
