#!/usr/bin/env node
// Puts the renderer on its floors and rewrites its imports; safe to run again at any time.
//
//   node scripts/renderer-floors.mjs            # every renderer file except the EXCLUDED folders (none now)
//   node scripts/renderer-floors.mjs --all      # every renderer file (drops the compatibility shims)
//
// What it does, in order:
// 1. Moves each file in MOVES (paths under src/renderer/src) with `git mv`, if still at its old place.
// 2. Rewrites every import in the renderer and in tests/unit to the floors' rules:
//    - src/shared/x            -> '@shared/x'
//    - the bridge              -> '@bridge' (bridge.ts) or '@bridge/<file>'
//    - ui/x, app/x             -> '@ui/x', '@app/x' (relative inside the same floor)
//    - another feature's file  -> '@features/<name>' (its index.ts, which this script keeps
//                                 exporting every name that is imported that way); its view
//                                 stays '@features/<name>/view', the app shell's entry
//    - inside one feature      -> relative, as before
//    Imports of an EXCLUDED feature stay deep ('@features/timeline/…'); lint exempts them.
// 3. Files in EXCLUDED folders are not touched; where they still import a moved file by its old
//    path, a one-line re-export shim is left there (deleted by a later run with --all).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const rendererSrc = join(root, 'src/renderer/src');
const sharedSrc = join(root, 'src/shared');

/** Old path -> new path, both under src/renderer/src. Append to it; never reorder history. */
export const MOVES = {
  'app/confirm-dialog.tsx': 'ui/confirm-dialog.tsx',
  'app/confirm-live.tsx': 'ui/confirm-live.tsx',
  'app/mono-input.ts': 'ui/mono-input.ts',
  'app/environment-style.ts': 'ui/environment-style.ts',
  'app/platform.ts': 'ui/platform.ts',
  'app/navigation.ts': 'ui/navigation.ts',
  'app/app-command-registry.ts': 'ui/app-command-registry.ts',
  'app/app-commands.ts': 'ui/app-commands.ts',
  'app/palette/palette-search.ts': 'ui/palette/palette-search.ts',
  'app/palette/palette-sources.ts': 'ui/palette/palette-sources.ts',
  'app/open-external.tsx': 'ui/open-external.tsx',
  'app/app-store.ts': 'ui/app-store.ts',
  'app/preferences-store.ts': 'ui/preferences-store.ts',
  'app/color-scheme.ts': 'ui/color-scheme.ts',
  'app/switch-profile.ts': 'features/profiles/switch-profile.ts',
  'features/orders/order-format.ts': 'ui/order-format.ts',
  'features/jwt/use-now.ts': 'ui/use-now.ts',
};

/**
 * Folders another developer is rewriting: not edited here until merged (then run with --all).
 * None now: features/timeline/, the last, is on the floors.
 */
const EXCLUDED = [];
const SHIM_MARK = '// renderer-floors shim:';

const git = (...args) => execFileSync('git', args, { cwd: root, stdio: 'inherit' });
const toPosix = (path) => path.split('\\').join('/');
const rel = (path) => toPosix(relative(rendererSrc, path));
const excluded = (path) => EXCLUDED.some((folder) => rel(path).startsWith(folder));
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

// 1. Moves.
const reverse = new Map(Object.entries(MOVES).map(([from, to]) => [to, from]));
for (const [from, to] of Object.entries(MOVES)) {
  const source = join(rendererSrc, from);
  if (!existsSync(source) || readFileSync(source, 'utf8').startsWith(SHIM_MARK)) continue;
  mkdirSync(dirname(join(rendererSrc, to)), { recursive: true });
  git('mv', source, join(rendererSrc, to));
}

/** Where a file now is, given where it was (paths under src/renderer/src or absolute). */
function moved(absolute) {
  const key = rel(absolute);
  return MOVES[key] === undefined ? absolute : join(rendererSrc, MOVES[key]);
}

function findFile(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    // The old place of a moved file no longer exists: resolve it by name.
    const key = rel(candidate);
    if (MOVES[key] !== undefined) return candidate;
  }
  return null;
}

/** The absolute file a specifier names, as seen from a file that was at `fromDir`. */
function target(spec, fromDir) {
  if (spec.startsWith('.')) return findFile(resolve(fromDir, spec));
  if (spec.startsWith('@shared/')) return findFile(join(sharedSrc, spec.slice(8)));
  if (spec === '@bridge') return join(rendererSrc, 'bridge.ts');
  for (const floor of ['bridge', 'ui', 'app', 'features']) {
    if (spec.startsWith(`@${floor}/`))
      return findFile(join(rendererSrc, floor, spec.slice(floor.length + 2)));
  }
  return null;
}

const stripExt = (path) => path.replace(/\/index\.tsx?$/, '').replace(/\.tsx?$/, '');
const unitOf = (r) => (r.startsWith('features/') ? r.split('/').slice(0, 2).join('/') : r.split('/')[0]);
const relativeSpec = (fromFile, to) => {
  const spec = toPosix(posix.relative(toPosix(dirname(fromFile)), toPosix(stripExt(to))));
  return spec.startsWith('.') ? spec : `./${spec}`;
};

/** Names each feature's index.ts must export: feature -> module spec -> Set of "name" / "type name". */
const indexExports = new Map();

function specFor(importer, file, clause) {
  if (file.startsWith(sharedSrc + '/')) return `@shared/${stripExt(toPosix(relative(sharedSrc, file)))}`;
  if (!file.startsWith(rendererSrc + '/')) return null;
  const to = rel(file);
  const from = rel(importer);
  if (to === 'bridge.ts') return unitOf(from) === 'bridge.ts' ? null : '@bridge';
  if (unitOf(to) === unitOf(from)) return relativeSpec(importer, file);
  if (to.startsWith('bridge/')) return `@bridge/${stripExt(to.slice(7))}`;
  if (!to.startsWith('features/')) return `@${stripExt(to)}`;
  const feature = unitOf(to);
  const inner = stripExt(to.slice(feature.length + 1));
  if (inner === '' || inner === 'index') return `@${feature}`;
  // The view the app shell mounts has an entry of its own (view.ts), apart from the parts.
  if (inner === 'view') return `@${feature}/view`;
  // So has the palette source it registers at start (palette.ts), the view loading later.
  if (inner === 'palette') return `@${feature}/palette`;
  const names = clause === null ? null : namedImports(clause);
  if (EXCLUDED.some((folder) => to.startsWith(folder)) || names === null) return `@${stripExt(to)}`;
  const modules = indexExports.get(feature) ?? new Map();
  indexExports.set(feature, modules);
  const set = modules.get(`./${inner}`) ?? new Set();
  modules.set(`./${inner}`, set);
  for (const name of names) set.add(name);
  return `@${feature}`;
}

/** `{ a, type B, c as d }` (or `type { B }`) -> ['a', 'type B', 'c']; null for default/namespace. */
function namedImports(clause) {
  const typeOnly = /^type\s/.test(clause);
  const braces = /^(?:type\s+)?\{([^}]*)\}$/.exec(clause.trim());
  if (braces === null) return null;
  return braces[1]
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const isType = typeOnly || part.startsWith('type ');
      const name = part
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      return isType ? `type ${name}` : name;
    });
}

// 2. Rewrites.
const IMPORT =
  /(import|export)(\s+(?:type\s+)?(?:\{[^}]*\}|[\w*$]+(?:\s+as\s+\w+)?|[\w$]+\s*,\s*\{[^}]*\}))?(\s+from\s+|\s*)'([^']+)'/g;
const files = [...walk(rendererSrc), ...walk(join(root, 'tests/unit'))];
for (const file of files) {
  if (file.startsWith(rendererSrc) && excluded(file)) continue;
  if (/\/features\/[^/]+\/index\.ts$/.test(file)) continue; // regenerated below
  const text = readFileSync(file, 'utf8');
  if (text.startsWith(SHIM_MARK)) continue;
  const wasAt = reverse.has(rel(file)) ? join(rendererSrc, reverse.get(rel(file))) : file;
  const outside = !file.startsWith(rendererSrc);
  const next = text.replace(IMPORT, (whole, keyword, clause, gap, spec) => {
    if (!spec.startsWith('.') && !spec.startsWith('@')) return whole;
    const found = target(spec, dirname(wasAt));
    if (found === null) return whole;
    const now = moved(found);
    // tests/unit keep relative paths (they are not renderer code), just follow the moves.
    const wanted = outside
      ? now.startsWith(rendererSrc)
        ? relativeSpec(file, now)
        : spec
      : specFor(file, now, keyword === 'import' && clause ? clause.trim() : null);
    return wanted === null ? whole : `${keyword}${clause ?? ''}${gap}'${wanted}'`;
  });
  const merged = mergeSameSource(next);
  if (merged !== text) writeFileSync(file, merged);
}

/** `import { a } from 'x'; import { b } from 'x';` (one line each) -> `import { a, b } from 'x';`. */
function mergeSameSource(text) {
  const lines = text.split('\n');
  const first = new Map();
  const drop = new Set();
  lines.forEach((line, index) => {
    const m = /^import (type )?\{ ([^}]*) \} from '([^']+)';$/.exec(line);
    if (m === null) return;
    const key = `${m[1] ?? ''}${m[3]}`;
    const at = first.get(key);
    if (at === undefined) return void first.set(key, index);
    const names = /\{ ([^}]*) \}/.exec(lines[at])[1];
    lines[at] = `import ${m[1] ?? ''}{ ${names}, ${m[2]} } from '${m[3]}';`;
    drop.add(index);
  });
  return lines.filter((_, index) => !drop.has(index)).join('\n');
}

// Feature entries: keep what a hand wrote, add what is imported through them.
for (const [feature, modules] of indexExports) {
  const indexFile = join(rendererSrc, feature, 'index.ts');
  const existing = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
  for (const match of existing.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const set = modules.get(match[3]) ?? new Set();
    modules.set(match[3], set);
    for (const name of namedImports(`${match[1] ?? ''}{${match[2]}}`) ?? []) set.add(name);
  }
  const header = `// The one entry of ${feature}: other features and the app shell import only this file.\n// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.\n`;
  const lines = [...modules.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([spec, names]) => {
      const sorted = [...names].sort((a, b) =>
        a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')),
      );
      return `export { ${sorted.join(', ')} } from '${spec}';`;
    });
  writeFileSync(indexFile, header + lines.join('\n') + '\n');
}

// 3. Shims for excluded files that still import a moved file by its old path.
for (const [from, to] of Object.entries(MOVES)) {
  const oldFile = join(rendererSrc, from);
  const needed =
    EXCLUDED.length > 0 &&
    walk(rendererSrc)
      .filter(excluded)
      .some((file) =>
        [...readFileSync(file, 'utf8').matchAll(IMPORT)].some(
          (m) => m[4].startsWith('.') && findFile(resolve(dirname(file), m[4])) === oldFile,
        ),
      );
  const isShim = existsSync(oldFile) && readFileSync(oldFile, 'utf8').startsWith(SHIM_MARK);
  if (needed && !existsSync(oldFile)) {
    writeFileSync(
      oldFile,
      `${SHIM_MARK} moved to ${to}; removed by \`node scripts/renderer-floors.mjs --all\`.\nexport * from '@${stripExt(to)}';\n`,
    );
  } else if (!needed && isShim) rmSync(oldFile);
}
