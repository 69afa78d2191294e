import { describe, expect, it } from 'vitest';
import { filterParts } from '../../src/shared/event-filter-parts';
import { filtersAloneWords } from '../../src/renderer/src/features/timeline/filters-alone-words';

/**
 * "The filters match nothing together. Alone: …" said "Scenario run #999 0" for a run the data
 * directory does not hold, as if it were stored and had written nothing, beside a red pill saying
 * "No run #999 in this data directory"; and it named a profile by its id ("Profile 3 12"), a
 * number the filter bar never shows, where the bar and `history --profile` name it.
 */
describe('what each filter matches alone', () => {
  const filter = { kinds: ['webhook' as const], scenarioRun: 999, profileId: 3 };
  const parts = filterParts(filter);
  const counts = [12, 4, 0];

  it('says a run that is not stored as its pill does, with no count', () => {
    expect(filtersAloneWords(parts, counts, { runExists: false, profileName: () => 'Shop' })).toBe(
      'Kind webhook 12 · Profile Shop 4 · No run #999 in this data directory',
    );
  });

  it('counts a stored run, and one not yet known to be missing', () => {
    for (const runExists of [true, null])
      expect(filtersAloneWords(parts, counts, { runExists, profileName: () => 'Shop' })).toBe(
        'Kind webhook 12 · Profile Shop 4 · Scenario run #999 0',
      );
  });

  it('names a profile by the name the filter bar shows, by its id only when no profile has it', () => {
    expect(filtersAloneWords(parts, counts, { runExists: true, profileName: () => null })).toBe(
      'Kind webhook 12 · Profile #3 4 · Scenario run #999 0',
    );
  });
});
