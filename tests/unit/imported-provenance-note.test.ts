import { describe, expect, it } from 'vitest';
import { provenanceNoteWords } from '../../src/shared/provenance-note';

// The banner of an imported webhook of the service said "The console made or copied it", though
// this console made nothing: it read the record from a file another console had recorded. A mark
// the file carried (a replay's link, a token signed) was written by that console, of its records.
describe('the provenance note of an imported record', () => {
  const IMPORTED =
    'Read from a file: the console that exported it recorded it, not this one. It never moves an order.';

  it('says the file and the console that recorded it, never that this console made it', () => {
    expect(provenanceNoteWords({ provenance: 'import' }, null)).toEqual({
      title: "Not the service's own: imported from a file",
      body: IMPORTED,
    });
    expect(provenanceNoteWords({ provenance: 'import', originalProvenance: 'service' }, null)?.body).toBe(
      IMPORTED,
    );
  });

  it("leaves out a mark's reason, written by the other console of its own records", () => {
    const words = provenanceNoteWords(
      { provenance: 'import', originalProvenance: 'replay' },
      'The arrival of replay #20.',
    );
    expect(words?.title).toBe(
      "Not the service's own: imported from a file · originally a replay: replay (the console sent it again)",
    );
    expect(words?.body).toBe(IMPORTED);
  });

  it("keeps the console's own doings in their words", () => {
    expect(provenanceNoteWords({ provenance: 'replay' }, 'The arrival of replay #20.')?.body).toBe(
      'The arrival of replay #20. It never moves an order.',
    );
    expect(provenanceNoteWords({ provenance: 'crafted' }, null)?.body).toBe(
      'The console made or copied it. It never moves an order.',
    );
  });
});
