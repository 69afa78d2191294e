import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const HOOK_AT_TOP_LEVEL = /^(beforeAll|beforeEach|afterAll|afterEach)\s*\(/m;

/** Whether a module registers a hook when it is loaded, rather than when a test file calls it. */
export function hooksAtTopLevel(text: string): boolean {
  return HOOK_AT_TOP_LEVEL.test(text);
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path);
    return /\.[cm]?[jt]sx?$/.test(name) ? [path] : [];
  });
}

// Where test files share their worker's modules (vitest's isolate: false), a helper is loaded
// once per worker, by the first file that imports it: a hook it registers as it loads belongs to
// that file alone, and never runs for the files after it. Setup files are loaded again for every
// file, so theirs do.
describe('the helpers shared by unit test files', () => {
  it('tells a hook registered as a module loads from one a function registers', () => {
    expect(hooksAtTopLevel("import { afterEach } from 'vitest';\nafterEach(async () => undefined);\n")).toBe(
      true,
    );
    expect(hooksAtTopLevel('export function tidy() {\n  afterEach(() => undefined);\n}\n')).toBe(false);
  });

  it('register no hook as they load', () => {
    const helpers = filesUnder('tests/unit/helpers');
    expect(helpers.length).toBeGreaterThan(0);
    expect(helpers.filter((file) => hooksAtTopLevel(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
