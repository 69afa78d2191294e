import { fileURLToPath } from 'node:url';
import { installConsoleZodWords } from '../../shared/zod-words';
import { runCli } from './program';

installConsoleZodWords();

// This file is the CLI bundle's entry (out/main/cli.js), so the renderer sits at ../renderer.
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

const exitCode = await runCli(process.argv.slice(2), {
  rendererDir,
  io: {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin,
  },
});
process.exitCode = exitCode;
