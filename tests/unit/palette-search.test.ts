import { describe, expect, it, vi } from 'vitest';
import {
  mergePaletteResults,
  rankPaletteItems,
  scorePaletteItem,
  type PaletteItem,
  type SourceResult,
} from '../../src/renderer/src/ui/palette/palette-search';
import { searchPaletteSources, type PaletteSource } from '../../src/renderer/src/ui/palette/palette-sources';

const item = (id: string, label: string, extra: Partial<PaletteItem> = {}): PaletteItem => ({
  id,
  label,
  run: () => undefined,
  ...extra,
});

const result = (
  sourceId: string,
  order: number,
  items: PaletteItem[],
  state: SourceResult['state'] = 'ready',
) => ({
  sourceId,
  heading: sourceId,
  order,
  state,
  items,
});

describe('palette matching', () => {
  const sandbox = item('profiles:2', 'Sandbox', { description: 'Sandbox · https://api-sandbox.example.com' });
  const live = item('profiles:3', 'Live', { keywords: ['production'] });

  it('matches every word of the query anywhere in label, description or keywords', () => {
    expect(scorePaletteItem(sandbox, 'sand')).toBeGreaterThan(0);
    expect(scorePaletteItem(sandbox, 'SANDBOX api')).toBeGreaterThan(0);
    expect(scorePaletteItem(live, 'production')).toBeGreaterThan(0);
    expect(scorePaletteItem(live, 'live staging')).toBe(0);
    expect(scorePaletteItem(sandbox, '')).toBe(1);
  });

  it('ranks the start of the label, then word starts, above matches inside words', () => {
    const items = [
      item('a', 'Capture payment'),
      item('b', 'Recapture'),
      item('c', 'Go to capture log'),
      item('d', 'Orders', { keywords: ['capture'] }),
    ];
    expect(rankPaletteItems(items, 'capture').map((entry) => entry.id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('keeps the source order among equals and drops what does not match', () => {
    const items = [item('1', 'Theme: light'), item('2', 'Theme: dark'), item('3', 'New profile')];
    expect(rankPaletteItems(items, 'theme').map((entry) => entry.id)).toEqual(['1', '2']);
    expect(rankPaletteItems(items, '(').map((entry) => entry.id)).toEqual([]);
  });
});

describe('merging sources', () => {
  it('orders groups, removes duplicate items, caps each group and hides empty ready groups', () => {
    const groups = mergePaletteResults(
      [
        result('profiles', 30, [item('x', 'Local'), item('y', 'Sandbox'), item('z', 'Live')]),
        result('actions', 10, [item('x', 'Local (from actions)')]),
        result('orders', 40, [], 'loading'),
        result('events', 50, []),
      ],
      2,
    );
    expect(groups.map((group) => group.sourceId)).toEqual(['actions', 'profiles', 'orders']);
    expect(groups[1]?.items.map((entry) => entry.label)).toEqual(['Sandbox', 'Live']);
    expect(groups[2]?.state).toBe('loading');
  });

  it('keeps a failed group with its message', () => {
    const failed: SourceResult = { ...result('orders', 40, [], 'error'), error: 'main is gone' };
    expect(mergePaletteResults([failed], 5)).toEqual([
      { sourceId: 'orders', heading: 'orders', state: 'error', items: [], error: 'main is gone' },
    ]);
  });
});

describe('asking the sources', () => {
  const views: PaletteSource = {
    id: 'views',
    heading: 'Go to',
    order: 20,
    items: () => [item('views:profiles', 'Profiles'), item('views:settings', 'Settings')],
  };

  it('filters sources that return everything and answers synchronous ones at once', () => {
    const onResults = vi.fn();
    searchPaletteSources([views], 'sett', {
      signal: new AbortController().signal,
      searchDelayMs: 0,
      onResults,
    });
    expect(onResults).toHaveBeenCalledTimes(1);
    const [results] = onResults.mock.calls[0] as [SourceResult[]];
    expect(results[0]?.items.map((entry) => entry.id)).toEqual(['views:settings']);
  });

  it('shows an async source as loading, then its answer as is; a failing source becomes an error', async () => {
    vi.useFakeTimers();
    try {
      const orders: PaletteSource = {
        id: 'orders',
        heading: 'Orders',
        order: 40,
        filtersItself: true,
        minQueryLength: 2,
        items: async (query) => [
          item(`orders:${query}`, `Order ${query}`, { description: 'unrelated text' }),
        ],
      };
      const broken: PaletteSource = {
        id: 'events',
        heading: 'Events',
        order: 50,
        items: () => {
          throw new Error('no events here');
        },
      };
      const seen: SourceResult[][] = [];
      searchPaletteSources([views, orders, broken], 'ord_42', {
        signal: new AbortController().signal,
        searchDelayMs: 150,
        onResults: (results) => seen.push(results),
      });
      expect(seen).toHaveLength(1);
      expect(seen[0]?.find((entry) => entry.sourceId === 'orders')?.state).toBe('loading');
      expect(seen[0]?.find((entry) => entry.sourceId === 'events')).toMatchObject({
        state: 'error',
        error: 'no events here',
      });
      await vi.advanceTimersByTimeAsync(150);
      const last = seen.at(-1);
      expect(last?.find((entry) => entry.sourceId === 'orders')).toMatchObject({
        state: 'ready',
        items: [{ id: 'orders:ord_42' }],
      });

      // Too short a query: the source is not asked at all.
      const short: SourceResult[][] = [];
      searchPaletteSources([orders], 'o', {
        signal: new AbortController().signal,
        searchDelayMs: 150,
        onResults: (results) => short.push(results),
      });
      expect(short).toEqual([[]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops answers that arrive after the query changed', async () => {
    vi.useFakeTimers();
    try {
      const asked = vi.fn();
      const orders: PaletteSource = {
        id: 'orders',
        heading: 'Orders',
        order: 40,
        filtersItself: true,
        items: async (query) => {
          asked(query);
          return [item(`orders:${query}`, query)];
        },
      };
      const controller = new AbortController();
      const onResults = vi.fn();
      searchPaletteSources([orders], 'ord', { signal: controller.signal, searchDelayMs: 150, onResults });
      controller.abort();
      await vi.advanceTimersByTimeAsync(500);
      expect(asked).not.toHaveBeenCalled();
      expect(onResults).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
