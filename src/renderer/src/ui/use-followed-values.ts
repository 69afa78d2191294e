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
    setState(current);
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
