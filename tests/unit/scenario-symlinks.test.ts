import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { makeTempDir } from './helpers/temp-console';

/**
 * Symbolic links in a scenario folder. A linked folder (a shared set of scenarios linked into
 * the suite) was skipped without a word, so its scenarios never ran and the suite still said
 * "passed". Links are now followed, safely: each file is taken once however many ways lead to
 * it, a link back into a folder being searched (a loop, or a link to `/`) is not walked again,
 * and one into a system folder (/dev, /proc, /sys) is a problem that names it.
 */
const temp = makeTempDir('cc-scenario-links-');
const suite = join(temp.dir, 'suite');
const shared = join(temp.dir, 'shared');
afterAll(() => temp.remove());

const scenario = (name: string) => `name: ${name}\nsteps:\n  - step: wait\n    for: 1ms\n`;
const load = () => loadScenarios(['suite'], temp.dir);
const files = () => load().scenarios.map((loaded) => loaded.file);

beforeAll(() => {
  mkdirSync(join(suite, 'sub'), { recursive: true });
  mkdirSync(shared);
  writeFileSync(join(suite, 'a.yaml'), scenario('a'));
  writeFileSync(join(suite, 'sub', 'b.yaml'), scenario('b'));
  writeFileSync(join(shared, 'shared.yaml'), scenario('shared'));
  // Outside the suite, beside it: a link that reached here would take it in.
  writeFileSync(join(temp.dir, 'outside.yaml'), scenario('outside'));
});

describe.skipIf(process.platform === 'win32')('symbolic links in a scenario folder', () => {
  it('a linked folder is searched, its scenarios named through the link', () => {
    symlinkSync(shared, join(suite, 'linked'));
    expect(files()).toEqual(['suite/a.yaml', 'suite/linked/shared.yaml', 'suite/sub/b.yaml']);
    expect(load().problems).toEqual([]);
  });

  it('a linked file is read as the file it leads to', () => {
    symlinkSync(join(shared, 'shared.yaml'), join(suite, 'also-shared.yaml'));
    const loaded = load();
    // One file, once: the link's name comes first in the folder, so it names it.
    expect(loaded.scenarios.map((each) => each.scenario.name).sort()).toEqual(['a', 'b', 'shared']);
    expect(loaded.problems).toEqual([]);
  });

  it('links back into the suite or above it (loops, `/`) are not walked again; each file once', () => {
    symlinkSync(suite, join(suite, 'sub', 'loop'));
    symlinkSync(temp.dir, join(suite, 'parent'));
    symlinkSync('/', join(suite, 'root'));
    symlinkSync(join(suite, 'sub'), join(suite, 'alias-of-sub'));
    const loaded = load();
    expect(loaded.problems).toEqual([]);
    expect(loaded.scenarios.map((each) => each.scenario.name).sort()).toEqual(['a', 'b', 'shared']);
    // A file inside the suite keeps its own name rather than one through a link to it.
    expect(loaded.scenarios.map((each) => each.file)).toContain('suite/sub/b.yaml');
    expect(loaded.scenarios.map((each) => each.file)).not.toContain('suite/parent/outside.yaml');
  });

  it('a link into /dev or /proc is a problem naming it, not a walk through devices', () => {
    symlinkSync('/dev', join(suite, 'devices'));
    symlinkSync('/proc/self', join(suite, 'process'));
    const { problems } = load();
    expect(problems.map((problem) => [problem.file, problem.message])).toEqual([
      ['suite/devices', 'is a link to /dev, a system folder: not followed'],
      ['suite/process', expect.stringMatching(/^is a link to \/proc\/\d+, a system folder: not followed$/)],
    ]);
  });

  // Root lists any folder, so this can only be seen as another user.
  it.skipIf(process.getuid?.() === 0)('a folder that cannot be listed is a problem naming it', () => {
    const closed = join(shared, 'closed');
    mkdirSync(closed);
    chmodSync(closed, 0o000);
    try {
      expect(load().problems.map((problem) => [problem.file, problem.message])).toContainEqual([
        'suite/linked/closed',
        expect.stringMatching(/^cannot be read: /),
      ]);
    } finally {
      chmodSync(closed, 0o755);
    }
  });
});
