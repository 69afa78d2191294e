// The files of the shared project run one after another in the same process (vitest.config.ts):
// what one leaves changed of the process, the files after it in that worker find changed, and
// fail or pass by the order they ran in. So each file fails itself, naming what it left, when it
// ends with the process changed in a way a later file could notice. Loaded again for each file.
import { afterAll, beforeAll, expect, vi } from 'vitest';

/** Events whose listeners outlive the file that added them (SIGINT and SIGTERM: see below). */
const EVENTS = ['exit', 'warning', 'unhandledRejection', 'uncaughtException'] as const;

interface ProcessState {
  env: NodeJS.ProcessEnv;
  envEntries: string;
  cwd: string;
  umask: number;
  listeners: Record<(typeof EVENTS)[number], number>;
  writes: { stdout: typeof process.stdout.write; stderr: typeof process.stderr.write };
  globals: Set<string>;
  fetch: typeof globalThis.fetch;
}

function currentUmask(): number {
  const mask = process.umask(0o022);
  process.umask(mask);
  return mask;
}

const stateNow = (): ProcessState => ({
  env: process.env,
  envEntries: JSON.stringify(Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))),
  cwd: process.cwd(),
  umask: currentUmask(),
  listeners: Object.fromEntries(EVENTS.map((name) => [name, process.listenerCount(name)])) as Record<
    (typeof EVENTS)[number],
    number
  >,
  writes: { stdout: process.stdout.write, stderr: process.stderr.write },
  globals: new Set(Object.getOwnPropertyNames(globalThis)),
  fetch: globalThis.fetch,
});

/** What `after` has changed of `before`, each in words that say what to restore. */
function changesLeft(before: ProcessState, after: ProcessState, fakeTimers: boolean): string[] {
  const left: string[] = [];
  if (after.env !== before.env)
    left.push(
      'process.env was replaced by another object (a plain object no longer sets TZ, nor turns values into text): restore its keys instead',
    );
  else if (after.envEntries !== before.envEntries) {
    const was = new Map(JSON.parse(before.envEntries) as [string, string][]);
    const is = new Map(JSON.parse(after.envEntries) as [string, string][]);
    const keys = [...new Set([...was.keys(), ...is.keys()])].filter((key) => was.get(key) !== is.get(key));
    left.push(`process.env changed: ${keys.join(', ')}`);
  }
  if (after.cwd !== before.cwd) left.push(`the working directory is ${after.cwd}, not ${before.cwd}`);
  if (after.umask !== before.umask)
    left.push(`the umask is ${after.umask.toString(8)}, not ${before.umask.toString(8)}`);
  if (fakeTimers) left.push('fake timers are still installed (vi.useRealTimers)');
  for (const name of EVENTS) {
    const added = after.listeners[name] - before.listeners[name];
    if (added > 0) left.push(`${added} more process '${name}' listener(s)`);
  }
  // A spy left on the process's output (vi.spyOn(process.stderr, 'write') not restored) swallows
  // or records what the files after it write; a global left stubbed answers their calls.
  for (const stream of ['stdout', 'stderr'] as const)
    if (after.writes[stream] !== before.writes[stream])
      left.push(`process.${stream}.write is replaced (a spy not restored: mockRestore)`);
  if (after.fetch !== before.fetch) left.push('globalThis.fetch is replaced (vi.unstubAllGlobals)');
  const added = [...after.globals].filter((name) => !before.globals.has(name));
  const removed = [...before.globals].filter((name) => !after.globals.has(name));
  if (added.length > 0) left.push(`globals added: ${added.join(', ')}`);
  if (removed.length > 0) left.push(`globals removed: ${removed.join(', ')}`);
  return left;
}

// Taken once the file's modules are loaded: a module that sets something up as it loads does so
// once per worker, not per file. SIGINT and SIGTERM are not counted: `listen` and `emulator`,
// run in-process and refused before they start, keep theirs (a command's process ends there).
let before: ProcessState | null = null;
beforeAll(() => {
  before = stateNow();
});

afterAll(() => {
  if (before === null) return;
  const left = changesLeft(before, stateNow(), vi.isFakeTimers());
  if (left.length > 0)
    throw new Error(
      `${expect.getState().testPath ?? 'This file'} leaves the process changed for the files after it in this worker: ${left.join('; ')}.`,
    );
});
