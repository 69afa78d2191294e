import { afterEach, describe, expect, it } from 'vitest';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// `replay <id>` without --to sends to this data directory's listener (run by the app or
// `listen`, never by the CLI process itself): as from the Replay view, the stored path is kept
// and the listener's verdicts come back onto the replay's record.

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

interface HistoryRecord {
  id: number;
  kind: string;
  path: string | null;
  token_verdict: string | null;
  related_id: number | null;
  provenance: string;
}

describe('replay to the listener from the CLI', () => {
  it('keeps the stored path, and the replay carries the listener’s verdict', async () => {
    listening = await openListeningConsole();
    const { core } = listening;
    const port = Number(new URL(listening.origin).port);
    const local = core.profiles.active();
    core.profiles.update(
      local.id,
      { listenerPort: port },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(listening.secret, { iat: now, exp: now + 600 });
    const origin = core.listener.status().url ?? '';
    const stored = await fetch(`${origin}/hooks/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: payload('order_approved'),
    });
    const { id } = (await stored.json()) as { id: number };

    const run = await runCliCaptured(['--data-dir', listening.dataDir, 'replay', String(id)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const history = await runCliCaptured(['--data-dir', listening.dataDir, 'history', '--json']);
    const records = JSON.parse(history.stdout) as HistoryRecord[];
    const replay = records.find((record) => record.kind === 'replay');
    expect(replay).toMatchObject({ related_id: id, token_verdict: 'valid', provenance: 'replay' });
    const arrival = records.find((record) => record.kind === 'webhook' && record.related_id === replay?.id);
    expect(arrival).toMatchObject({ path: '/hooks/notify', provenance: 'replay', token_verdict: 'valid' });
  });
});
