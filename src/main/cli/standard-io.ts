import type { CliIo } from './cli-context';
import { CommandExit, EXIT_FAILED, EXIT_OK } from './cli-errors';

/**
 * The process's own standard streams as the CLI's output, the one place every command writes
 * through (src/main/cli/index.ts hands this to runCli).
 *
 * A reader that stops early (`checkout-console export … | head -c 100`) closes the pipe, and the
 * next write fails with EPIPE. Node reports that as an 'error' event on process.stdout; with
 * no listener it is an uncaught exception (a stack trace, exit 1) for an ending the user asked
 * for. Here it ends the command quietly instead, exit 0, as `cat big | head` does in spirit:
 * the reader has what it wanted. The next write stops the command (it throws OutputClosed,
 * which runCli reads as a CommandExit), so an export does not go on reading every record for
 * nobody. The commands that run until stopped write through outputWhileServing instead: they go
 * on serving, and say so. `test` cancels its run (onOutputClosed).
 * Another failure to write (a full disk behind `> file`) is one line on standard error, exit 1.
 * A command whose exit code is a finding (a failed suite) writes its end through writeThenExit,
 * so a reader gone never turns that finding into 0.
 */

/** Thrown by a write once standard output is gone: the command ends, with `exitCode`. */
export class OutputClosed extends CommandExit {
  constructor(exitCode: number) {
    super(exitCode);
    this.name = 'OutputClosed';
  }
}

/**
 * The last writes of a command whose exit code says what it found (a failed suite, a payload
 * with errors, an endpoint that answered wrong), then the exit with that code. A write that
 * finds the reader gone stops the writes as anywhere, but the finding stays: its OutputClosed
 * (exit 0, the reader had what it wanted) replaced the command's 1, and `test --reporter json |
 * head -c 100` told CI a red suite was green. The higher of the two codes wins, so a full disk
 * behind `> file` is still 1 for a finding of 0.
 */
export async function writeThenExit(exitCode: number, writes: () => void | Promise<void>): Promise<never> {
  try {
    await writes();
  } catch (error) {
    if (error instanceof OutputClosed) throw new CommandExit(Math.max(error.exitCode, exitCode));
    throw error;
  }
  throw new CommandExit(exitCode);
}

/** What standard-io needs of a stream: process.stdout and process.stderr, or a pipe in a test. */
export interface OutputStream {
  write(text: string): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

type Closed = { exitCode: number } | null;

const closeListeners = new Set<() => void>();

/** Calls `listener` once standard output is gone (`test` cancels its run on it). */
export function onOutputClosed(listener: () => void): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}

/**
 * The output of a command that runs until stopped (`listen`, `emulator`, `serve`). Its lines are
 * a view of what it serves, not its job: `listen | head -2` ended the listener at the next
 * webhook's line, so a request ended the process and the service's next webhooks were refused,
 * with nothing said and exit 0. Once standard output is gone (its reader left, or a full disk,
 * which standard-io has already said), nothing more is printed, the command goes on, and
 * standard error says so once, with what it still does and how to stop it (`goesOn`). With
 * standard error gone too it goes on silently. Ctrl+C and SIGTERM still stop it (waitForSignal).
 */
export function outputWhileServing(
  io: CliIo,
  said: { command: string; goesOn: string },
): { io: CliIo; release: () => void } {
  let printing = true;
  const stopPrinting = () => {
    if (!printing) return;
    printing = false;
    io.stderr(
      `note: standard output can no longer be written: ${said.command}'s lines are no longer printed, and it ${said.goesOn}\n`,
    );
  };
  // Heard at once from the process's own streams; a test's pipe is heard at its next write.
  const release = onOutputClosed(stopPrinting);
  return {
    io: {
      ...io,
      stdout(text) {
        if (!printing) return;
        try {
          io.stdout(text);
        } catch (error) {
          if (!(error instanceof OutputClosed)) throw error;
          stopPrinting();
        }
      },
    },
    release,
  };
}

const codeOf = (error: Error) => (error as { code?: unknown }).code;
/** The reader went away: EPIPE, or a write to the stream Node has destroyed because of it. */
const readerGone = (error: Error) => codeOf(error) === 'EPIPE' || codeOf(error) === 'ERR_STREAM_DESTROYED';

/**
 * The CLI's output on `streams`. Only the process's own streams (no `streams` given) stop the
 * long-running commands when they close; a test's pipe ends only the writes it is given.
 */
export function standardIo(streams?: { stdout: OutputStream; stderr: OutputStream }): CliIo {
  const out = streams ?? { stdout: process.stdout, stderr: process.stderr };
  let stdoutClosed: Closed = null;
  let stderrClosed = false;
  const writeErr = (text: string) => {
    if (!stderrClosed) out.stderr.write(text);
  };
  out.stdout.on('error', (error) => {
    if (stdoutClosed !== null) return;
    if (readerGone(error)) {
      stdoutClosed = { exitCode: EXIT_OK };
    } else {
      stdoutClosed = { exitCode: EXIT_FAILED };
      writeErr(`error: cannot write to standard output: ${error.message}\n`);
      // Lost output is a failure even when the command had finished (its last write failing
      // after runCli answered 0): decided at exit, after the entry has set its code.
      if (streams === undefined) process.once('exit', () => (process.exitCode = EXIT_FAILED));
    }
    if (streams === undefined) for (const listener of [...closeListeners]) listener();
  });
  // Nobody is left to tell when standard error itself is gone: what would go there is dropped.
  out.stderr.on('error', () => {
    stderrClosed = true;
  });
  return {
    stdout(text) {
      if (stdoutClosed !== null) throw new OutputClosed(stdoutClosed.exitCode);
      out.stdout.write(text);
    },
    stderr: writeErr,
    readStdin: async () => (await readProcessStdinBytes()).toString('utf8'),
    readStdinBytes: readProcessStdinBytes,
  };
}

async function readProcessStdinBytes(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}
