import { useState } from 'react';
import { editedFields, followStored, readFieldsOf } from '@shared/settings-patch';

/**
 * A form's values over a stored object that other windows, tabs and terminals may change while
 * it is open. Each push (or save) of the stored object shows through in the fields the person
 * has not edited; their edits stay as typed (the form used to re-mount on every push and drop
 * them). `changes()` is what a save sends: the edited fields, and those as read, for main's
 * changed-elsewhere check.
 */
export function useFollowedValues<T extends Record<string, unknown>>(stored: T) {
  const [state, setState] = useState({ values: stored, read: stored, from: stored });
  let current = state;
  if (state.from !== stored) {
    // Adjusted while rendering (React's way for state that follows a prop): no stale frame.
    current = { ...followStored(state.values, state.read, stored), from: stored };
    // As an update of the state it is applied to, never a value computed here: an edit queued
    // before it (a click while a push was being rendered) would be replaced by this render's
    // copy of the values, which does not hold it yet, and the edit would be lost.
    setState((before) =>
      before.from === stored ? before : { ...followStored(before.values, before.read, stored), from: stored },
    );
  }
  return {
    values: current.values,
    change(patch: Partial<T>) {
      setState((before) => ({ ...before, values: { ...before.values, ...patch } }));
    },
    changes() {
      const patch = editedFields(current.values, current.read);
      return { patch, expected: readFieldsOf(current.read, patch) };
    },
  };
}
