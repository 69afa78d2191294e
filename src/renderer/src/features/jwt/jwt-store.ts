import { create } from 'zustand';
import type { SignedJwt } from '../../../../shared/contract/jwt';

interface JwtState {
  /** The token in the inspector. */
  token: string;
  /** The last token crafted in this session, for a replay to send ("use in replay"). */
  crafted: SignedJwt | null;
  setToken: (token: string) => void;
  setCrafted: (crafted: SignedJwt) => void;
}

export const useJwtStore = create<JwtState>((set) => ({
  token: '',
  crafted: null,
  setToken: (token) => set({ token }),
  setCrafted: (crafted) => set({ crafted }),
}));

/**
 * The crafted token a replay can use instead of a freshly signed one. Read it with
 * `useJwtStore(selectCraftedToken)` or `useJwtStore.getState()`.
 */
export function selectCraftedToken(state: Pick<JwtState, 'crafted'>): string | null {
  return state.crafted?.token ?? null;
}
