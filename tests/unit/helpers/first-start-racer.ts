// One console process of a first-start race (tests/unit/first-start-race.test.ts): it loads
// everything first, says it is ready, waits for the agreed moment the test sends once every
// racer is ready, then opens the data directory as every command does, and prints what it
// found as one JSON line.
import { createHash } from 'node:crypto';
import { createConsole } from '../../../src/main/app';

const [dataDir] = process.argv.slice(2);
if (dataDir === undefined)
  throw new Error('usage: first-start-racer <dataDir> (the start time comes on stdin)');
// Modules are loaded (static imports): only the start is left to wait for.
process.stdout.write('ready\n');
const goAtText = await new Promise<string>((resolve) => {
  let line = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    line += chunk;
    if (line.includes('\n')) resolve(line.trim());
  });
});
process.stdin.destroy();
const goAt = Number(goAtText);
// A busy wait, so every racer leaves within a millisecond of the others. It spins only for the
// short lead the test gives after all are ready (a fixed 4 s lead spun 5 processes on 2 cores).
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
