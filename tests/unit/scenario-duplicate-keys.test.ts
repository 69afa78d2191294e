import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/main/scenarios/load-scenarios';
import { formatProblem } from '../../src/shared/scenarios/scenario-file-problems';

// A repeated key said only "not valid YAML: Map keys must be unique", without the key, and only
// the first of several.
describe('a key given twice', () => {
  it('is named, and every repetition is said', () => {
    const text = [
      'name: words',
      'name: again',
      'steps:',
      '  - step: wait',
      '    for: 1s',
      '    for: 2s',
      '',
    ].join('\n');
    const loaded = loadScenarioText(text, '/w/b.yaml', 'words/b.yaml');
    expect(Array.isArray(loaded) ? loaded.map(formatProblem) : loaded).toEqual([
      'words/b.yaml:2:1: not valid YAML: `name` is given twice in the same mapping',
      'words/b.yaml:6:5: not valid YAML: `for` is given twice in the same mapping',
    ]);
  });
});
