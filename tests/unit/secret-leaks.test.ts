import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultProfileFields } from '../../src/shared/profile';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const API_TOKEN = 'sk_live_LEAKCHECK_a1b2c3d4e5f6';
const NOTIFICATION_TOKEN = 'whsec_LEAKCHECK_z9y8x7w6v5u4';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The plain token, and the encodings a careless write would produce. */
function leakPatterns(token: string): Buffer[] {
  return [
    Buffer.from(token),
    Buffer.from(Buffer.from(token).toString('base64')),
    Buffer.from(token, 'utf16le'),
  ];
}

describe('secrets never leave main', () => {
  it('appear in no bridge message, no pushed event, no file under the data dir, no log line, no CLI output', async () => {
    const { core, dataDir, dispose } = await openTempConsole();
    const messages: string[] = [];
    core.bus.subscribe((event) => messages.push(JSON.stringify(event)));
    const call = async (command: string, input: unknown) => {
      const result = await core.dispatcher(command, input, { transport: 'direct' });
      messages.push(JSON.stringify(result));
      return result;
    };
    const created = await call('createProfile', {
      fields: defaultProfileFields('live', 'Prod'),
      apiToken: { action: 'set', value: API_TOKEN },
      notificationToken: { action: 'set', value: NOTIFICATION_TOKEN },
    });
    expect(created.ok).toBe(true);
    const id = created.ok ? (created.data as { id: number }).id : 0;
    await call('listProfiles', {});
    await call('activateProfile', { id });
    await call('duplicateProfile', { id });
    await call('updateProfile', { id, fields: { baseUrl: 'https://prod.example.test' } });
    await call('getAppInfo', {});
    // The main process itself can read them back: the vault works.
    expect(core.profiles.secretsOf(id)).toEqual({
      apiToken: API_TOKEN,
      notificationToken: NOTIFICATION_TOKEN,
    });
    await core.close();

    const cli = await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list', '--json']);
    messages.push(cli.stdout, cli.stderr);

    const haystacks = [
      ...messages.map((m) => Buffer.from(m)),
      ...filesUnder(dataDir).map((f) => readFileSync(f)),
    ];
    expect(filesUnder(dataDir).some((f) => f.endsWith('console.log'))).toBe(true);
    for (const token of [API_TOKEN, NOTIFICATION_TOKEN]) {
      for (const pattern of leakPatterns(token)) {
        for (const haystack of haystacks) expect(haystack.includes(pattern)).toBe(false);
      }
    }
    await dispose().catch(() => undefined);
  });
});
