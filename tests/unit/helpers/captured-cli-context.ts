import type { CliContext } from '../../../src/main/cli/cli-context';

export interface CapturedCliOptions {
  /** What `--data-dir` says; without it, the default folder (as `runCli`, which reads its own flag). */
  dataDir?: string;
  /** All of standard input, for a command that reads `-`. */
  stdin?: string;
  /** Sees each write to standard output as it is made: to act at a given line (Ctrl+C once a run started). */
  onStdout?: (text: string) => void;
  /** Lock waits shorter than the defaults, for a test of what a command says past them. */
  lockWaits?: CliContext['lockWaits'];
}

/** A CLI context whose output a test reads back, as the command goes and after it ended. */
export interface CapturedCli {
  context: CliContext;
  /** Standard output so far. */
  out: () => string;
  /** Standard error so far. */
  err: () => string;
  /** Standard output write by write, for what must come in pieces (`history --json`'s pages). */
  outWrites: () => readonly string[];
}

/**
 * A context for a command run in this process (`runListen`, `runEmulator`, `runServe`, or
 * `runCli` given it as its options), with nothing written to the terminal and everything kept.
 */
export function captureCliContext(options: CapturedCliOptions = {}): CapturedCli {
  const { dataDir, stdin = '', onStdout, lockWaits } = options;
  const outWrites: string[] = [];
  let err = '';
  return {
    context: {
      io: {
        stdout: (text) => {
          outWrites.push(text);
          onStdout?.(text);
        },
        stderr: (text) => {
          err += text;
        },
        readStdin: async () => stdin,
      },
      // No test here serves the built renderer: a folder that is not there.
      rendererDir: '/nonexistent-renderer',
      dataDirFlag: () => dataDir,
      ...(lockWaits === undefined ? {} : { lockWaits }),
    },
    out: () => outWrites.join(''),
    err: () => err,
    outWrites: () => outWrites,
  };
}
