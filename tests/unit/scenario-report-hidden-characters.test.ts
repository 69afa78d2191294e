import { describe, expect, it } from 'vitest';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import { consoleCommandNaming } from '../../src/shared/console-command';
import type { ScenarioResult } from '../../src/shared/scenarios/scenario-results';

/** The commands a report names, on the default data directory. */
const onDefault = consoleCommandNaming(null);

const result = (name: string, title: string, status: ScenarioResult['status']): ScenarioResult => ({
  file: 'evil.yaml',
  name,
  status,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 3,
  orderIds: [],
  steps: [
    {
      index: 0,
      kind: 'wait',
      title,
      line: 3,
      status: status === 'passed' ? 'passed' : 'error',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      message: null,
      checks: [],
      recordIds: [],
    },
  ],
});

/**
 * A scenario's name and step titles come from a file anyone may have written. The pretty report
 * escaped C0 and C1 controls with a list of its own, but printed a right-to-left override raw
 * (the rest of the line then reads backwards: "✓ pay ‮deliaf" shows as "✓ pay failed"), and a
 * line separator that some terminals break the line at. It now escapes what the one list
 * (shared/terminal-unsafe.ts) names, as every other printed value is.
 */
describe('the pretty report of a scenario named with hidden characters', () => {
  it('writes a right-to-left override, an isolate, a line separator and a BOM as escapes', () => {
    const text = formatScenario(result('pay \u202edeliaf\u2066 x\u2028y\ufeff', 'step', 'passed'), onDefault);
    expect(text).toBe('✓ pay \\u202edeliaf\\u2066 x\\u2028y\\ufeff  (evil.yaml)  3 ms  (made no checks)\n');
  });

  it('does the same in the steps of one that did not pass, and still escapes controls', () => {
    const text = formatScenario(result('bad\u001b[2J', 'title \u202e\u0007', 'error'), onDefault);
    expect(text).toContain('! bad\\u001b[2J  (evil.yaml)');
    expect(text).toContain('1. title \\u202e\\u0007 (line 3)');
    for (const hidden of ['\u202e', '\u0007', '\u001b']) expect(text).not.toContain(hidden);
  });

  it('writes a line feed in a name, a file name or a title as an escape: no line of its own', () => {
    const forged = {
      ...result('a\n✓ forged line  (x.yaml)  1 ms', 'title\nsecond', 'error'),
      file: 'e\nvil.yaml',
    };
    const text = formatScenario(forged, onDefault);
    expect(text).toContain('! a\\u000a✓ forged line  (x.yaml)  1 ms  (e\\u000avil.yaml)');
    expect(text).toContain('1. title\\u000asecond (line 3)');
    expect(text.split('\n').filter((line) => line.startsWith('✓'))).toEqual([]);
  });
});
