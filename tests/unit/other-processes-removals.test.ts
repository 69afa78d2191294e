import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { otherProcessesRemovals } from '../../src/main/history/other-processes-removals';
import { withConsoleFile } from './helpers/console-file';
import { makeTempDir } from './helpers/temp-console';

// Records' ids are not AUTOINCREMENT: SQLite gives the next record the highest id plus one, so
// ids freed at the top are given again. Another process that removed the newest records (an
// import undone, a retention of an import's old-dated records) before as many arrived left the
// count and the newest id as they were, and History went on listing what was gone.
describe("another process's removals", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let core: ConsoleCore;
  beforeEach(async () => {
    temp = makeTempDir();
    core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  });
  afterEach(async () => {
    await core.close();
    temp.remove();
  });

  it('are pushed when the newest records went and as many arrived, their ids given again', () => {
    const pushed: string[] = [];
    const handler = otherProcessesRemovals({
      events: core.store.events,
      bus: { publish: (name) => pushed.push(name), subscribe: () => () => undefined },
    });
    const record = (n: number) =>
      core.recorder.recordMany(
        Array.from({ length: n }, () => ({
          kind: 'request' as const,
          method: 'GET',
          path: '/x',
          status: 200,
        })),
      );
    record(5);
    handler.committed();
    expect(pushed).toEqual([]);

    const before = { count: core.store.events.count(), lastId: core.store.events.lastId() };
    withConsoleFile(temp.dir, (db) => db.prepare('DELETE FROM events WHERE id > ?').run(before.lastId - 2));
    record(2);
    expect({ count: core.store.events.count(), lastId: core.store.events.lastId() }).toEqual(before);
    handler.committed();
    expect(pushed).toEqual(['history.removed']);
    // Arrivals alone say nothing.
    record(3);
    handler.committed();
    expect(pushed).toEqual(['history.removed']);
  });
});
