// Its own module: every writer of this process (store-writer.ts) and a test's own connection
// (commitOpenGroupsInThisProcess) reach the one set.

/**
 * The groups open in this process, each as "commit it unless a write function is running". A
 * writer's `writeNow` waits for the lock synchronously; were the lock held by another writer of
 * this same process (two consoles on one data directory in one process, as tests run them),
 * that writer's group could never reach its end-of-turn commit, and the wait would end in
 * "database is locked" after the busy timeout. So `writeNow` commits them first.
 */
export const openGroupsInThisProcess = new Set<() => void>();

/**
 * Commits every group open in this process now (unless a write function is running in it), for
 * a connection of its own in this process that takes the lock synchronously (a test's, opening the
 * file as another process would): its wait could otherwise never see the end-of-turn commit.
 */
export function commitOpenGroupsInThisProcess(): void {
  for (const commitGroup of openGroupsInThisProcess) commitGroup();
}
