import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastStoredResults } from '../../src/renderer/src/features/scenarios/scenario-rows';
import type { FolderStoredRun } from '../../src/shared/scenarios/stored-runs';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';
import { scenarioRunEnded } from './helpers/scenario-run-ended';

// The Scenarios view finds a folder's stored runs by the folder main answered when it opened it.
// Runs were stored under the folder resolved (`/home/qa/shop/scenarios`), but a folder typed as a
// relative path (the default `scenarios` among them) was answered as typed, so its cards never
// showed a stored result: every one read "NOT RUN" after a reload, or in a tab opened mid-run.
const temp = makeTempDir('cc-folder-identity-');
let app: ListeningConsole;

beforeAll(async () => {
  app = await openListeningConsole();
  mkdirSync(join(temp.dir, 'suite'));
  writeFileSync(join(temp.dir, 'suite', 'a.yaml'), 'name: A\nsteps:\n  - step: set\n    vars: { a: 1 }\n');
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

describe('a folder opened by a relative path', () => {
  it('is answered as the folder its runs are stored under, so the view finds them', async () => {
    // Relative to where the console runs, as the view's box and its default `scenarios` are.
    const typed = relative(process.cwd(), join(temp.dir, 'suite'));
    expect(typed).not.toMatch(/^\//);
    const ended = scenarioRunEnded(app.core.bus);
    expect(await call('startScenarioRun', { folder: typed, confirmLive: false })).toEqual({
      runId: expect.any(String),
    });
    expect(await ended).toMatchObject({ payload: { type: 'run-finished' } });

    const opened = await call('openScenarioFolder', { folder: typed });
    const files = (opened.scenarios as { file: string }[]).map(({ file }) => file);
    // The cards' own lookup (stored-results-store.ts) finds the run's result under the folder answered.
    const { runs: stored } = (await call('storedResultsOfFolder', {
      folder: opened.folder,
      files,
    })) as { runs: FolderStoredRun[] };
    expect(stored.map((run) => run.source)).toEqual([{ kind: 'folder', folder: join(temp.dir, 'suite') }]);
    expect(opened.folder).toBe(join(temp.dir, 'suite'));
    const last = lastStoredResults(stored);
    expect(last.get('a.yaml')?.result.status).toBe('passed');
    // Written as another path to the same folder, it is the same folder.
    const again = await call('openScenarioFolder', { folder: `${typed}/./` });
    expect(again.folder).toBe(opened.folder);
  });
});
