import { create } from 'zustand';
import type { SignedJwt, StoredToken } from '@shared/contract/jwt';
import type { DecodedJwt } from '@shared/jwt/decode-jwt';

/**
 * A token a stored record carried, inspected without the window holding it: main verifies it
 * by reference; only its mask and its decoded header and claims are here.
 */
export interface StoredSubject extends StoredToken {
  masked: string;
  decoded: DecodedJwt | null;
}

/** The record token an edited copy started from, to say when the editor no longer holds it. */
export interface EditedFrom extends StoredToken {
  token: string;
}

interface JwtState {
  /** The token in the editor (typed, pasted, crafted, or a revealed copy of a record's). */
  token: string;
  /** A record's token being inspected by reference (masked); null when the editor holds text. */
  stored: StoredSubject | null;
  editedFrom: EditedFrom | null;
  /** The last token crafted in this session, for a replay to send ("use in replay"). */
  crafted: SignedJwt | null;
  setToken: (token: string) => void;
  inspectStored: (stored: StoredSubject) => void;
  editCopy: (from: EditedFrom) => void;
  setCrafted: (crafted: SignedJwt) => void;
}

export const useJwtStore = create<JwtState>((set) => ({
  token: '',
  stored: null,
  editedFrom: null,
  crafted: null,
  setToken: (token) => set({ token, stored: null }),
  inspectStored: (stored) => set({ stored, token: '', editedFrom: null }),
  editCopy: (from) => set({ token: from.token, stored: null, editedFrom: from }),
  setCrafted: (crafted) => set({ crafted }),
}));

/**
 * The crafted token a replay can use instead of a freshly signed one. Read it with
 * `useJwtStore(selectCraftedToken)` or `useJwtStore.getState()`.
 */
export function selectCraftedToken(state: Pick<JwtState, 'crafted'>): string | null {
  return state.crafted?.token ?? null;
}
