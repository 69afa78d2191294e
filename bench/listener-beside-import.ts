import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult } from './bench-kit';
import { startConsoleCommand, type BenchProcess } from './processes';

const SECONDS = 8;
const CONNECTIONS = 10;
const RECORDS = 300_000;

function count(dataDir: string, path: string): number {
  const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
  try {
    return (
      db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM events WHERE path = ?').get(path)?.n ?? 0
    );
  } finally {
    db.close();
  }
}

function bulkFile(file: string): void {
  const out = openSync(file, 'w');
  for (let start = 0; start < RECORDS; start += 10_000) {
    const lines: string[] = [];
    for (let index = start; index < Math.min(RECORDS, start + 10_000); index++)
      lines.push(
        JSON.stringify({
          uid: `bulk-${index}`,
          kind: 'webhook',
          at: new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString(),
          path: '/bulk',
          request_body: `{"n":${index}}`,
          status: 200,
        }),
      );
    writeSync(out, `${lines.join('\n')}\n`);
  }
  closeSync(out);
}

/** `checkout-console import` in its own process (it prints only when done, so no ready line). */
function startImport(dataDir: string, file: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, '..', 'src', 'main', 'cli', 'index.ts'),
      '--data-dir',
      dataDir,
      'import',
      file,
    ],
    { stdio: 'ignore', env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' } },
  );
}

/** Resolves once the import process has started writing (its rows appear), so the load meets its writes. */
async function untilWriting(dataDir: string): Promise<void> {
  for (let tries = 0; tries < 1200; tries++) {
    if (count(dataDir, '/bulk') > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The import never started writing.');
}

/**
 * The listener (`listen`, its own process) under 10 connections of signed-less webhooks, alone
 * and while `import` of 300,000 records writes the same database from a third process (issue
 * 15.4): its p99 beside the import against its own p99 alone, and nothing lost or refused.
 */
export async function listenerBesideImport(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-import-');
  const files = makeTempDir('cc-bench-file-');
  const processes: BenchProcess[] = [];
  let importing: ChildProcess | null = null;
  try {
    const file = join(files.dir, 'bulk.ndjson');
    bulkFile(file);
    const listener = await startConsoleCommand(
      temp.dir,
      ['listen', '--port', '0', '--notification-token', 'bench'],
      /Listening on (http:\/\/\S+)/,
    );
    processes.push(listener);
    const body = JSON.stringify({
      order_id: 'o-1',
      order_reference_id: 'R',
      order_number: 'N',
      event_type: 'order_approved',
      data: [],
    });
    const against = () =>
      load({
        url: `${listener.url}/webhooks`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { 'content-type': 'application/json' },
        body,
      });
    const alone = await against();
    importing = startImport(temp.dir, file);
    await untilWriting(temp.dir);
    const beside = await against();
    const bulkWritten = count(temp.dir, '/bulk');
    importing.kill('SIGKILL');
    await listener.stop();
    const acknowledged =
      alone.requests + beside.requests - alone.non2xx - beside.non2xx - alone.errors - beside.errors;
    const lost = Math.max(0, acknowledged - count(temp.dir, '/webhooks'));
    return [
      {
        name: 'listener-beside-import',
        title: 'Listener beside a 300,000-record import (10 connections)',
        goal: 'p99 < 20 ms while the import writes, 0 lost, no 503',
        console: { ...beside, lost, importRowsWhileMeasured: bulkWritten },
        reference: { ...alone },
        ratio: Number((alone.p99Ms / Math.max(beside.p99Ms, 1)).toFixed(2)),
        pass: beside.p99Ms < 20 && lost === 0 && beside.non2xx === 0,
        notes:
          'Reference: the same listener alone, just before. Listener, import and load generator each in their own process on one data directory.',
      },
    ];
  } finally {
    importing?.kill('SIGKILL');
    for (const running of processes) await running.stop();
    temp.remove();
    files.remove();
  }
}
