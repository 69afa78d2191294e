import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { editedFields, followStored, readFieldsOf } from '@shared/settings-patch';

/**
 * useFollowedValues for a react-hook-form form: each push (or save) of the stored object is set
 * into the fields its person has not edited, and their edits stay as typed (such forms used to
 * re-mount on a push and drop them). `changes(values)` is what a save sends: the fields edited,
 * and those as read, for main's changed-elsewhere check.
 */
export function useFollowedForm<T extends FieldValues & Record<string, unknown>>(
  form: UseFormReturn<T>,
  stored: T,
) {
  const read = useRef(stored);
  const from = useRef(stored);
  const [, setFollowed] = useState(0);
  useEffect(() => {
    if (from.current === stored) return;
    from.current = stored;
    const values = form.getValues();
    const followed = followStored(values, read.current, stored);
    read.current = followed.read;
    // A render that asked `changes` before the read values followed the push is done again: an
    // edit the push made the stored value (saved here or elsewhere; nothing is set into the form
    // then) would still read as edited, "Unsaved changes" shown with nothing left to save.
    setFollowed((count) => count + 1);
    for (const key of Object.keys(stored) as Path<T>[])
      if (followed.values[key] !== values[key])
        form.setValue(key, followed.values[key] as PathValue<T, Path<T>>, { shouldValidate: true });
  }, [form, stored]);
  return {
    changes(values: T) {
      const patch = editedFields(values, read.current);
      return { patch, expected: readFieldsOf(read.current, patch) };
    },
  };
}
