import { afterEach, describe, expect, it } from 'vitest';
import { defaultProfileFields } from '../../src/shared/profile';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// A profile token echoed in a stored record (typed into a note, sent back in a header) is never
// printed by `history --json` or `curl`, as it is never written by `export`: one redaction.

let listening: ListeningConsole | null = null;

/** A console with its listener running, the Local profile's API token set to `apiToken`. */
async function listeningWithApiToken(apiToken: string): Promise<ListeningConsole> {
  const opened = await openListeningConsole();
  opened.core.profiles.update(
    opened.core.profiles.active().id,
    {},
    { apiToken: { action: 'set', value: apiToken }, notificationToken: { action: 'keep' } },
  );
  return opened;
}
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

describe('history --json and curl print no profile token a record echoes', () => {
  it('in a header or in the body: replaced, as in an export', async () => {
    listening = await listeningWithApiToken('APITOKEN-PLUGH-987654');
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

/** Every byte sequence an output carries as base64 (a body that is not UTF-8), decoded. */
function decodedBase64Runs(output: string): Buffer[] {
  return [...output.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g)].map(([run]) => Buffer.from(run, 'base64'));
}

describe('a body that is not UTF-8 carries no secret out either', () => {
  it('history --json, curl and every export format redact it inside the base64', async () => {
    listening = await listeningWithApiToken('APITOKEN-XYZZY-123456');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWJ5dGVz';
    // 0xff and 0x80 make it no UTF-8 text: it is stored, shown and exported as base64.
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(` key APITOKEN-XYZZY-123456 secret ${listening.secret} Authorization: Bearer ${jwt} `),
      Buffer.from([0x80, 0x81]),
    ]);
    const response = await fetch(`${listening.origin}/hooks?serviceToken=${jwt}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const { id } = (await response.json()) as { id: number };
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', listening?.dataDir ?? '', ...argv]);
    const outputs = {
      history: await cli('history', '--json'),
      curl: await cli('curl', String(id)),
      json: await cli('export', '--format', 'json'),
      ndjson: await cli('export', '--format', 'ndjson'),
      har: await cli('export', '--format', 'har'),
    };
    for (const [name, run] of Object.entries(outputs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      const decoded = decodedBase64Runs(run.stdout);
      // The body is there, redacted: its other bytes kept, each secret replaced.
      const body = decoded.find((buffer) => buffer.includes(Buffer.from([0xff, 0xfe, 0x20])));
      expect(body, name).toBeDefined();
      expect(body?.toString('latin1'), name).toContain('Authorization: Bearer REDACTED');
      for (const secret of ['APITOKEN-XYZZY-123456', listening.secret, jwt])
        for (const text of [run.stdout, ...decoded.map((buffer) => buffer.toString('latin1'))])
          expect(text, name).not.toContain(secret);
    }
    // With the webhooks' own tokens asked for, the profiles' tokens still never leave.
    const withTokens = await cli('export', '--format', 'ndjson', '--include-tokens');
    expect(withTokens.code, withTokens.stderr).toBe(0);
    const decoded = decodedBase64Runs(withTokens.stdout).map((buffer) => buffer.toString('latin1'));
    expect(decoded.join('\n')).toContain(`Authorization: Bearer ${jwt}`);
    for (const secret of ['APITOKEN-XYZZY-123456', listening.secret])
      for (const text of [withTokens.stdout, ...decoded]) expect(text).not.toContain(secret);
  });
});

describe('a token in the path of a request', () => {
  it('is replaced in history (table and --json) and every export, as it is in the URL', async () => {
    listening = await listeningWithApiToken('APITOKEN-FROBOZZ-4242');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWJ5dGVz';
    const shortJwt = 'eyJhbGciOiJI.eyJzdWIi.c2ln';
    // A merchant endpoint that carries its token in the path, and a key typed into one; the
    // short ones fit the table's PATH column whole.
    for (const path of [
      `/h/${jwt}/APITOKEN-FROBOZZ-4242?serviceToken=${jwt}`,
      `/a/${shortJwt}`,
      '/b/APITOKEN-FROBOZZ-4242',
    ]) {
      const response = await fetch(`${listening.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
    }
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', listening?.dataDir ?? '', ...argv]);
    const outputs = {
      table: await cli('history'),
      history: await cli('history', '--json'),
      json: await cli('export', '--format', 'json'),
      ndjson: await cli('export', '--format', 'ndjson'),
      har: await cli('export', '--format', 'har'),
    };
    for (const [name, run] of Object.entries(outputs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(run.stdout, name).toContain('/h/');
      for (const secret of [jwt, shortJwt, 'APITOKEN-FROBOZZ-4242'])
        expect(run.stdout, name).not.toContain(secret);
    }
    const paths = (JSON.parse(outputs.history.stdout) as { path: string }[]).map((record) => record.path);
    expect(paths).toEqual(['/b/REDACTED', '/a/REDACTED', '/h/REDACTED/REDACTED']);
    expect(outputs.table.stdout).toMatch(/\/b\/••••4242\s/);
  });
});

describe('a profile token that was replaced, cleared or whose profile was removed', () => {
  it('is still never printed where a record echoes it', async () => {
    listening = await listeningWithApiToken('APITOKEN-FORMER-111111');
    const { core } = listening;
    const temp = core.profiles.create(defaultProfileFields('sandbox', 'Temp'), {
      apiToken: { action: 'set', value: 'APITOKEN-REMOVED-222222' },
      notificationToken: { action: 'set', value: 'NOTIFY-CLEARED-3333333' },
    });
    const response = await fetch(`${listening.origin}/hooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'APITOKEN-FORMER-111111' },
      body: JSON.stringify({ notes: ['APITOKEN-REMOVED-222222', 'NOTIFY-CLEARED-3333333'] }),
    });
    const { id } = (await response.json()) as { id: number };
    // Rotated, cleared, removed: the records that echo them stay.
    const local = core.profiles.active();
    core.profiles.update(
      local.id,
      {},
      {
        apiToken: { action: 'set', value: 'APITOKEN-CURRENT-444444' },
        notificationToken: { action: 'keep' },
      },
    );
    core.profiles.update(
      temp.id,
      {},
      { apiToken: { action: 'keep' }, notificationToken: { action: 'clear' } },
    );
    core.profiles.remove(temp.id);
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', listening?.dataDir ?? '', ...argv]);
    const outputs = {
      history: await cli('history', '--json'),
      curl: await cli('curl', String(id)),
      export: await cli('export', '--format', 'json'),
      exportWithTokens: await cli('export', '--format', 'ndjson', '--include-tokens'),
    };
    for (const [name, run] of Object.entries(outputs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      for (const former of ['APITOKEN-FORMER-111111', 'APITOKEN-REMOVED-222222', 'NOTIFY-CLEARED-3333333'])
        expect(run.stdout, name).not.toContain(former);
    }
  });
});
