import { fileURLToPath } from 'node:url';
import { installConsoleZodWords } from '../../shared/zod-words';
import { runCli } from './program';
import { standardIo } from './standard-io';

installConsoleZodWords();

// This file is the CLI bundle's entry (out/main/cli.js), so the renderer sits at ../renderer.
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

const exitCode = await runCli(process.argv.slice(2), {
  rendererDir,
  io: standardIo(),
});
process.exitCode = exitCode;
