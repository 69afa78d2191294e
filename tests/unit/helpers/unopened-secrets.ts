import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ConsoleCore } from '../../../src/main/app';
import { runCliCaptured, type CliRun } from './run-cli';
import { openTempConsole } from './temp-console';

/**
 * A token as the desktop app seals it (safeStorage): the CLI and these tests cannot open it.
 * Two of them are told apart by `note`, as two tokens the desktop app sealed would be.
 */
export const sealedElsewhere = (note = 'sealed by the desktop app') =>
  `$safestorage:${Buffer.from(note).toString('base64')}`;

export const SEALED_ELSEWHERE = sealedElsewhere();

export interface ConsoleWithWebhook {
  core: ConsoleCore;
  dataDir: string;
  /** The recorded webhook: POST /hooks, its body `{"note":"kettle descaled"}`. */
  webhookId: number;
  dispose: () => Promise<void>;
  /** The CLI on this data directory, as a user would type it. */
  cli: (...args: string[]) => Promise<CliRun>;
  /** The data directory's database, opened beside the console (as another process would). */
  withDatabase: (fn: (db: Database.Database) => void) => void;
  /** A profile's token replaced by one this process cannot open. */
  sealElsewhere: (profile: string, token?: 'api' | 'notification', sealed?: string) => void;
}

/**
 * A console on a fresh data directory with one recorded webhook, whose tokens the tests make
 * unopenable: what the tests of unopenable secrets (forgetting them, what is refused meanwhile)
 * each start from.
 */
export async function openConsoleWithWebhook(): Promise<ConsoleWithWebhook> {
  const { core, dataDir, dispose } = await openTempConsole();
  const webhookId = core.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: 'http://127.0.0.1:4455/hooks',
    path: '/hooks',
    status: 200,
    requestHeaders: [['Content-Type', 'application/json']],
    requestBody: Buffer.from('{"note":"kettle descaled"}'),
  }).id;
  const withDatabase = (fn: (db: Database.Database) => void) => {
    const db = new Database(join(dataDir, 'console.sqlite'));
    try {
      fn(db);
    } finally {
      db.close();
    }
  };
  return {
    core,
    dataDir,
    webhookId,
    dispose,
    cli: (...args) => runCliCaptured(['--data-dir', dataDir, ...args]),
    withDatabase,
    sealElsewhere: (profile, token = 'api', sealed = SEALED_ELSEWHERE) =>
      withDatabase((db) =>
        db
          .prepare(
            `UPDATE profiles SET ${token === 'api' ? 'api_token_sealed' : 'notification_token_sealed'} = ? WHERE name = ?`,
          )
          .run(sealed, profile),
      ),
  };
}
