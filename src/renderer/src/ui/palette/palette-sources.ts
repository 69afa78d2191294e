import { rankPaletteItems, type PaletteItem, type SourceResult } from './palette-search';
import { errorWords } from '@shared/error-words';

/**
 * Palette sources: where the command palette (Ctrl/Cmd+K) finds what to offer. The app
 * registers views, profiles and actions (builtin-sources.ts); features add their own, e.g.
 * orders, timeline events or drafts, from their feature folder:
 *
 *   registerPaletteSource({
 *     id: 'orders',
 *     heading: 'Orders',
 *     order: 40,
 *     filtersItself: true,          // main searches; the palette shows what comes back
 *     minQueryLength: 2,
 *     async items(query, signal) {
 *       const found = await bridge.searchOrders({ query });
 *       return found.map((order) => ({
 *         id: `orders:${order.id}`,
 *         label: order.referenceId,
 *         description: `${order.status} · ${order.total}`,
 *         run: () => useNavigation.getState().navigate('orders', { id: order.id }),
 *       }));
 *     },
 *   });
 *
 * Call it at module level in a file your view imports (it replaces a source with the same id,
 * so hot reloads do not duplicate it). Sources are asked again on every keystroke; a source that
 * returns everything (filtersItself unset) is ranked by the palette, a source that searches
 * itself is called after a short pause and its answer shown as is. `signal` aborts when the
 * query changes or the palette closes. Built-in orders: actions 10, views 20, profiles 30.
 */
export interface PaletteSource {
  id: string;
  heading: string;
  /** Lower comes first. */
  order: number;
  items(query: string, signal: AbortSignal): readonly PaletteItem[] | Promise<readonly PaletteItem[]>;
  /** True when items() already matches `query` (e.g. a bridge search); the palette then shows its answer as is. */
  filtersItself?: boolean;
  /** Asked only once the query has this many characters (default 0: always, including the empty query). */
  minQueryLength?: number;
}

const sources = new Map<string, PaletteSource>();

export function registerPaletteSource(source: PaletteSource): () => void {
  sources.set(source.id, source);
  return () => {
    if (sources.get(source.id) === source) sources.delete(source.id);
  };
}

export function paletteSources(): PaletteSource[] {
  return [...sources.values()];
}

export interface SearchOptions {
  signal: AbortSignal;
  /** Pause before calling sources that search themselves, so a fast typist sends one search, not six. */
  searchDelayMs: number;
  /** Called at once with what is known (ready lists, loading markers), then as each source answers. */
  onResults: (results: SourceResult[]) => void;
}

/** Asks every source for `query`; never throws (a failing source becomes an `error` result). */
export function searchPaletteSources(
  all: readonly PaletteSource[],
  query: string,
  { signal, searchDelayMs, onResults }: SearchOptions,
): void {
  const results = new Map<string, SourceResult>();
  const emit = () => {
    if (!signal.aborted) onResults([...results.values()]);
  };
  const settle = (source: PaletteSource, outcome: { items: readonly PaletteItem[] } | { error: unknown }) => {
    const base = { sourceId: source.id, heading: source.heading, order: source.order };
    results.set(
      source.id,
      'error' in outcome
        ? { ...base, state: 'error', items: [], error: errorWords(outcome.error) }
        : {
            ...base,
            state: 'ready',
            items: source.filtersItself === true ? outcome.items : rankPaletteItems(outcome.items, query),
          },
    );
  };
  const ask = (source: PaletteSource): Promise<void> | null => {
    try {
      const answer = source.items(query, signal);
      if (!(answer instanceof Promise)) {
        settle(source, { items: answer });
        return null;
      }
      return answer.then(
        (items) => settle(source, { items }),
        (error: unknown) => settle(source, { error }),
      );
    } catch (error) {
      settle(source, { error });
      return null;
    }
  };
  const markLoading = (source: PaletteSource) =>
    results.set(source.id, {
      sourceId: source.id,
      heading: source.heading,
      order: source.order,
      state: 'loading',
      items: [],
    });

  for (const source of all) {
    if (query.trim().length < (source.minQueryLength ?? 0)) continue;
    if (source.filtersItself === true && searchDelayMs > 0) {
      markLoading(source);
      const timer = setTimeout(() => {
        const pending = ask(source);
        if (pending === null) emit();
        else void pending.then(emit);
      }, searchDelayMs);
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      continue;
    }
    const pending = ask(source);
    if (pending !== null) {
      markLoading(source);
      void pending.then(emit);
    }
  }
  emit();
}
