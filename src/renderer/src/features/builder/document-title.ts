import type { BuilderStore } from './builder-store';

/**
 * What the builder calls its document, where the drafts menu names it: the draft's name, or why
 * the draft it belongs to could not be read (in the error's words), or "Unsaved document" when
 * it belongs to none, a deleted draft's included. A failure to read once read as unsaved.
 */
export function documentTitle(state: Pick<BuilderStore, 'saved' | 'draftUnread'>): {
  text: string;
  failed: boolean;
} {
  if (state.saved !== null) return { text: state.saved.name, failed: false };
  if (state.draftUnread !== null)
    return {
      text: `Draft ${state.draftUnread.id} could not be read: ${state.draftUnread.error}`,
      failed: true,
    };
  return { text: 'Unsaved document', failed: false };
}
