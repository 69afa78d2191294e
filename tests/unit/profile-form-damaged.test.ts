import { describe, expect, it } from 'vitest';
import { defaultProfileFields, type SecretEdit } from '../../src/shared/profile';
import {
  columnSetByEdit,
  damagedFieldsToSet,
  editedOperationsOnly,
  withDamagedFieldsSet,
} from '../../src/renderer/src/features/profiles/damaged-form-fields';

// The Profiles form of a profile whose environment is damaged (read as live, a guess): the
// field is shown empty and must be chosen; a save that has not chosen it is refused at the field,
// one that chose live itself sends it (the form's patch leaves out what equals the value read).
const KEEP: SecretEdit = { action: 'keep' };
const profile = {
  name: 'Sandbox',
  damaged: [
    { column: 'environment' as const, message: '…' },
    { column: 'apiToken' as const, message: '…' },
    { column: 'createdAt' as const, message: '…' },
  ],
};

describe('a damaged column in the Profiles form', () => {
  it('must be set here before a save, named at its field', () => {
    const toSet = damagedFieldsToSet(profile, new Set(['signedTokenMinutes']), {
      apiToken: KEEP,
      notificationToken: KEEP,
    });
    expect(toSet.map((field) => field.column)).toEqual(['environment', 'apiToken']);
    expect(toSet[0]?.message).toBe(
      "Profile Sandbox's stored environment is damaged: set it here: what it is read as is a guess, and is not saved.",
    );
    expect(
      damagedFieldsToSet(profile, new Set(['environment']), {
        apiToken: { action: 'clear' },
        notificationToken: KEEP,
      }),
    ).toEqual([]);
  });

  it('is sent when set here, even to the value it was read as', () => {
    const fields = { ...defaultProfileFields('live', 'Sandbox'), signedTokenMinutes: 20 };
    expect(
      withDamagedFieldsSet({ signedTokenMinutes: 20 }, fields, profile, new Set(['environment'])),
    ).toEqual({ signedTokenMinutes: 20, environment: 'live' });
    expect(withDamagedFieldsSet({ signedTokenMinutes: 20 }, fields, profile, new Set())).toEqual({
      signedTokenMinutes: 20,
    });
  });
});

// A profile whose stored operations are damaged: what could not be read shows its default, a
// guess. Editing one operation once counted as setting the column, and the save stored the
// guesses for the others. Only "Set all operations as shown" sets it; an edit sends that
// operation alone, which main refuses while the column is damaged (refuse-guessed-save.ts).
describe('damaged operations in the Profiles form', () => {
  const damagedOperations = { name: 'Sandbox', damaged: [{ column: 'operations' as const, message: '…' }] };
  const secrets = { apiToken: KEEP, notificationToken: KEEP };

  it('are not set by editing one operation, and say how to set them', () => {
    expect(columnSetByEdit('operations.capture.path', damagedOperations)).toBeNull();
    // A push of the stored profile sets the whole field: no more a choice than an edit of one.
    expect(columnSetByEdit('operations', damagedOperations)).toBeNull();
    expect(columnSetByEdit('environment', profile)).toBe('environment');
    expect(columnSetByEdit('signedTokenMinutes', profile)).toBeNull();
    const [toSet] = damagedFieldsToSet(damagedOperations, new Set(), secrets);
    expect(toSet?.message).toBe(
      "Profile Sandbox's stored operations is damaged: set it here with Set all operations as shown, once each is as it should be: what could not be read is shown as its default, a guess, and editing one operation does not set the others.",
    );
    expect(damagedFieldsToSet(damagedOperations, new Set(['operations']), secrets)).toEqual([]);
  });

  it('send only the operations edited, or all of them once set as shown', () => {
    const fields = defaultProfileFields('sandbox', 'Sandbox');
    const capture = { method: 'POST', path: '/v2/captures' } as const;
    const edited = { ...fields.operations, capture };
    const patch = editedOperationsOnly({ operations: edited, signedTokenMinutes: 20 }, fields.operations);
    expect(patch).toEqual({ operations: { capture }, signedTokenMinutes: 20 });
    expect(editedOperationsOnly({ signedTokenMinutes: 20 }, fields.operations)).toEqual({
      signedTokenMinutes: 20,
    });
    const all = withDamagedFieldsSet(
      patch,
      { ...fields, operations: edited },
      damagedOperations,
      new Set(['operations']),
    );
    expect(all.operations).toEqual(edited);
  });
});
