import { afterEach, describe, expect, it } from 'vitest';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// A profile token echoed in a stored record (typed into a note, sent back in a header) is never
// printed by `history --json` or `curl`, as it is never written by `export`: one redaction.

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

describe('history --json and curl print no profile token a record echoes', () => {
  it('in a header or in the body: replaced, as in an export', async () => {
    listening = await openListeningConsole();
    const { core } = listening;
    const local = core.profiles.active();
    core.profiles.update(
      local.id,
      {},
      { apiToken: { action: 'set', value: 'APITOKEN-PLUGH-987654' }, notificationToken: { action: 'keep' } },
    );
    const response = await fetch(`${listening.origin}/hooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'APITOKEN-PLUGH-987654' },
      body: JSON.stringify({ note: `key ${listening.secret}` }),
    });
    const { id } = (await response.json()) as { id: number };
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', listening?.dataDir ?? '', ...argv]);
    const outputs = {
      history: await cli('history', '--json'),
      curl: await cli('curl', String(id)),
      export: await cli('export', '--format', 'json'),
    };
    for (const [name, run] of Object.entries(outputs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(run.stdout, name).not.toContain('APITOKEN-PLUGH-987654');
      expect(run.stdout, name).not.toContain(listening.secret);
    }
    expect(outputs.history.stdout).toContain('"body": "{\\"note\\":\\"key REDACTED\\"}"');
  });
});
