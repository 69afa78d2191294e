import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { profileNameRecordsWords } from '@shared/profile-name-records-words';
import { useProfilesStore } from './profiles-store';

/** As the other asks of main while typing (the replay plan, the request preview): after a pause. */
const TYPING_PAUSE_MS = 250;

/**
 * What the name field says of a name records already carry (a removed or renamed profile's,
 * or imported ones), asked of main a moment after the last keystroke: the Profile filter would
 * list them as this profile's. Null while there is nothing to say, or main could not be asked
 * (the save then says it, or the field once main answers).
 */
export function useProfileNameRecordsNotice(
  name: string,
  profile: { id: number; name: string } | null,
): string | null {
  const profileId = profile?.id ?? null;
  // Asked again once the profile is saved under the name (here or elsewhere): then it is its own.
  const storedName = profile?.name ?? null;
  const countNameRecords = useProfilesStore((state) => state.countNameRecords);
  const [asked] = useDebouncedValue(name.trim(), TYPING_PAUSE_MS);
  const [answer, setAnswer] = useState<{ name: string; records: number } | null>(null);
  useEffect(() => {
    if (asked === '') return;
    let current = true;
    countNameRecords(asked, profileId).then(
      (records) => current && setAnswer({ name: asked, records }),
      () => current && setAnswer(null),
    );
    return () => {
      current = false;
    };
  }, [asked, profileId, storedName, countNameRecords]);
  // Only the answer for the name in the field: none for one typed over since.
  if (answer === null || answer.records === 0 || answer.name !== name.trim()) return null;
  return profileNameRecordsWords(answer.records, answer.name);
}

/**
 * Asked for a name a save gives (before a new profile's or a rename's save, after a copy's):
 * what the profile takes, said by `sayNameRecords` once it is saved. 0 where main could not be
 * asked: a save is not held up by a notice.
 */
export function askNameRecords(name: string, profileId: number | null): Promise<number> {
  return useProfilesStore
    .getState()
    .countNameRecords(name, profileId)
    .catch(() => 0);
}

/** Said when the profile is saved under a name records carry; it is saved all the same. */
export function sayNameRecords(records: number, name: string): void {
  if (records === 0) return;
  notifications.show({
    color: 'yellow',
    title: 'Records already carry this name',
    message: profileNameRecordsWords(records, name),
    // Longer than a save's own toast: it asks to be read, not only seen.
    autoClose: 10_000,
  });
}
