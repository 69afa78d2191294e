import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** A link or image as written in a Markdown file. */
export interface MarkdownLink {
  /** The file it is written in, relative to the repository root. */
  file: string;
  line: number;
  target: string;
}

/** The manual: the README and everything under docs/, as paths relative to `root`. */
export function manualFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...walk('docs')];
}

/**
 * The text a reader sees as prose: fenced code blocks and inline code spans blanked out (their
 * length kept, so line numbers stay right), since what is written there is never a link.
 */
export function proseOf(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return markdown
    .replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, blank);
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Inline links and images `[text](target)` / `![alt](target)`, and reference definitions `[x]: target`. */
export function linksIn(file: string, markdown: string): MarkdownLink[] {
  const prose = proseOf(markdown);
  const links: MarkdownLink[] = [];
  const inline = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/g;
  const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm;
  for (const pattern of [inline, definition])
    for (const match of prose.matchAll(pattern))
      links.push({ file, line: lineAt(prose, match.index), target: match[1] ?? '' });
  return links;
}

/** Addresses written as plain text outside code, which GitHub turns into links of their own. */
export function bareAddressesIn(file: string, markdown: string): MarkdownLink[] {
  const prose = proseOf(markdown).replace(/\]\([^)]*\)/g, (text) => text.replace(/[^\n]/g, ' '));
  return [...prose.matchAll(/\b(?:https?:\/\/|www\.|mailto:)[^\s)<>]*/g)].map((match) => ({
    file,
    line: lineAt(prose, match.index),
    target: match[0],
  }));
}

/**
 * The anchor GitHub gives a heading: lower case, everything but letters, digits, spaces, `-`
 * and `_` dropped, spaces to `-`; a repeated heading gets `-1`, `-2`, …
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const headings = proseOfHeadings(markdown);
  for (const heading of headings) {
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .trim();
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** ATX headings (`## Title`) outside fenced code, as written (inline code kept as its text). */
function proseOfHeadings(markdown: string): string[] {
  const withoutFences = markdown.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '');
  return [...withoutFences.matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((match) =>
    (match[1] ?? '').replace(/`/g, ''),
  );
}

/** Folders and files git ignores (build output, installs): a link there is broken in a clone. */
function ignoredByGit(root: string, path: string): boolean {
  const rules = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return rules.some((rule) => {
    if (rule.startsWith('*.')) return path.endsWith(rule.slice(1));
    const name = rule.replace(/\/$/, '');
    return path === name || path.startsWith(`${name}/`);
  });
}

/** Why a link does not lead to a file (and heading) inside the repository, or null when it does. */
export function brokenReason(root: string, link: MarkdownLink): string | null {
  const { target } = link;
  if (target === '') return 'the link has no target';
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//'))
    return 'it leaves the repository (only relative links to files in the repository are allowed)';
  if (target.startsWith('/')) return 'it starts with / (write it relative to the file)';
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart);
  const absolute = path === '' ? join(root, link.file) : resolve(root, dirname(link.file), path);
  const inRepo = relative(root, absolute);
  if (inRepo.startsWith('..') || inRepo.startsWith(sep)) return 'it points outside the repository';
  const repoPath = inRepo.split(sep).join('/');
  if (!existsSync(absolute)) return `${repoPath} does not exist`;
  if (ignoredByGit(root, repoPath)) return `${repoPath} is ignored by git, so a clone does not have it`;
  if (anchor === undefined) return null;
  if (statSync(absolute).isDirectory() || !absolute.endsWith('.md'))
    return `#${anchor} points into ${repoPath}, which has no headings`;
  const anchors = headingAnchors(readFileSync(absolute, 'utf8'));
  return anchors.has(anchor) ? null : `${repoPath} has no heading with the anchor #${anchor}`;
}
