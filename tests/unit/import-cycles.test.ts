import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererAliases } from '../../scripts/renderer-aliases';

// Issue 17: the front doors are symmetric and no import cycle remains (type imports count: a
// cycle through types still ties two modules' designs together). Found with Tarjan's strongly
// connected components over every relative import under src/.

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');
// The renderer imports across its floors through aliases (@features/…, @ui/…): unresolved, the
// features' circle through their views went unseen.
const ALIASES = rendererAliases(ROOT);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const alias = ALIASES.find(({ find }) => find.test(specifier));
  if (!specifier.startsWith('.') && alias === undefined) return null;
  const base =
    alias === undefined
      ? resolve(dirname(from), specifier)
      : specifier.replace(alias.find, alias.replacement);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export function importGraph(files: readonly string[]): Map<string, string[]> {
  // `import … from`, `export … from`, and `import('…')`: the views are loaded that way, and a
  // cycle through a dynamic import still ties two modules' designs together.
  const pattern = /(?:(?:import|export)[^'"]*?from\s+|import\(\s*)['"]([^'"]+)['"]/g;
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(pattern)]
        .map((match) => resolveImport(file, match[1] ?? ''))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Groups of modules that import each other, directly or through others (size > 1). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (;;) {
      const member = stack.pop() ?? node;
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) cycles.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('the check finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCycles(graph).map((group) => group.sort())).toEqual([['a', 'b', 'c']]);
  });

  it('sees imports through the renderer’s aliases, import() included', () => {
    const views = join(SRC, 'renderer', 'src', 'app', 'views.tsx');
    expect(importGraph([views]).get(views)).toContain(
      join(SRC, 'renderer', 'src', 'features', 'orders', 'view.ts'),
    );
  });

  it('no module under src/ imports itself back, through any path', () => {
    const cycles = importCycles(importGraph(sourceFiles(SRC))).map((group) =>
      group.map((file) => relative(SRC, file)).sort(),
    );
    expect(cycles).toEqual([]);
  });
});
