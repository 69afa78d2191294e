import { Badge } from '@mantine/core';
import { useUnsentWork } from './leave-guard';

/**
 * A settings form's edits not yet saved, said beside its Save in the builder's "edited" look, and
 * registered with the leave guard while they hold, so that another view, the palette, Back or a
 * closed tab asks first ("Leave the listener settings?"): a change shown as made was lost
 * without a word when the view was left before Save. One place for both, so the mark and the
 * question cannot disagree.
 */
export function UnsavedChanges({ what, edited }: { what: string; edited: boolean }) {
  useUnsentWork(edited ? what : null, 'saved');
  if (!edited) return null;
  return (
    <Badge size="xs" color="orange" variant="light">
      Unsaved changes
    </Badge>
  );
}
