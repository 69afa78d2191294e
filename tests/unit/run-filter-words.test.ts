import { describe, expect, it } from 'vitest';
import { noRunWords } from '../../src/main/cli/run-number';
import { runFilterWords } from '../../src/shared/scenarios/run-number';
import { openTempConsole } from './helpers/temp-console';

/**
 * `#/timeline?run=5` and `#/history?run=7` with no such run said "written by scenario run #5"
 * over an empty list (and History offered "Export 0 records"), while `history --run 5` refused
 * it. The views now say what the CLI says, from the same words.
 */
describe('a run= filter', () => {
  it('names a stored run as the rows were written by it', () => {
    expect(runFilterWords(5, true)).toEqual({ words: 'written by scenario run #5', missing: false });
  });

  it('says a run that is not stored is not there, as the CLI refuses it', () => {
    expect(runFilterWords(5, false)).toEqual({ words: 'No run #5 in this data directory', missing: true });
    expect(noRunWords(5)).toBe('error: no run #5 in this data directory (`runs` lists them)');
  });

  it('waits for the answer before saying a run is missing', () => {
    expect(runFilterWords(7, null)).toEqual({ words: 'written by scenario run #7', missing: false });
  });
});

// #/scenarios?run=999 said "Run #999 does not exist (it may have been removed).", where the CLI,
// the Timeline and History say the run is not in this data directory: getScenarioRun, which
// the Scenarios view shows as it answers, refuses in those words too.
describe('a run the console is asked for and does not hold', () => {
  it('is refused as not_found in the words the CLI and the views say it with', async () => {
    const app = await openTempConsole();
    try {
      const result = await app.core.dispatcher('getScenarioRun', { id: 999 }, { transport: 'direct' });
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'not_found', message: 'No run #999 in this data directory.' },
      });
    } finally {
      await app.dispose();
    }
  });
});
