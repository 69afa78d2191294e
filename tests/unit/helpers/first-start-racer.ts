// One console process of a first-start race (tests/unit/first-start-race.test.ts): it loads
// everything first, waits for the agreed moment, then opens the data directory as every
// command does, and prints what it found as one JSON line.
import { createHash } from 'node:crypto';
import { createConsole } from '../../../src/main/app';

const [dataDir, goAtText] = process.argv.slice(2);
if (dataDir === undefined || goAtText === undefined)
  throw new Error('usage: first-start-racer <dataDir> <goAtMs>');
const goAt = Number(goAtText);
// A busy wait, so every racer leaves within a millisecond of the others.
while (Date.now() < goAt) {
  /* waiting for the start */
}
const core = await createConsole({ dataDir, frontDoor: 'cli', keychain: 'off' });
try {
  const { profiles } = core.profiles.snapshot();
  const local = core.profiles.findByName('Local');
  const apiToken = local === undefined ? null : core.profiles.secretsOf(local.id).apiToken;
  process.stdout.write(
    `${JSON.stringify({
      profiles: profiles.map((profile) => profile.name).sort(),
      localToken: apiToken === null ? null : createHash('sha256').update(apiToken).digest('hex'),
    })}\n`,
  );
} finally {
  await core.close();
}
