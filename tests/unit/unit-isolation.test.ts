import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_UNIT_FILES } from './setup/isolated-files';

// Unit test files share their worker's modules (vitest.config.ts), except those listed in
// setup/isolated-files.ts. A file that mocks a module and is not listed would see its mock miss
// the modules an earlier file loaded, and lend it to the files after: a failure that depends on
// which files ran before it in the same worker. This rule finds such a file before that happens.

const root = join(import.meta.dirname, '..', '..');
const MOCKS_A_MODULE = /\bvi\s*\.\s*(mock|doMock)\s*[(<]/;

/** Whether a test file's text replaces a module for itself (vi.mock, vi.doMock). */
export function mocksAModule(text: string): boolean {
  return MOCKS_A_MODULE.test(text);
}

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

// Every file vitest.config.ts includes (tests/unit/**/*.test.ts), in a folder below too.
const unitFiles = filesUnder('tests/unit').filter((file) => file.endsWith('.test.ts'));
const isolated = new Set<string>(ISOLATED_UNIT_FILES);

describe('the unit files that run in a fresh module graph', () => {
  it('tells a file that mocks a module from one that does not', () => {
    // Written so that this file's own text mocks nothing.
    const vi = (call: string) => `vi.${call}`;
    expect(mocksAModule(vi("mock('@bridge', () => ({ bridge: {} }));"))).toBe(true);
    expect(mocksAModule(vi("mock<typeof Fs>('node:fs', async (original) => original());"))).toBe(true);
    expect(mocksAModule(vi("doMock('../../src/main/app', () => ({}));"))).toBe(true);
    expect(mocksAModule(`${vi("spyOn(process.stderr, 'write');")}\n${vi('useFakeTimers();')}`)).toBe(false);
  });

  it('include every file that mocks a module', () => {
    const mocking = unitFiles.filter((file) => mocksAModule(readFileSync(join(root, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !isolated.has(file))).toEqual([]);
  });

  it('are each a unit file that mocks a module, so none runs isolated for nothing', () => {
    for (const file of isolated) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(mocksAModule(readFileSync(join(root, file), 'utf8')), file).toBe(true);
    }
  });
});

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
