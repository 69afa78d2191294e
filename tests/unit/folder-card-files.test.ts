import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCards } from '../../src/main/scenarios/folder-card-files';
import type { RunSource } from '../../src/shared/scenarios/stored-runs';
import { makeTempDir } from './helpers/temp-console';

// Main says which card of an opened folder each stored result is of: the renderer worked it out
// from the text of paths (path.resolve and relative re-made, Windows forms included) and asked
// main again for links. These are the cases it covered, now asked of main's one owner.
const asWritten = { path: posix, real: (full: string) => full };
const test = (cwd: string): RunSource => ({ kind: 'paths', cwd });
const view = (folder: string): RunSource => ({ kind: 'folder', folder });

describe("an opened folder's card for a stored result", () => {
  const cards = folderCards('/qa/suite', ['a.yaml', 'b.yaml', 'c.yaml', 'deep/d.yaml'], asWritten);

  it('is found for a run of the view or of `test`, from any working directory', () => {
    expect(cards.cardFileOf(view('/qa/suite'), 'a.yaml')).toBe('a.yaml');
    expect(cards.cardFileOf(view('/qa'), 'suite/a.yaml')).toBe('a.yaml');
    expect(cards.cardFileOf(test('/qa/suite'), 'a.yaml')).toBe('a.yaml');
    expect(cards.cardFileOf(test('/qa'), 'suite/b.yaml')).toBe('b.yaml');
    expect(cards.cardFileOf(test('/qa/suite/deep'), '../c.yaml')).toBe('c.yaml');
    expect(cards.cardFileOf(test('/qa/suite'), 'deep/d.yaml')).toBe('deep/d.yaml');
    expect(cards.cardFileOf(test('/elsewhere'), '/qa/suite/deep/d.yaml')).toBe('deep/d.yaml');
  });

  it('is none for a file of the same name elsewhere, nor a folder whose name only begins alike', () => {
    expect(cards.cardFileOf(test('/qa/other'), 'a.yaml')).toBeNull();
    expect(cards.cardFileOf(test('/qa'), 'suite2/a.yaml')).toBeNull();
    expect(cards.cardFileOf(test('/qa/suite'), '../a.yaml')).toBeNull();
    expect(cards.cardFileOf(view('/qa/other'), 'a.yaml')).toBeNull();
    expect(cards.cardFileOf(test('/elsewhere'), '/qa/other/a.yaml')).toBeNull();
    expect(cards.cardFileOf(null, 'a.yaml')).toBeNull();
  });

  it('is the one file of a file opened alone', () => {
    const alone = folderCards('/qa/suite/a.yaml', ['a.yaml'], asWritten);
    expect(alone.cardFileOf(test('/qa'), 'suite/a.yaml')).toBe('a.yaml');
    expect(alone.cardFileOf(view('/qa/suite/a.yaml'), 'a.yaml')).toBe('a.yaml');
    expect(alone.cardFileOf(test('/qa/suite'), 'b.yaml')).toBeNull();
  });

  it('matches Windows paths where the console runs on Windows: either separator, any case', () => {
    const windows = folderCards('C:\\qa\\suite', ['a.yaml', 'deep\\b.yaml'], { path: win32, real: (p) => p });
    expect(windows.cardFileOf(test('c:\\qa'), 'suite\\a.yaml')).toBe('a.yaml');
    expect(windows.cardFileOf(test('C:\\qa\\suite'), 'deep/b.yaml')).toBe('deep\\b.yaml');
    expect(windows.cardFileOf(test('D:\\qa\\suite'), 'a.yaml')).toBeNull();
    expect(windows.mayHaveRun({ paths: ['.'], source: test('c:\\QA') })).toBe(true);
    expect(windows.mayHaveRun({ paths: ['.'], source: test('D:\\qa') })).toBe(false);
  });
});

describe('which stored runs may have run the cards, read whole only then', () => {
  const cards = folderCards('/qa/suite', ['a.yaml'], asWritten);
  it('are those that named a card, its folder, or a folder above it', () => {
    expect(cards.mayHaveRun({ paths: ['/qa/suite'], source: view('/qa/suite') })).toBe(true);
    expect(cards.mayHaveRun({ paths: ['/qa'], source: view('/qa') })).toBe(true);
    expect(cards.mayHaveRun({ paths: [], source: test('/qa') })).toBe(true);
    expect(cards.mayHaveRun({ paths: ['suite/a.yaml'], source: test('/qa') })).toBe(true);
    expect(cards.mayHaveRun({ paths: ['suite/b.yaml'], source: test('/qa') })).toBe(false);
    expect(cards.mayHaveRun({ paths: ['.'], source: test('/qa/suite2') })).toBe(false);
    expect(cards.mayHaveRun({ paths: ['/qa/suite'], source: null })).toBe(false);
  });
});

// `test good/e.yaml` passed, then `test goodlink/e.yaml` failed (goodlink → good): the card of
// good/ showed the pass. Main resolves links: a name through one is the file it leads to.
describe("an opened folder's card and a run through a symbolic link", () => {
  const temp = makeTempDir('cc-card-files-link-');
  afterAll(() => temp.remove());
  mkdirSync(join(temp.dir, 'good'));
  symlinkSync(join(temp.dir, 'good'), join(temp.dir, 'goodlink'));
  writeFileSync(join(temp.dir, 'good', 'e.yaml'), 'name: E\n');

  it('is the card of the file the name leads to, whichever folder name was opened', () => {
    for (const opened of ['good', 'goodlink']) {
      const cards = folderCards(join(temp.dir, opened), ['e.yaml']);
      expect(cards.cardFileOf(test(temp.dir), 'goodlink/e.yaml')).toBe('e.yaml');
      expect(cards.cardFileOf(test(temp.dir), 'good/e.yaml')).toBe('e.yaml');
      expect(cards.mayHaveRun({ paths: ['goodlink/e.yaml'], source: test(temp.dir) })).toBe(true);
      expect(cards.mayHaveRun({ paths: ['other/e.yaml'], source: test(temp.dir) })).toBe(false);
    }
  });
});
