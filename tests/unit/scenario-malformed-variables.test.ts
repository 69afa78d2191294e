import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-malformed-vars-');
afterAll(() => temp.remove());

function problemsOf(text: string): string[] {
  const file = join(temp.dir, 'case.yaml');
  writeFileSync(file, text);
  return loadScenarios([file], temp.dir).problems.map(formatProblem);
}

// `${ x }` and `${}` were kept as literal text, sent as written with nothing said; `${env.}`
// failed only when the run reached it ("the environment variable  is not set"). Each is a
// problem of the file, at the field, found when it is read.
describe('a ${…} that names no variable', () => {
  it('is a problem of the file where it is written', () => {
    const text = [
      'name: malformed',
      'vars:',
      '  spaced: "${ x }"',
      'steps:',
      '  - step: checkout',
      '    sample: { country: SA }',
      '  - step: operation',
      '    operation: getOrder',
      '    order: "${ order_id }"',
      '  - step: expect-order',
      '    state: approved',
      '    facts: { /note: "a ${} b" }',
      '  - step: send-webhook',
      '    to: listener',
      '    event: order_approved',
      '    secret: "${env.}"',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'case.yaml:3:11: vars.spaced: "${ x }" is not a variable: write ${x}, with no spaces (or $${ for a literal ${)',
      'case.yaml:9:12: steps[1].order: "${ order_id }" is not a variable: write ${order_id}, with no spaces (or $${ for a literal ${)',
      'case.yaml:12:21: steps[2].facts["/note"]: "${}" names no variable (write $${ for a literal ${)',
      'case.yaml:16:13: steps[3].secret: "${env.}" names no environment variable: write ${env.NAME}',
    ]);
  });

  it('leaves $${ as the literal ${ it writes', () => {
    const text = [
      'name: literal',
      'steps:',
      '  - step: wait',
      '    for: 1ms',
      '    title: "$${ x }"',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([]);
  });
});
