import { fileURLToPath } from 'node:url';
import { holdStopsWhileStarting } from './starting-stops';

// Before the rest of the CLI is loaded (imported below, not above: static imports are all
// evaluated before this line), so a Ctrl+C while it loads is answered in words.
const commandBegins = holdStopsWhileStarting((text) => process.stderr.write(text));

const [{ installConsoleZodWords }, { runCli }, { standardIo }] = await Promise.all([
  import('../../shared/zod-words'),
  import('./program'),
  import('./standard-io'),
]);

installConsoleZodWords();

// This file is the CLI bundle's entry (out/main/cli.js), so the renderer sits at ../renderer.
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

const exitCode = await runCli(process.argv.slice(2), {
  rendererDir,
  io: standardIo(),
  commandBegins,
});
process.exitCode = exitCode;
