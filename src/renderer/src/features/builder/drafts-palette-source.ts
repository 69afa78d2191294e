import { registerPaletteSource } from '@ui/palette/palette-sources';
import { useNavigation } from '@ui/navigation';
import { builderCalls } from './builder-calls-store';
import { formatDateTime } from '@ui/instant-format';

// Ctrl+K: a draft's name opens it in the builder.
registerPaletteSource({
  id: 'drafts',
  heading: 'Drafts',
  order: 35,
  async items(_query, signal) {
    const { drafts } = await builderCalls.listDrafts();
    if (signal.aborted) return [];
    return drafts.map((draft) => ({
      id: `drafts:${draft.id}`,
      label: draft.name,
      description: `${draft.form} draft · updated ${formatDateTime(draft.updatedAt)}`,
      // The builder's actions arrive with its code, not in the first chunk (features/builder/palette.ts).
      run: async () => {
        const { openDraft } = await import('./drafts-actions');
        useNavigation.getState().navigate('builder');
        void openDraft(draft.id);
      },
    }));
  },
});
