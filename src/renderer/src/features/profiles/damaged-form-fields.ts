import {
  damagedSaveWords,
  guessedColumnsOfSave,
  type DamagedProfileColumn,
} from '@shared/damaged-profile-words';
import { sameValue } from '@shared/settings-patch';
import { OPERATION_NAMES, type ProfileFields, type ProfilePatch, type SecretEdit } from '@shared/profile';
import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';

type Damaged = { name: string; damaged: readonly { column: DamagedProfileColumn }[] };
type FieldName = keyof ProfileFields;

const isField = (column: string, fields: ProfileFields): column is FieldName => column in fields;

/** What "Set all operations as shown" is called where the words point to it. */
export const SET_OPERATIONS_AS_SHOWN = 'Set all operations as shown';

const TOKEN_HOW = 'or clear it here: what it is kept as is not a token, and is not saved.';
const FIELD_HOW = 'here: what it is read as is a guess, and is not saved.';
// The operations are one column of many parts: an edit of one part sets none of the others.
const OPERATIONS_HOW = `here with ${SET_OPERATIONS_AS_SHOWN}, once each is as it should be: what could not be read is shown as its default, a guess, and editing one operation does not set the others.`;

/**
 * The damaged column an edit of the form's field `name` sets, or null. Operations are set only
 * by "Set all operations as shown": an edit names one operation (`operations.capture.path`), and
 * the whole field changes when a push of the stored profile sets it, neither a choice of them all.
 */
export function columnSetByEdit(name: string | undefined, profile: Damaged): DamagedProfileColumn | null {
  if (name === undefined) return null;
  const found = profile.damaged.find(({ column }) => column === name);
  return found === undefined || found.column === 'operations' ? null : found.column;
}

/**
 * The patch with only the operations edited here (those differing from `read`): main keeps the
 * others as stored, and refuses a save that names some of a damaged column's operations.
 */
export function editedOperationsOnly(patch: ProfilePatch, read: ProfileFields['operations']): ProfilePatch {
  const { operations, ...rest } = patch;
  if (operations === undefined) return rest;
  const edited = OPERATION_NAMES.filter(
    (name) => operations[name] !== undefined && !sameValue(operations[name], read[name]),
  );
  return edited.length === 0
    ? rest
    : { ...rest, operations: Object.fromEntries(edited.map((name) => [name, operations[name]])) };
}

/**
 * The damaged columns (stored-profile-row.ts) the Profiles form has not set yet, each with the
 * words its field shows: the form holds a guess in their place (a damaged environment reads as
 * live), which a save must never store unchosen. Main refuses such a save in the same words
 * (refuse-guessed-save.ts); the form says it before sending. A token counts as set when it is
 * set or cleared.
 */
export function damagedFieldsToSet(
  profile: Damaged,
  setHere: ReadonlySet<string>,
  secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
): { column: DamagedProfileColumn; message: string }[] {
  return guessedColumnsOfSave(profile.damaged, (column) =>
    column === 'apiToken' || column === 'notificationToken'
      ? secrets[column].action !== 'keep'
      : setHere.has(column),
  ).map((column) => ({
    column,
    message: damagedSaveWords(
      profile.name,
      column,
      column === 'apiToken' || column === 'notificationToken'
        ? TOKEN_HOW
        : column === 'operations'
          ? OPERATIONS_HOW
          : FIELD_HOW,
    ),
  }));
}

/**
 * The form's patch (the fields that differ from those read) with each damaged field set here,
 * even to the value it was read as: choosing Live for an environment read as live is a choice,
 * and main saves only a damaged column the save sets.
 */
export function withDamagedFieldsSet(
  patch: ProfilePatch,
  fields: ProfileFields,
  profile: Damaged,
  setHere: ReadonlySet<string>,
): ProfilePatch {
  const set = profile.damaged
    .map(({ column }) => column)
    .filter((column): column is FieldName => isField(column, fields) && setHere.has(column));
  return { ...patch, ...Object.fromEntries(set.map((column) => [column, fields[column]])) };
}

/**
 * The Profiles form's damaged columns: those set in it (a change to the field, by the person or
 * by Environment's switch of the base URL), those still to set, and the words that flag each.
 */
export function useDamagedFields(
  form: UseFormReturn<ProfileFields>,
  profile: Damaged | null,
  secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
) {
  const [setHere, setSetHere] = useState<ReadonlySet<string>>(new Set());
  const markSet = useCallback(
    (column: DamagedProfileColumn): void =>
      setSetHere((current) => (current.has(column) ? current : new Set([...current, column]))),
    [],
  );
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const column = profile === null ? null : columnSetByEdit(name, profile);
      if (column !== null) markSet(column);
    });
    return () => subscription.unsubscribe();
  }, [form, profile, markSet]);
  const toSet = profile === null ? [] : damagedFieldsToSet(profile, setHere, secrets);
  const flag = (column: DamagedProfileColumn): string | null =>
    toSet.find((field) => field.column === column)?.message ?? null;
  return { setHere, toSet, flag, markSet };
}
