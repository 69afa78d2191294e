import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bareAddressesIn,
  brokenReason,
  headingAnchors,
  linksIn,
  manualFiles,
  type MarkdownLink,
} from './helpers/markdown-links';

const root = join(import.meta.dirname, '..', '..');
const where = (link: MarkdownLink) => `${link.file}:${link.line} (${link.target})`;

describe('the manual (README.md and docs/**/*.md) links only inside the repository', () => {
  const files = manualFiles(root);

  it('has an index at docs/README.md that the README links to', () => {
    expect(files).toContain('docs/README.md');
    const readmeLinks = linksIn('README.md', readFileSync(join(root, 'README.md'), 'utf8'));
    expect(readmeLinks.map((link) => link.target)).toContain('docs/README.md');
  });

  it('every link and picture resolves to a file (and heading) in the repository', () => {
    const broken = files.flatMap((file) =>
      linksIn(file, readFileSync(join(root, file), 'utf8')).flatMap((link) => {
        const reason = brokenReason(root, link);
        return reason === null ? [] : [`${where(link)}: ${reason}`];
      }),
    );
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('writes no bare web address outside code (GitHub would make it a link)', () => {
    const bare = files.flatMap((file) =>
      bareAddressesIn(file, readFileSync(join(root, file), 'utf8')).map(where),
    );
    expect(bare, `put example addresses in \`code\`:\n${bare.join('\n')}`).toEqual([]);
  });

  it('every doc under docs/ is reachable from the index', () => {
    const index = linksIn('docs/README.md', readFileSync(join(root, 'docs/README.md'), 'utf8')).map(
      (link) => link.target.split('#')[0],
    );
    const unlinked = files.filter(
      (file) => file.startsWith('docs/') && file !== 'docs/README.md' && !index.includes(file.slice(5)),
    );
    expect(unlinked, `docs/README.md does not link to: ${unlinked.join(', ')}`).toEqual([]);
  });
});

describe('the link checker itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'docs', 'images'), { recursive: true });
  writeFileSync(join(dir, '.gitignore'), 'out/\n*.log\n');
  writeFileSync(
    join(dir, 'docs', 'guide.md'),
    '# A guide\n\n## Token verdicts\n\n## `history`: in a terminal\n',
  );
  writeFileSync(join(dir, 'docs', 'images', 'shot.png'), '');
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'out', 'cli.js'), '');
  const reason = (target: string, file = 'README.md') => brokenReason(dir, { file, line: 1, target });

  it('accepts files, pictures and headings that exist', () => {
    expect(reason('docs/guide.md')).toBeNull();
    expect(reason('docs/guide.md#token-verdicts')).toBeNull();
    expect(reason('docs/guide.md#history-in-a-terminal')).toBeNull();
    expect(reason('images/shot.png', 'docs/guide.md')).toBeNull();
    expect(reason('#token-verdicts', 'docs/guide.md')).toBeNull();
  });

  it('names what is wrong with a broken link', () => {
    expect(reason('../shared/spec/checkout-api.md')).toBe('it points outside the repository');
    expect(reason('https://example.com/docs')).toMatch(/^it leaves the repository/);
    expect(reason('docs/missing.md')).toBe('docs/missing.md does not exist');
    expect(reason('docs/guide.md#no-such-heading')).toBe(
      'docs/guide.md has no heading with the anchor #no-such-heading',
    );
    expect(reason('out/cli.js')).toBe('out/cli.js is ignored by git, so a clone does not have it');
    expect(reason('/docs/guide.md')).toMatch(/^it starts with \//);
  });

  it('finds links and pictures in prose, never in code', () => {
    const text = [
      'See [the guide](docs/guide.md) and ![a shot](docs/images/shot.png "title").',
      '`[not a link](nowhere.md)` and:',
      '```md',
      '[also not](nowhere.md)',
      '```',
      '[ref]: docs/guide.md#token-verdicts',
    ].join('\n');
    expect(linksIn('README.md', text).map((link) => [link.line, link.target])).toEqual([
      [1, 'docs/guide.md'],
      [1, 'docs/images/shot.png'],
      [6, 'docs/guide.md#token-verdicts'],
    ]);
  });

  it('finds bare addresses outside code only', () => {
    const text = 'Go to https://example.com now; `http://127.0.0.1:4400` is code.';
    expect(bareAddressesIn('README.md', text).map((link) => link.target)).toEqual(['https://example.com']);
  });

  it('numbers repeated headings as GitHub does', () => {
    expect([...headingAnchors('# Setup\n## Setup\n## Tokens & secrets\n')]).toEqual([
      'setup',
      'setup-1',
      'tokens--secrets',
    ]);
  });
});
