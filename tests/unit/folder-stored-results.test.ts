import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';
import { scenarioRunEnded } from './helpers/scenario-run-ended';

// The Scenarios view asked main for the runs, then for where each of their names really leads
// (realScenarioPaths), and matched them to its cards from the text of paths. Main now answers,
// for an opened folder, each stored result with the card file it is (or null): one round trip.
const temp = makeTempDir('cc-folder-stored-results-');
let app: ListeningConsole;
const QUICK = (name: string) => `name: ${name}\nsteps:\n  - step: set\n    vars: { a: 1 }\n`;

beforeAll(async () => {
  app = await openListeningConsole();
  mkdirSync(join(temp.dir, 'good'));
  mkdirSync(join(temp.dir, 'other'));
  symlinkSync(join(temp.dir, 'good'), join(temp.dir, 'goodlink'));
  writeFileSync(join(temp.dir, 'good', 'e.yaml'), QUICK('E'));
  writeFileSync(join(temp.dir, 'other', 'e.yaml'), QUICK('Another E'));
});
afterAll(async () => {
  await app.dispose();
  temp.remove();
});

const call = async (command: string, input: unknown) => {
  const result = await app.core.dispatcher(command, input, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return result.data as Record<string, unknown>;
};
const runPaths = async (...paths: string[]) => {
  const ended = scenarioRunEnded(app.core.bus);
  await call('startScenarioRun', { paths, confirmLive: false });
  await ended;
};
type Answer = { runs: { id: number; scenarios: { file: string; cardFile: string | null }[] }[] };

describe("an opened folder's stored results, as main matches them to its cards", () => {
  it('names the card each result is of, a run through a link included, and skips other folders', async () => {
    await runPaths(join(temp.dir, 'good', 'e.yaml'));
    await runPaths(join(temp.dir, 'goodlink', 'e.yaml'));
    await runPaths(join(temp.dir, 'other', 'e.yaml'));
    const answer = (await call('storedResultsOfFolder', {
      folder: join(temp.dir, 'good'),
      files: ['e.yaml'],
    })) as Answer;
    // Newest first; the other folder's run (#3) is not read; #2 has the card, so #1 is not either.
    expect(answer.runs.map(({ id, scenarios }) => [id, scenarios.map((s) => s.cardFile)])).toEqual([
      [2, ['e.yaml']],
    ]);
  });
});
