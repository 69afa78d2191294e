/**
 * The link to the process that started this one, where it gave one: `npm start`
 * (scripts/start.mjs) starts browser mode with an IPC channel for no other purpose. The channel
 * closes when its parent ends, however it ends: a SIGKILL, or a SIGTERM that reached start.mjs
 * before it could pass it on, ran none of start.mjs's own code, and `serve` went on orphaned,
 * holding its ports and data directory. A command started by a person has no channel and is
 * left to run as before.
 */

/** What of `process` the link is read from (a test passes its own). */
export interface ParentLinkProcess {
  send?: unknown;
  connected?: boolean;
  once(event: 'disconnect', listener: () => void): unknown;
  off(event: 'disconnect', listener: () => void): unknown;
}

/**
 * Calls `gone` once the linked parent is gone (at once, on a later tick, if it went before this
 * was asked); returns the end of listening. With no link, `gone` is never called.
 */
export function onParentGone(gone: () => void, processLike: ParentLinkProcess = process): () => void {
  // `send` is there only with an IPC channel, and stays after the channel closed.
  if (typeof processLike.send !== 'function') return () => undefined;
  if (!processLike.connected) {
    const timer = setImmediate(gone);
    return () => clearImmediate(timer);
  }
  // A 'disconnect' listener holds the channel (and so the process) open: removed on release.
  processLike.once('disconnect', gone);
  return () => processLike.off('disconnect', gone);
}
