import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
afterAll(() => temp.remove());

const scenario = (name: string) => `name: ${name}\nsteps:\n  - step: wait\n    for: 1ms\n`;

/**
 * A folder of its own for each test, whichever order they run in: a suite (a.yaml, sub/b.yaml),
 * a shared folder beside it, and a file outside the suite that a link reaching it would take in.
 */
function fixture(name: string) {
  const root = join(temp.dir, name);
  const suite = join(root, 'suite');
  const shared = join(root, 'shared');
  mkdirSync(join(suite, 'sub'), { recursive: true });
  mkdirSync(shared);
  writeFileSync(join(suite, 'a.yaml'), scenario('a'));
  writeFileSync(join(suite, 'sub', 'b.yaml'), scenario('b'));
  writeFileSync(join(shared, 'shared.yaml'), scenario('shared'));
  writeFileSync(join(root, 'outside.yaml'), scenario('outside'));
  const load = () => loadScenarios(['suite'], root);
  return { root, suite, shared, load, files: () => load().scenarios.map((loaded) => loaded.file) };
}

describe.skipIf(process.platform === 'win32')('symbolic links in a scenario folder', () => {
  it('a linked folder is searched, its scenarios named through the link', () => {
    const { suite, shared, load, files } = fixture('linked-folder');
    symlinkSync(shared, join(suite, 'linked'));
    expect(files()).toEqual(['suite/a.yaml', 'suite/linked/shared.yaml', 'suite/sub/b.yaml']);
    expect(load().problems).toEqual([]);
  });

  it('a linked file is read as the file it leads to', () => {
    const { suite, shared, load } = fixture('linked-file');
    symlinkSync(shared, join(suite, 'linked'));
    symlinkSync(join(shared, 'shared.yaml'), join(suite, 'also-shared.yaml'));
    const loaded = load();
    // One file, once: the link's name comes first in the folder, so it names it.
    expect(loaded.scenarios.map((each) => each.scenario.name).sort()).toEqual(['a', 'b', 'shared']);
    expect(loaded.problems).toEqual([]);
  });

  it('links back into the suite or above it (loops, `/`) are not walked again; each file once', () => {
    const { root, suite, shared, load } = fixture('loops');
    symlinkSync(shared, join(suite, 'linked'));
    symlinkSync(join(shared, 'shared.yaml'), join(suite, 'also-shared.yaml'));
    symlinkSync(suite, join(suite, 'sub', 'loop'));
    symlinkSync(root, join(suite, 'parent'));
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
    const { suite, shared, load } = fixture('system-folders');
    symlinkSync(shared, join(suite, 'linked'));
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
    const { suite, shared, load } = fixture('closed');
    symlinkSync(shared, join(suite, 'linked'));
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
