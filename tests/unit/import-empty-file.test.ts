import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * `import` of an empty file (0 bytes, or only whitespace) exited 0 saying it "holds no records":
 * a QA engineer who picked the wrong file was told it was fine. No export is empty (an NDJSON
 * export of no records writes the JSON export's empty form on one line), so an empty file is
 * refused, naming it and why; a file that genuinely holds no records still imports, saying so.
 */
const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

function fresh() {
  const data = makeTempDir('cc-empty-import-');
  const files = makeTempDir('cc-empty-import-files-');
  temps.push(data, files);
  return { dataDir: data.dir, file: (name: string, text: string) => write(join(files.dir, name), text) };
}

function write(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}

describe('an empty file is refused, naming it and the cause', () => {
  it.each([
    ['wrong.json', '', 'It is empty (0 bytes)'],
    ['wrong.ndjson', '', 'It is empty (0 bytes)'],
    ['blank.ndjson', '  \n\t\r\n\n', 'It holds only whitespace (7 bytes)'],
  ])('%s (%j): exit 1', async (name, text, cause) => {
    const { dataDir, file } = fresh();
    const path = file(name, text);
    const run = await runCliCaptured(['--data-dir', dataDir, 'import', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `${path}: nothing imported. ${cause}; every export holds something, even one of no records. Check that this is the file you meant.\n`,
    );
  });

  it('standard input with nothing on it too', async () => {
    const { dataDir } = fresh();
    const run = await runCliCaptured(['--data-dir', dataDir, 'import', '-'], '');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('-: nothing imported. It is empty (0 bytes)');
  });
});

describe('a file that genuinely holds no records still imports, saying 0 records', () => {
  it.each([
    ['array.json', '[]\n'],
    ['envelope.json', '{"format":"checkout-console-history","version":1,"events":[]}'],
  ])('%s: exit 0', async (name, text) => {
    const { dataDir, file } = fresh();
    const path = file(name, text);
    const run = await runCliCaptured(['--data-dir', dataDir, 'import', path]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Nothing imported: ${path} holds no records.\n`);
  });

  it.each(['json', 'ndjson', 'har'] as const)(
    '%s export of an empty history is not an empty file, and imports back',
    async (format) => {
      const { dataDir } = fresh();
      expect((await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list'])).code).toBe(0);
      const out = makeTempDir('cc-empty-export-');
      temps.push(out);
      const path = join(out.dir, `empty.${format}`);
      const exported = await runCliCaptured([
        '--data-dir',
        dataDir,
        'export',
        '--format',
        format,
        '--out',
        path,
      ]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(readFileSync(path, 'utf8').trim()).not.toBe('');
      const run = await runCliCaptured(['--data-dir', dataDir, 'import', path]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`Nothing imported: ${path} holds no records.\n`);
    },
  );
});
