import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each probe is a real file in the layer it tests, so ESLint applies that layer's config
// exactly as it does to the project's own files.
const root = join(import.meta.dirname, '..', '..');
const probeDirs = [
  'src/shared/__layer_probe__',
  'src/main/__layer_probe__',
  'src/renderer/src/__layer_probe__',
  'src/main/desktop/__layer_probe__',
  'src/main/store/__layer_probe__',
  'src/main/history/__layer_probe__',
  'src/renderer/src/ui/__layer_probe__',
  'src/renderer/src/app/__layer_probe__',
  'src/renderer/src/features/__layer_probe__',
];

// The renderer's floors: a probe per rule that breaks it, and one beside it that keeps it.
const ui = 'src/renderer/src/ui/__layer_probe__';
const app = 'src/renderer/src/app/__layer_probe__';
const feature = 'src/renderer/src/features/__layer_probe__';
const loads = (spec: string) => `export const load = () => import('${spec}');\n`;
const uses = (spec: string, name = 'x') => `import { ${name} } from '${spec}';\nexport const y = ${name};\n`;
const floorProbes: { file: string; code: string; allowed: boolean }[] = [
  { file: `${ui}/feature-entry.ts`, code: uses('@features/orders', 'OrdersView'), allowed: false },
  { file: `${ui}/feature-relative.ts`, code: uses('../../features/orders', 'OrdersView'), allowed: false },
  { file: `${ui}/app.ts`, code: uses('@app/views', 'VIEWS'), allowed: false },
  { file: `${ui}/fine.ts`, code: uses('../confirm-dialog', 'confirmAction'), allowed: true },
  { file: `${feature}/app.ts`, code: uses('@app/views', 'VIEWS'), allowed: false },
  { file: `${feature}/app-relative.ts`, code: uses('../../app/views', 'VIEWS'), allowed: false },
  {
    file: `${feature}/inner-file.ts`,
    code: uses('@features/orders/state-badge', 'StateBadge'),
    allowed: false,
  },
  { file: `${feature}/inner-relative.ts`, code: uses('../orders/state-badge', 'StateBadge'), allowed: false },
  {
    file: `${feature}/deep/inner-relative.ts`,
    code: uses('../../orders/state-badge', 'StateBadge'),
    allowed: false,
  },
  { file: `${feature}/deep/own-file.ts`, code: uses('../fine', 'y'), allowed: true },
  {
    file: `${feature}/fine.ts`,
    code: uses('@features/orders', 'StateBadge') + uses('@ui/mono-input', 'monoInput').replace('y', 'z'),
    allowed: true,
  },
  { file: `${feature}/component.tsx`, code: uses('@bridge', 'bridge'), allowed: false },
  { file: `${feature}/component-relative.tsx`, code: uses('../../bridge', 'bridge'), allowed: false },
  { file: `${feature}/deep/hook.ts`, code: uses('@bridge', 'bridge'), allowed: false },
  { file: `${feature}/probe-store.ts`, code: uses('@bridge', 'bridge'), allowed: true },
  {
    file: `${feature}/front-door.ts`,
    code: uses('@bridge', 'frontDoorHint') + uses('@bridge/bridge-error', 'errorMessage').replace('y', 'z'),
    allowed: true,
  },
  {
    file: `${app}/feature-inner.ts`,
    code: uses('@features/orders/state-badge', 'StateBadge'),
    allowed: false,
  },
  { file: `${app}/component.tsx`, code: uses('@bridge', 'bridge'), allowed: false },
  { file: `${app}/fine.ts`, code: uses('@features/orders', 'StateBadge'), allowed: true },
  // A view has its own entry, for the app shell alone: a feature importing it would import the
  // whole view, and the features would import each other in a circle again.
  { file: `${app}/view.ts`, code: uses('@features/orders/view', 'OrdersView'), allowed: true },
  { file: `${feature}/view.ts`, code: uses('@features/orders/view', 'OrdersView'), allowed: false },
  // So has the palette source it registers at start, the view arriving later (app/lazy-view.tsx).
  { file: `${app}/palette.ts`, code: "import '@features/orders/palette';\n", allowed: true },
  { file: `${feature}/palette.ts`, code: "import '@features/orders/palette';\n", allowed: false },
  // import() crosses a floor as much as import does: the views are loaded that way.
  { file: `${app}/dynamic-view.ts`, code: loads('@features/orders/view'), allowed: true },
  { file: `${ui}/dynamic-feature.ts`, code: loads('@features/orders/view'), allowed: false },
  { file: `${feature}/dynamic-app.ts`, code: loads('@app/views'), allowed: false },
  { file: `${feature}/dynamic-inner.ts`, code: loads('@features/orders/state-badge'), allowed: false },
  { file: `${feature}/dynamic-bridge.tsx`, code: loads('@bridge'), allowed: false },
  { file: `${feature}/deep/dynamic-own.ts`, code: loads('../fine'), allowed: true },
];

const probes: { file: string; code: string; allowed: boolean }[] = [
  {
    file: 'src/shared/__layer_probe__/node.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    allowed: false,
  },
  {
    file: 'src/shared/__layer_probe__/bare-node.ts',
    code: "import { join } from 'path';\nexport const x = join;\n",
    allowed: false,
  },
  {
    file: 'src/shared/__layer_probe__/main.ts',
    code: "import { APP_VERSION } from '../../main/version';\nexport const x = APP_VERSION;\n",
    allowed: false,
  },
  {
    file: 'src/shared/__layer_probe__/electron.ts',
    code: "import { app } from 'electron';\nexport const x = app;\n",
    allowed: false,
  },
  {
    file: 'src/shared/__layer_probe__/fine.ts',
    code: "import { z } from 'zod';\nexport const x = z.string();\n",
    allowed: true,
  },
  {
    file: 'src/main/__layer_probe__/electron.ts',
    code: "import { app } from 'electron';\nexport const x = app;\n",
    allowed: false,
  },
  {
    file: 'src/main/__layer_probe__/renderer.ts',
    code: "import { bridge } from '../../renderer/src/bridge';\nexport const x = bridge;\n",
    allowed: false,
  },
  {
    file: 'src/main/__layer_probe__/fine.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    allowed: true,
  },
  // Only src/main/store touches the database (issue 17).
  {
    file: 'src/main/history/__layer_probe__/sqlite.ts',
    code: "import Database from 'better-sqlite3';\nexport const x = Database;\n",
    allowed: false,
  },
  {
    file: 'src/main/history/__layer_probe__/connection.ts',
    code: "import { openDatabase } from '../../store/connection';\nexport const x = openDatabase;\n",
    allowed: false,
  },
  {
    file: 'src/main/history/__layer_probe__/connection-type.ts',
    code: "import type { SqliteDatabase } from '../../store/connection';\nexport type X = SqliteDatabase;\n",
    allowed: false,
  },
  {
    file: 'src/main/desktop/__layer_probe__/sqlite.ts',
    code: "import Database from 'better-sqlite3';\nexport const x = Database;\n",
    allowed: false,
  },
  {
    file: 'src/main/history/__layer_probe__/store.ts',
    code: "import { openStore } from '../../store/open-store';\nexport const x = openStore;\n",
    allowed: true,
  },
  {
    file: 'src/main/store/__layer_probe__/sqlite.ts',
    code: "import Database from 'better-sqlite3';\nimport { openDatabase } from '../connection';\nexport const x = [Database, openDatabase];\n",
    allowed: true,
  },
  {
    file: 'src/main/store/__layer_probe__/electron.ts',
    code: "import { app } from 'electron';\nexport const x = app;\n",
    allowed: false,
  },
  {
    file: 'src/main/desktop/__layer_probe__/electron.ts',
    code: "import { app } from 'electron';\nexport const x = app;\n",
    allowed: true,
  },
  {
    file: 'src/renderer/src/__layer_probe__/main.ts',
    code: "import { APP_VERSION } from '../../../main/version';\nexport const x = APP_VERSION;\n",
    allowed: false,
  },
  {
    file: 'src/renderer/src/__layer_probe__/node.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    allowed: false,
  },
  {
    file: 'src/renderer/src/__layer_probe__/electron.ts',
    code: "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n",
    allowed: false,
  },
  {
    file: 'src/renderer/src/__layer_probe__/dynamic-main.ts',
    code: loads('../../../main/version'),
    allowed: false,
  },
  {
    file: 'src/main/history/__layer_probe__/dynamic-sqlite.ts',
    code: loads('better-sqlite3'),
    allowed: false,
  },
  {
    file: 'src/shared/__layer_probe__/dynamic-node.ts',
    code: loads('node:fs'),
    allowed: false,
  },
  {
    file: 'src/renderer/src/__layer_probe__/fine.ts',
    code: "import { commands } from '../../../shared/contract';\nexport const x = commands;\n",
    allowed: true,
  },
  ...floorProbes,
];

let results: Map<string, string[]>;

beforeAll(async () => {
  for (const probe of probes) {
    mkdirSync(join(root, probe.file, '..'), { recursive: true });
    writeFileSync(join(root, probe.file), probe.code);
  }
  // The project's own config, minus type information: the layer rule reads import paths alone,
  // and the TypeScript program the type-aware rules need (no-floating-promises, no-misused-
  // promises; `npm run lint` runs them) took most of this file's 24 s to build.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['src/**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
  const linted = await eslint.lintFiles(probes.map((probe) => probe.file));
  results = new Map(
    linted.map((result) => [
      result.filePath.slice(root.length + 1),
      result.messages.filter((m) => m.ruleId === 'layers/no-restricted-imports').map((m) => m.message),
    ]),
  );
}, 120_000);

afterAll(() => {
  for (const dir of probeDirs) rmSync(join(root, dir), { recursive: true, force: true });
});

describe('layer rule (layers/no-restricted-imports, import() included)', () => {
  it.each(probes)('$file: allowed=$allowed', ({ file, allowed }) => {
    const messages = results.get(file);
    expect(messages, `not linted: ${file}`).toBeDefined();
    if (allowed) expect(messages).toEqual([]);
    else expect(messages?.length).toBeGreaterThan(0);
  });
});
