import { describe, expect, it } from 'vitest';
import { defaultProfileFields, type SecretEdit } from '../../src/shared/profile';
import {
  damagedFieldsToSet,
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
