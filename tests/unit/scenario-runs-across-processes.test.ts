import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A run of `test` in a terminal (or of another console) on the data directory pushed nothing to
// this console: its windows saw the run start and end only when they next read the runs, every
// 3 s. Its writes are now seen by the watch of other processes (once a second) and pushed.

const folder = makeTempDir('cc-runs-elsewhere-');
let here: ListeningConsole | null = null;
afterAll(async () => {
  await here?.dispose();
  folder.remove();
});

describe('a run stored by another process on the data directory', () => {
  it('is pushed to this console’s windows as it starts, and again once it has ended', async () => {
    const opened = await openListeningConsole();
    here = opened;
    // What the newest stored run was when each push came.
    const seen: string[] = [];
    opened.core.bus.subscribe((event) => {
      if (event.name !== 'scenarios.storedRuns') return;
      const [newest] = opened.core.scenarios.runSummaries({ beforeId: null, limit: 1 });
      seen.push(`#${newest?.id ?? 'none'} ${newest?.status ?? ''}`);
    });
    writeFileSync(join(folder.dir, 'waits.yaml'), 'name: waits\nsteps:\n  - step: wait\n    for: 3s\n');

    // `test` in a terminal: a console of its own on the data directory.
    expect((await runCliCaptured(['--data-dir', opened.dataDir, 'test', folder.dir])).code).toBe(0);
    await expect.poll(() => seen.at(-1)).toBe('#1 passed');
    // And before, while it waited: the watch looks once a second.
    expect(seen).toContain('#1 running');
  });
});
