import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SOURCE_CLI } from './source-cli';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface CliProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

/** `checkout-console <args>` in its own process, from source, with the OS keychain left alone. */
export function startCli(args: readonly string[]): CliProcess {
  const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the process prints something matching `pattern` (or fails if it exits first). */
export async function waitForOutput(run: CliProcess, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(run.output());
    if (match !== null) return match[1] ?? match[0];
    if (run.child.exitCode !== null)
      throw new Error(`exited (${run.child.exitCode}) first:\n${run.output()}`);
    if (Date.now() > end) throw new Error(`never printed ${pattern}:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
