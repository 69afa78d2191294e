// Writes scenarios/scenario.schema.json from the zod schema the runner validates with
// (run: npx tsx scripts/write-scenario-schema.ts). tests/unit/scenario-schema.test.ts fails
// when the committed file is out of step with the schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { scenarioJsonSchema } from '../src/shared/scenarios/scenario-schema';

const target = join(import.meta.dirname, '..', 'scenarios', 'scenario.schema.json');
const options = (await resolveConfig(target)) ?? {};
writeFileSync(target, await format(JSON.stringify(scenarioJsonSchema()), { ...options, filepath: target }));
console.log(`wrote ${target}`);
