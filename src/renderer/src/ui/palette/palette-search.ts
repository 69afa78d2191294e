import { escapeRegExp } from '@shared/escape-regexp';

/**
 * The command palette's search, without React or the DOM: how one item matches a query, and
 * how the answers of many sources become the groups on screen. Sources are described in
 * palette-sources.ts.
 */
export interface PaletteItem {
  /** Unique across all sources; prefix it with your source id (`orders:ord_123`). */
  id: string;
  label: string;
  /** Second line: what the item is, where it leads. */
  description?: string;
  /** Extra words that should find it (an order's reference, an environment). */
  keywords?: readonly string[];
  /** Shown on the right, `mod+K` style (see formatShortcut). */
  shortcut?: string;
  run: () => void | Promise<void>;
}

export type SourceState = 'loading' | 'ready' | 'error';

export interface SourceResult {
  sourceId: string;
  heading: string;
  order: number;
  state: SourceState;
  items: readonly PaletteItem[];
  /** Set when state is `error`. */
  error?: string;
}

export interface PaletteGroup {
  sourceId: string;
  heading: string;
  state: SourceState;
  items: PaletteItem[];
  error?: string;
}

const normalise = (text: string) => text.toLowerCase().normalize('NFKD');

/**
 * How well `item` matches `query`, 0 meaning not at all. Every word of the query must occur in
 * the label, description or keywords; matches at the start of the label, then at the start of
 * a word, rank above matches inside a word.
 */
export function scorePaletteItem(item: PaletteItem, query: string): number {
  const words = normalise(query)
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return 1;
  const label = normalise(item.label);
  const rest = normalise([item.description ?? '', ...(item.keywords ?? [])].join(' '));
  let score = 0;
  for (const word of words) {
    if (label.startsWith(word)) score += 8;
    else if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, 'u').test(label)) score += 5;
    else if (label.includes(word)) score += 3;
    else if (rest.includes(word)) score += 1;
    else return 0;
  }
  return score;
}

/** Items of a source that match, best first (ties keep the source's own order). */
export function rankPaletteItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  return items
    .map((item, index) => ({ item, index, score: scorePaletteItem(item, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

/**
 * The groups to show: sources in `order`, each item once (the first source to offer an id keeps
 * it), at most `perGroup` items a group. A group with no items is dropped unless it is still
 * loading or failed, so the user sees why it is empty.
 */
export function mergePaletteResults(results: readonly SourceResult[], perGroup: number): PaletteGroup[] {
  const seen = new Set<string>();
  const groups: PaletteGroup[] = [];
  const ordered = [...results].sort((a, b) => a.order - b.order || a.heading.localeCompare(b.heading));
  for (const result of ordered) {
    const items: PaletteItem[] = [];
    for (const item of result.items) {
      if (items.length >= perGroup) break;
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    if (items.length === 0 && result.state === 'ready') continue;
    groups.push({
      sourceId: result.sourceId,
      heading: result.heading,
      state: result.state,
      items,
      ...(result.error === undefined ? {} : { error: result.error }),
    });
  }
  return groups;
}
