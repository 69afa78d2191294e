import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { machine, type BenchResult } from './bench-kit';
import { builderBrowser } from './builder-browser';
import { builderTyping } from './builder-typing';
import { emulatorVsPrism } from './emulator-vs-prism';
import { historyBrowser } from './history-browser';
import { historySearch } from './history-search';
import { listenerBesideImport } from './listener-beside-import';
import { listenerIngest } from './listener-ingest';
import { listenerLargeHistory } from './listener-large-history';
import { ordersCatchUp } from './orders-catch-up';
import { recordDetailBrowser } from './record-detail-browser';
import { timelineBrowser } from './timeline-browser';

/**
 * `npm run bench [-- name…]`: each benchmark measures the console and its reference in the same
 * run and reports the ratio; results go to bench/results/<name>.json and the table in
 * bench/README.md. Names: listener, history (the listener over 1,000,000 stored records),
 * processes (the listener beside an import in another process),
 * emulator, search, timeline (timeline also measures push latency), builder (the raw editor with
 * pasted 250 KB, 1 MB and 5 MB documents), typing (keys into the form and the raw editor with the
 * small sample, and the form filled field by field), detail (a record with a 5 MB body opened on the
 * timeline and its tabs switched), historyview (the History view's first rows and count beside the
 * Timeline's), orders (the listener while the Orders list derives 6,000 orders).
 */
const BENCHMARKS: Record<string, () => Promise<BenchResult[]>> = {
  listener: listenerIngest,
  history: listenerLargeHistory,
  processes: listenerBesideImport,
  emulator: emulatorVsPrism,
  search: historySearch,
  timeline: timelineBrowser,
  historyview: historyBrowser,
  builder: builderBrowser,
  typing: builderTyping,
  detail: recordDetailBrowser,
  orders: ordersCatchUp,
};

const DIR = import.meta.dirname;
const RESULTS = join(DIR, 'results');

function table(results: readonly BenchResult[]): string {
  const figure = (values: Record<string, number | string | boolean> | null, keys: string[]) =>
    values === null
      ? '—'
      : keys
          .filter((key) => key in values)
          .map((key) => `${key} ${String(values[key])}`)
          .join(', ');
  const keys = [
    'requestsPerSecond',
    'p50Ms',
    'p99Ms',
    'p95Ms',
    'lost',
    'cpuUsPerRequest',
    'cpuRatio',
    'judgedRequestsPerSecond',
    'judgedCpuUsPerRequest',
    'judgedRatio',
    'firstRowsMs',
    'countMs',
    'searchFirstRowsMs',
    'searchCountMs',
    'p95FrameMs',
    'droppedFramesPct',
    'longestTaskMs',
    'domRows',
    'heapMb',
    'records',
    'pastePaintMs',
    'interactiveMs',
    'findingsMs',
    'keyP50Ms',
    'keyP95Ms',
    'mainThreadPerKeyMs',
    'fillWallMs',
    'perFieldWallMs',
    'perFieldMainThreadMs',
    'openMs',
    'requestMs',
    'rawMs',
    'prettyMs',
    'overviewMs',
    'requestAgainMs',
    'showAllMs',
    'scrollAllMs',
  ];
  const rows = results.map(
    (result) =>
      `| ${result.title} | ${result.goal} | ${figure(result.console, keys)} | ${figure(result.reference, keys)} | ${result.ratio ?? '—'} | ${result.pass === null ? '—' : result.pass ? 'met' : '**short**'} |`,
  );
  return [
    '| Benchmark | Goal | Console | Reference | Ratio | Goal met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${Object.keys(BENCHMARKS).join(', ')}\n`,
  );
  process.exit(2);
}
mkdirSync(RESULTS, { recursive: true });
for (const name of chosen.length === 0 ? Object.keys(BENCHMARKS) : chosen) {
  process.stderr.write(`bench: ${name}…\n`);
  try {
    const results = await BENCHMARKS[name]?.();
    for (const result of results ?? []) {
      writeFileSync(
        join(RESULTS, `${result.name}.json`),
        `${JSON.stringify({ ...result, at: new Date().toISOString(), machine: machine() }, null, 2)}\n`,
      );
      process.stderr.write(
        `  ${result.title}: ${JSON.stringify(result.console)}${result.ratio === null ? '' : ` ratio ${result.ratio}`} ${result.pass ? 'met' : 'SHORT'}\n`,
      );
    }
  } catch (error) {
    process.stderr.write(
      `  ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

// The README's table is rebuilt from every result on disk (the latest of each).
const all =
  Object.keys(BENCHMARKS).length === 0
    ? []
    : ((): BenchResult[] => {
        const names = [
          'listener-ingest-10',
          'listener-ingest-100',
          'listener-large-history',
          'listener-beside-import',
          'emulator-vs-prism',
          'timeline-100k',
          // Its row went from the table at every run (it was never listed here), though its
          // result is on disk.
          'history-100k',
          'history-search-1m',
          'push-latency',
          'builder-paste-250k',
          'builder-paste-1m',
          'builder-paste-5m',
          'builder-insert-100k',
          'builder-typing-form',
          'builder-typing-raw',
          'builder-fill-form',
          'record-detail-5mb',
          'orders-catch-up',
        ];
        return names.flatMap((name) => {
          const file = join(RESULTS, `${name}.json`);
          return existsSync(file) ? [JSON.parse(readFileSync(file, 'utf8')) as BenchResult] : [];
        });
      })();
const readme = join(DIR, 'README.md');
const text = readFileSync(readme, 'utf8');
const start = '<!-- results:start -->';
const end = '<!-- results:end -->';
const updated = `${text.slice(0, text.indexOf(start) + start.length)}\n${table(all)}\n${text.slice(text.indexOf(end))}`;
// Formatted as `npm test`'s lint expects, so a benchmark run leaves the tree clean.
const options = (await resolveConfig(readme)) ?? {};
writeFileSync(readme, await format(updated, { ...options, filepath: readme }));
