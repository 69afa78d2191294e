import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { makeTempDir } from './helpers/temp-console';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'src', 'main', 'cli', 'index.ts');
const children: ChildProcess[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** `checkout-console listen` in its own process (from source), resolving with its URL. */
function startListener(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      '--data-dir',
      dataDir,
      'listen',
      '--port',
      '0',
      '--notification-token',
      'crash-test-secret',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`listen did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`listen exited (${String(code)}) before starting:\n${output}`)),
    );
  });
}

/** Posts webhooks from several connections until the process dies; returns the acknowledged ids. */
async function sendUntilKilled(url: string, child: ChildProcess, killAfter: number): Promise<number[]> {
  const acknowledged: number[] = [];
  let sent = 0;
  let dead = false;
  const worker = async () => {
    while (!dead) {
      sent++;
      if (sent === killAfter) {
        child.kill('SIGKILL');
        dead = true;
      }
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
        dead = true;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return acknowledged;
}

describe('crash durability', () => {
  it(
    'every webhook the listener acknowledged is stored after kill -9, round after round',
    { timeout: 120_000 },
    async () => {
      const { dir, remove } = makeTempDir('cc-crash-');
      cleanups.push(remove);
      const everyAcknowledged: number[] = [];
      for (const killAfter of [150, 400, 250]) {
        const { child, url } = await startListener(dir);
        const exited = new Promise((resolve) => child.once('exit', resolve));
        everyAcknowledged.push(...(await sendUntilKilled(url, child, killAfter)));
        await exited;
        // Reopened by a new process (as the next start would), every acknowledged id is there.
        const restarted = await startListener(dir);
        restarted.child.kill('SIGKILL');
        await new Promise((resolve) => restarted.child.once('exit', resolve));
      }
      expect(everyAcknowledged.length).toBeGreaterThan(300);
      const db = new Database(join(dir, 'console.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = new Set(
          db
            .prepare<[], { id: number }>('SELECT id FROM events')
            .all()
            .map((row) => row.id),
        );
        const lost = everyAcknowledged.filter((id) => !stored.has(id));
        expect(lost).toEqual([]);
      } finally {
        db.close();
      }
    },
  );
});
