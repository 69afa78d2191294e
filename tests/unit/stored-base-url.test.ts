import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { defaultProfileFields, maskSecret } from '../../src/shared/profile';
import { problemsSummary, profileProblems } from '../../src/shared/profile-readiness';
import { json, startFakeService } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A base URL an earlier version stored that input now refuses: the data directory still lists
 * and shows its profiles, and a send on it is refused, saying why, before anything goes out.
 */
let dataDir: string;
let remove: () => void;
let service: Awaited<ReturnType<typeof startFakeService>>;

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  service = await startFakeService((_request, response) =>
    json(response, 200, {
      order_id: 'o-1',
      checkout_id: 'c-1',
      status: 'new',
      checkout_url: 'https://pay.example/?orderId=o-1',
    }),
  );
  await cli('profiles', 'set', 'Sandbox', '--base-url', service.url, '--api-token', 'sk_test_stored_abcd');
});
afterEach(async () => {
  await service.close();
  remove();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

/** Writes the base URL as an earlier version would have stored it, past today's input rules. */
function storeBaseUrl(name: string, baseUrl: string): void {
  const db = openDatabase(join(dataDir, 'console.sqlite'));
  try {
    db.prepare('UPDATE profiles SET base_url = ? WHERE name = ?').run(baseUrl, name);
  } finally {
    db.close();
  }
}

const view = (baseUrl: string) => ({
  ...defaultProfileFields('sandbox', 'Sandbox'),
  baseUrl,
  apiToken: maskSecret('sk_test_stored_abcd'),
  damaged: [],
});

describe('a stored base URL that input now refuses', () => {
  it.each([
    [
      'http://127.0.0.1:0',
      "Its base URL cannot be used; the base URL's port 0 is not a port a request can go to (1–65535).",
    ],
    [
      'http://127.0.0.1:5201/v1#frag',
      'Its base URL cannot be used; the base URL must not carry a fragment (#frag): the request paths are appended to it, and would land inside the fragment, which is never sent.',
    ],
    [
      'http://127.0.0.1:5201/v1?a=1',
      'Its base URL cannot be used; the base URL must not carry a query (?a=1): the request paths are appended to it, and would land inside the query.',
    ],
  ])('%s: a profile problem, as the placeholder is', (baseUrl, message) => {
    const problems = profileProblems(view(baseUrl));
    expect(problems).toEqual([{ kind: 'unusable_base_url', field: 'baseUrl', message }]);
    expect(problemsSummary(problems)).toBe('Set its base URL');
  });

  it.each(['http://127.0.0.1:0', '#frag', '?a=1', '?'])(
    '%s: listed as stored, and a send says why nothing went',
    async (written) => {
      // After the fake service's own address: nothing may reach it (it received `POST /v1`).
      const stored = written.startsWith('http') ? written : `${service.url}/v1${written}`;
      storeBaseUrl('Sandbox', stored);
      const listed = await cli('profiles', 'list', '--json');
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toContainEqual(
        expect.objectContaining({ name: 'Sandbox', baseUrl: stored }),
      );
      expect((await cli('profiles', 'list')).code).toBe(0);

      const file = join(dataDir, 'payload.json');
      writeFileSync(file, '{"order_reference_id":"r1"}');
      const refused = await cli('send', file, '--profile', 'Sandbox');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'Sandbox is not set up, so nothing was sent: its base URL cannot be used; the base URL',
      );
      expect(refused.stderr).toContain('(Profiles, or profiles set Sandbox --base-url URL).');
      expect(service.received).toHaveLength(0);

      // Changing another field names the base URL to set; set, the profile sends again.
      const other = await cli('profiles', 'set', 'Sandbox', '--token-minutes', '20');
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(/--base-url: The base URL/);
      expect((await cli('profiles', 'set', 'Sandbox', '--base-url', service.url)).code).toBe(0);
      expect((await cli('send', file, '--profile', 'Sandbox')).code).toBe(0);
      expect(service.received).toHaveLength(1);
    },
  );
});
