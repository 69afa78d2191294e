import { registerPaletteSource } from '@ui/palette/palette-sources';
import { useNavigation } from '@ui/navigation';
import { bridge } from '@bridge';
import { openDraft } from './drafts-actions';

// Ctrl+K: a draft's name opens it in the builder.
registerPaletteSource({
  id: 'drafts',
  heading: 'Drafts',
  order: 35,
  async items(_query, signal) {
    const { drafts } = await bridge.listDrafts({});
    if (signal.aborted) return [];
    return drafts.map((draft) => ({
      id: `drafts:${draft.id}`,
      label: draft.name,
      description: `${draft.form} draft · updated ${new Date(draft.updatedAt).toLocaleString()}`,
      run: () => {
        useNavigation.getState().navigate('builder');
        void openDraft(draft.id);
      },
    }));
  },
});
