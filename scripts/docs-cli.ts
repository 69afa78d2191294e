// `npm run docs:cli`: writes docs/cli.md from the commands' own help. A unit test
// (tests/unit/cli-reference.test.ts) fails while the file and the CLI disagree.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_REFERENCE_PATH, currentCliReference } from '../src/main/cli/cli-reference';

const target = join(import.meta.dirname, '..', CLI_REFERENCE_PATH);
writeFileSync(target, currentCliReference());
process.stdout.write(`Wrote ${CLI_REFERENCE_PATH}\n`);
