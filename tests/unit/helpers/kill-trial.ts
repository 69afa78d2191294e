import { join } from 'node:path';
import Database from 'better-sqlite3';
import { payload } from '../../fixtures/hostile-webhooks';
import { startCli, waitForOutput, type CliProcess } from './cli-process';

/** One kill -9 trial's figures: what the listener acknowledged, and what the file holds. */
export interface KillTrial {
  acknowledged: number[];
  /** Requests sent (including the ones the dying process never answered). */
  sent: number;
  /** How long the load ran before the kill, in ms. */
  loadMs: number;
}

/** `checkout-console listen` in its own process on `dataDir`, resolved once it prints its URL. */
export async function startListen(dataDir: string): Promise<{ run: CliProcess; url: string }> {
  const run = startCli([
    '--data-dir',
    dataDir,
    'listen',
    '--port',
    '0',
    '--notification-token',
    'crash-test-secret',
  ]);
  const url = await waitForOutput(run, /Listening on (http:\/\/\S+)/, 30_000);
  return { run, url };
}

/**
 * Posts notifications from `workers` connections at once, kills the process with SIGKILL once
 * `killWhen` says so (by requests sent, or by time under load), and keeps sending until every
 * worker has seen the process gone. Returns the ids the listener acknowledged with a 200.
 */
export async function sendUntilKilled(
  url: string,
  run: CliProcess,
  options: {
    workers: number;
    killWhen: (sent: number, elapsedMs: number) => boolean;
    /** SIGKILL unless told: SIGTERM stops it cleanly under the same load. */
    signal?: NodeJS.Signals;
  },
): Promise<KillTrial> {
  const acknowledged: number[] = [];
  const started = Date.now();
  let sent = 0;
  let loadMs = 0;
  let dead = false;
  const kill = () => {
    if (dead) return;
    dead = true;
    loadMs = Date.now() - started;
    run.child.kill(options.signal ?? 'SIGKILL');
  };
  const worker = async () => {
    while (!dead) {
      sent++;
      if (options.killWhen(sent, Date.now() - started)) kill();
      try {
        const response = await fetch(`${url}/crash`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload('order_approved', { order_reference_id: `CRASH-${sent}` }),
        });
        const answer = (await response.json()) as { received?: boolean; id?: number };
        if (response.status === 200 && answer.received === true && typeof answer.id === 'number')
          acknowledged.push(answer.id);
      } catch {
        // The process is gone: what it acknowledged before is what must be stored.
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  await run.exited;
  return { acknowledged, sent, loadMs };
}

/** The acknowledged ids missing from the data directory's database, and its integrity check. */
export function checkStored(
  dataDir: string,
  acknowledged: readonly number[],
): { lost: number[]; integrity: string; stored: number } {
  const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const ids = db
      .prepare<[], { id: number }>('SELECT id FROM events')
      .all()
      .map((row) => row.id);
    const stored = new Set(ids);
    return { lost: acknowledged.filter((id) => !stored.has(id)), integrity, stored: ids.length };
  } finally {
    db.close();
  }
}
