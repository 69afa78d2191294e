import { runCli } from '../../../src/main/cli/program';
import { captureCliContext, type CapturedCliOptions } from './captured-cli-context';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output, as a user would type it. */
export async function runCliCaptured(
  argv: string[],
  stdin = '',
  options: Pick<CapturedCliOptions, 'lockWaits'> = {},
): Promise<CliRun> {
  const run = captureCliContext({ ...options, stdin });
  const code = await runCli(argv, run.context);
  return { code, stdout: run.out(), stderr: run.err() };
}
