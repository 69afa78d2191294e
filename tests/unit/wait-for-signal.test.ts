import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * waitForSignal, what `serve`, `listen` and `emulator` stop on, is built on onStopSignals as
 * `test` is: after the first Ctrl+C or SIGTERM, a later one is answered
 * "Already stopping: …" rather than left to Node, which ended the process in the middle of its
 * close (exit 130). Its signal listeners are called directly here: emitting a real SIGINT would
 * reach the test runner's own. The real processes are in long-running-second-signal.test.ts.
 * Standard output gone is no stop: it ended `listen | head -2` at the next webhook, refusing
 * the ones after (long-running-closed-output.test.ts has the real processes going on).
 */
const outputClosed = vi.hoisted(() => ({ listeners: new Set<() => void>(), removed: 0 }));
vi.mock('../../src/main/cli/standard-io', () => ({
  onOutputClosed: (listener: () => void) => {
    outputClosed.listeners.add(listener);
    return () => {
      outputClosed.removed += 1;
      outputClosed.listeners.delete(listener);
    };
  },
}));
const { waitForSignal } = await import('../../src/main/cli/wait-for-signal');

const STEPS = 'the servers close, then the console.';
type Listener = (...args: unknown[]) => void;
/** Released after each test, so a failed one leaves no signal listener behind. */
const waiting: { release: () => void }[] = [];

/** Starts waiting and returns what it said, and the SIGINT and SIGTERM listeners it added. */
function startWaiting(until?: Promise<void>) {
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const said: string[] = [];
  const wait = waitForSignal({ say: (text) => said.push(text), steps: STEPS }, until);
  waiting.push(wait);
  const added = (name: 'SIGINT' | 'SIGTERM') =>
    process.listeners(name).filter((listener) => !before[name].includes(listener)) as Listener[];
  return { wait, said, sigint: added('SIGINT'), sigterm: added('SIGTERM') };
}

const settled = async (promise: Promise<void>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

afterEach(() => {
  for (const wait of waiting.splice(0)) wait.release();
  outputClosed.listeners.clear();
  outputClosed.removed = 0;
});

describe('waitForSignal', () => {
  it('stops on the first signal and answers each later one, until released', async () => {
    const { wait, said, sigint, sigterm } = startWaiting();
    expect([sigint.length, sigterm.length]).toEqual([1, 1]);
    expect(await settled(wait.signalled)).toBe(false);
    sigint[0]?.('SIGINT');
    expect(await settled(wait.signalled)).toBe(true);
    expect(said).toEqual([]);
    sigint[0]?.('SIGINT');
    sigterm[0]?.('SIGTERM');
    expect(said).toEqual([`Already stopping: ${STEPS}\n`, `Already stopping: ${STEPS}\n`]);
    wait.release();
    expect(process.listeners('SIGINT')).not.toContain(sigint[0]);
    expect(process.listeners('SIGTERM')).not.toContain(sigterm[0]);
    expect(outputClosed.listeners.size).toBe(0);
  });

  it('goes on waiting when standard output is gone: a command that serves goes on serving', async () => {
    const { wait, said, sigint } = startWaiting();
    for (const listener of [...outputClosed.listeners]) listener();
    expect(await settled(wait.signalled)).toBe(false);
    sigint[0]?.('SIGINT');
    expect(await settled(wait.signalled)).toBe(true);
    expect(said).toEqual([]);
    wait.release();
  });

  it('listens for nothing when a test gives its own stop', async () => {
    const { wait, sigint, sigterm } = startWaiting(Promise.resolve());
    expect([sigint.length, sigterm.length, outputClosed.listeners.size]).toEqual([0, 0, 0]);
    expect(await settled(wait.signalled)).toBe(true);
    wait.release();
  });
});
