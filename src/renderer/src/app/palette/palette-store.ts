import { create } from 'zustand';
import { confirmationIsOpen } from '@ui/confirm-dialog';

interface PaletteState {
  opened: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
}

/**
 * Whether the command palette is open; Ctrl/Cmd+K toggles it, the top-bar button opens it. It
 * does not open over a confirmation: what it asks names a profile and an address, and the
 * palette's entries (switch to Sandbox, Send) changed them under it, as Ctrl/Cmd+1…9 would.
 */
export const usePaletteStore = create<PaletteState>((set) => ({
  opened: false,
  open: () => {
    if (!confirmationIsOpen()) set({ opened: true });
  },
  close: () => set({ opened: false }),
  toggle: () => set((state) => ({ opened: state.opened ? false : !confirmationIsOpen() })),
}));
