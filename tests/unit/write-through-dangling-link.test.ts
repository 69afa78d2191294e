import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realLocation } from '../../src/main/real-location';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

// A link that leads nowhere yet was judged as its own path: `export --out out/report.json
// --force`, with out/report.json → <data dir>/sneaky.json, exited 0 and created sneaky.json in
// the data directory; `runs N --out`, `test --out` and Save as scenario did the same, since the
// guard let it pass and the writer opened the link, following it.
const temp = makeTempDir('cc-dangling-');
const dataDir = join(temp.dir, 'data');
const other = join(temp.dir, 'other-data');
const outside = join(temp.dir, 'outside');
const suite = join(temp.dir, 'suite');
const scenario = join(suite, 'quick.yaml');
let runId = '';
afterAll(() => temp.remove());

beforeAll(async () => {
  for (const dir of [dataDir, other])
    expect((await runCliCaptured(['--data-dir', dir, 'profiles', 'list'])).code).toBe(0);
  mkdirSync(outside);
  mkdirSync(suite);
  // A scenario that ends at once (its payload file is missing): a stored run, no network.
  writeFileSync(scenario, 'name: quick\nsteps:\n  - step: checkout\n    file: missing.json\n');
  await runCliCaptured(['--data-dir', dataDir, 'test', scenario, '--reporter', 'json', '--out', '-']);
  const listed = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
  runId = String((JSON.parse(listed.stdout) as { id: number }[])[0]?.id);
});

/** A link at `outside/<name>` to `target`, which does not exist. */
function danglingLink(name: string, target: string): string {
  const link = join(outside, name);
  symlinkSync(target, link);
  expect(existsSync(target)).toBe(false);
  return link;
}

const writers: [string, (out: string) => string[], number][] = [
  ['export --out', (out) => ['export', '--format', 'json', '--out', out, '--force'], 1],
  ['test --out', (out) => ['test', scenario, '--reporter', 'junit', '--out', out, '--force'], 2],
  ['runs N --out', (out) => ['runs', runId, '--reporter', 'junit', '--out', out, '--force'], 2],
];

describe('realLocation follows a link that leads nowhere yet', () => {
  it('to where a write through it would land: relative to the link, through a chain, bounded', async () => {
    const base = join(temp.dir, 'resolve');
    mkdirSync(join(base, 'a'), { recursive: true });
    symlinkSync('../b/new.json', join(base, 'a', 'relative'));
    expect(await realLocation(join(base, 'a', 'relative'))).toBe(join(base, 'b', 'new.json'));
    symlinkSync(join(base, 'a', 'relative'), join(base, 'chain'));
    expect(await realLocation(join(base, 'chain'))).toBe(join(base, 'b', 'new.json'));
    // A folder of the path that is a dangling link leads the rest with it.
    symlinkSync(join(base, 'gone'), join(base, 'folder-link'));
    expect(await realLocation(join(base, 'folder-link', 'x', 'y.json'))).toBe(
      join(base, 'gone', 'x', 'y.json'),
    );
    // A loop ends: nothing can be written through it, so it stays where it is.
    symlinkSync(join(base, 'loop-b'), join(base, 'loop-a'));
    symlinkSync(join(base, 'loop-a'), join(base, 'loop-b'));
    expect(await realLocation(join(base, 'loop-a'))).toMatch(/loop-[ab]$/);
  });
});

describe('no report lands in a data directory through a dangling link', () => {
  it.each(writers)('%s --force through a link to <data dir>/new is refused', async (flag, args, code) => {
    const target = join(dataDir, `sneaky-${flag.split(' ')[0] ?? ''}.xml`);
    const link = danglingLink(`to-data-${flag.split(' ')[0] ?? ''}.xml`, target);
    const run = await runCliCaptured(['--data-dir', dataDir, ...args(link)]);
    expect(run.code, run.stderr).toBe(code);
    expect(run.stderr).toContain(`Cannot write ${link}: it is inside the data directory (${dataDir})`);
    expect(existsSync(target)).toBe(false);
    expect(readlinkSync(link)).toBe(target);
  });

  it.each(writers)(
    '%s --force through a relative link into another console’s data directory is refused',
    async (flag, args) => {
      const target = join(other, `sneaky-${flag.split(' ')[0] ?? ''}.xml`);
      const link = join(outside, `to-other-${flag.split(' ')[0] ?? ''}.xml`);
      symlinkSync(join('..', 'other-data', `sneaky-${flag.split(' ')[0] ?? ''}.xml`), link);
      const run = await runCliCaptured(['--data-dir', dataDir, ...args(link)]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(`Cannot write ${link}: ${other} is a console's data directory`);
      expect(existsSync(target)).toBe(false);
    },
  );

  // As a link to a file that exists: the link is replaced by the file, never followed.
  it.each(writers)(
    '%s --force through a link to a new file outside replaces the link itself',
    async (flag, args) => {
      const target = join(temp.dir, `elsewhere-${flag.split(' ')[0] ?? ''}.xml`);
      const link = danglingLink(`to-elsewhere-${flag.split(' ')[0] ?? ''}.xml`, target);
      const run = await runCliCaptured(['--data-dir', dataDir, ...args(link)]);
      expect(run.stderr).not.toContain('Cannot write');
      expect(existsSync(target)).toBe(false);
      expect(lstatSync(link).isFile()).toBe(true);
      expect(readFileSync(link, 'utf8').length).toBeGreaterThan(0);
    },
  );

  it('without --force, a dangling link is a file that exists', async () => {
    const link = danglingLink('kept.json', join(temp.dir, 'kept-target.json'));
    const run = await runCliCaptured(['--data-dir', dataDir, 'export', '--format', 'json', '--out', link]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Cannot write ${link}: it exists; add --force to replace it.`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});

describe('Save as scenario never lands in a data directory through a dangling link', () => {
  let opened: Awaited<ReturnType<typeof openTempConsole>>;
  beforeAll(async () => {
    opened = await openTempConsole();
  });
  afterAll(async () => {
    await opened.dispose();
  });
  const text = 'name: Good\nsteps:\n  - step: wait\n    for: 1s\n';
  const save = (path: string, overwrite: boolean) =>
    opened.core.dispatcher('saveScenarioFile', { path, text, overwrite }, { transport: 'direct' });

  it('refuses a link to <data dir>/evil.yaml, ticked Overwrite or not, writing nothing', async () => {
    const target = join(opened.dataDir, 'evil.yaml');
    const link = danglingLink('evil.yaml', target);
    for (const overwrite of [false, true]) {
      expect(await save(link, overwrite)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: `path: Cannot write ${link}: it is inside the data directory (${opened.dataDir}), which holds the console's own files; choose a path outside it.`,
        },
      });
    }
    expect(existsSync(target)).toBe(false);
  });

  it('a folder of its path that is a dangling link into the data directory is refused too', async () => {
    const link = danglingLink('scenarios-link', join(opened.dataDir, 'scenarios'));
    const path = join(link, 'saved.yaml');
    expect(await save(path, true)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(existsSync(join(opened.dataDir, 'scenarios'))).toBe(false);
  });

  it('replaces a dangling link to a new file outside with the file itself, when told to overwrite', async () => {
    const target = join(temp.dir, 'scenario-elsewhere.yaml');
    const link = danglingLink('elsewhere.yaml', target);
    expect(await save(link, true)).toMatchObject({ ok: true, data: { path: link } });
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(link).isFile()).toBe(true);
    expect(readFileSync(link, 'utf8')).toBe(text);
  });
});
