import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { onParentGone, type ParentLinkProcess } from '../../src/main/cli/parent-link';

/** A process as parent-link.ts reads it, with no IPC channel, an open one, or one closed. */
function fakeProcess(link: 'none' | 'open' | 'closed') {
  const events = new EventEmitter();
  const fake = {
    send: link === 'none' ? undefined : () => true,
    connected: link === 'open',
    once: (name: string, listener: () => void) => events.once(name, listener),
    off: (name: string, listener: () => void) => events.off(name, listener),
  } satisfies ParentLinkProcess;
  return { fake, events };
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

// `npm start` links browser mode to itself with an IPC channel; npm-start-orphaned.test.ts has
// the real processes. A console a person started has no such link and runs until stopped.
describe('onParentGone', () => {
  it('never calls without a link: a serve started by a person runs on', async () => {
    const gone = vi.fn();
    const { fake, events } = fakeProcess('none');
    onParentGone(gone, fake);
    events.emit('disconnect');
    await nextTick();
    expect(gone).not.toHaveBeenCalled();
  });

  it('calls once the link closes, and not after release', () => {
    const gone = vi.fn();
    const { fake, events } = fakeProcess('open');
    const release = onParentGone(gone, fake);
    expect(gone).not.toHaveBeenCalled();
    events.emit('disconnect');
    expect(gone).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    onParentGone(later, fake)();
    events.emit('disconnect');
    expect(later).not.toHaveBeenCalled();
    expect(events.listenerCount('disconnect')).toBe(0);
    release();
  });

  it('calls when the parent went before it was asked (killed while the console started)', async () => {
    const gone = vi.fn();
    onParentGone(gone, fakeProcess('closed').fake);
    expect(gone).not.toHaveBeenCalled();
    await nextTick();
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
