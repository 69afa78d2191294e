import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openConsoleWithWebhook,
  SEALED_ELSEWHERE,
  type ConsoleWithWebhook,
} from './helpers/unopened-secrets';

// A data directory whose tokens this process cannot open (sealed by the desktop app's
// safeStorage and read from the CLI, or sealed with a key file since lost) made every command
// that reads records fail with the vault's words, naming no token: `history`, `history --search`,
// `export`, `import` alike. Now each answers what it can answer without a leak and names what
// it could not open: the list and an import work; a text search and a file of whole records
// are refused, naming the token, since a record may echo it and nothing here can hide it.

let opened: ConsoleWithWebhook;
let dataDir = '';

beforeEach(async () => {
  opened = await openConsoleWithWebhook();
  ({ dataDir } = opened);
});
afterEach(async () => {
  await opened.dispose();
});

/** The Sandbox profile's API token as the desktop app sealed it: this process cannot open it. */
const sealSandboxTokenElsewhere = () => opened.sealElsewhere('Sandbox');

const cli = (...args: string[]) => opened.cli(...args);

describe('a token this process cannot open', () => {
  it('sealed by the desktop app: history lists, search and export refuse naming it, import works', async () => {
    sealSandboxTokenElsewhere();

    const list = await cli('history');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('/hooks');
    expect(list.stderr).toMatch(/Sandbox.*API token.*safestorage/s);

    const search = await cli('history', '--search', 'kettle');
    expect(search.code).toBe(1);
    expect(search.stdout).toBe('');
    expect(search.stderr).toMatch(/text search/i);
    expect(search.stderr).toMatch(/Sandbox.*API token.*safestorage/s);

    const out = join(dataDir, '..', `export-${Date.now()}.json`);
    const exported = await cli('export', '--format', 'json', '--out', out);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toMatch(/Sandbox.*API token.*safestorage/s);
    expect(existsSync(out)).toBe(false);

    const whole = await cli('history', '--json');
    expect(whole.code).toBe(1);
    expect(whole.stderr).toMatch(/Sandbox.*API token/s);

    const profiles = await cli('profiles', 'list');
    expect(profiles.code, profiles.stderr).toBe(0);
    expect(profiles.stdout).toContain('Sandbox');

    const file = join(dataDir, '..', `import-${Date.now()}.json`);
    const events = [{ uid: 'imported-1', kind: 'request', at: new Date().toISOString(), path: '/x' }];
    writeFileSync(
      file,
      JSON.stringify({ format: 'checkout-console-history', version: 1, exportedAt: '', events }),
    );
    try {
      const imported = await cli('import', file);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('Imported 1 record');
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('a former token sealed by the desktop app: passed over before, so an export could print an echo of it whole; now refused', async () => {
    opened.withDatabase((db) =>
      db
        .prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('profiles.formerSecrets', ?)")
        .run(JSON.stringify([SEALED_ELSEWHERE])),
    );
    const exported = await cli('export', '--format', 'ndjson');
    expect(exported.code).toBe(1);
    expect(exported.stdout).toBe('');
    expect(exported.stderr).toMatch(/former token.*safestorage/s);
    const list = await cli('history');
    expect(list.code, list.stderr).toBe(0);
  });

  it('sealed with a key file since lost: the refusal says the key does not open it', async () => {
    const keyFile = join(dataDir, 'vault.key');
    expect(readFileSync(keyFile, 'utf8').length).toBeGreaterThan(0);
    rmSync(keyFile);
    const search = await cli('history', '--search', 'kettle');
    expect(search.code).toBe(1);
    expect(search.stderr).toMatch(/Local.*API token/s);
    expect(search.stderr).toMatch(/key/);
  });
});
