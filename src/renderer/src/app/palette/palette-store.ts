import { create } from 'zustand';

interface PaletteState {
  opened: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
}

/** Whether the command palette is open; Ctrl/Cmd+K toggles it, the top-bar button opens it. */
export const usePaletteStore = create<PaletteState>((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
  toggle: () => set((state) => ({ opened: !state.opened })),
}));
