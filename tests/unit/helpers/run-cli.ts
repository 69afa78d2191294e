import { runCli } from '../../../src/main/cli/program';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output, as a user would type it. */
export async function runCliCaptured(argv: string[], stdin = ''): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    rendererDir: '/nonexistent-renderer',
    io: {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      readStdin: async () => stdin,
    },
  });
  return { code, stdout, stderr };
}
