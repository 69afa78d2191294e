import { create } from 'zustand';
import type { CommandInput } from '@shared/contract';
import type { EventTokens, JwtVerification, SignedJwt, StoredToken } from '@shared/contract/jwt';
import type { DecodedJwt } from '@shared/jwt/decode-jwt';
import { bridge } from '@bridge';

/**
 * A token a stored record carried, inspected without the window holding it: main verifies it
 * by reference; only its mask and its decoded header and claims are here.
 */
export interface StoredSubject extends StoredToken {
  masked: string;
  decoded: DecodedJwt | null;
}

/**
 * What the craft form held when a token was signed, field by field (the signer as its choice: a
 * pasted secret is not kept here, the form compares it where it is typed), to say when the token
 * shown no longer matches what the form asks for.
 */
export type CraftInputs = Readonly<Record<'preset' | 'claims' | 'signer' | 'lifetime', string>>;

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
  /** The craft form's inputs `crafted` was signed from. */
  craftedFrom: CraftInputs | null;
  /**
   * The one now the inspector judges and describes its token at: the verdict on top and the
   * time claims under it both read it, so they never disagree. Read afresh whenever the token
   * changes, and every second while the inspector is open (useInspectorClock).
   */
  now: number;
  tick: () => void;
  setToken: (token: string) => void;
  /** Nothing inspected: an empty editor, no record's token, no edited copy. */
  clearInspected: () => void;
  inspectStored: (stored: StoredSubject) => void;
  editCopy: (from: EditedFrom) => void;
  setCrafted: (crafted: SignedJwt, from: CraftInputs) => void;
  /**
   * Signs in main and keeps the result as `crafted`, with the form's inputs it was signed from (a
   * replay reads it with selectCraftedToken).
   */
  sign: (input: CommandInput<'signJwt'>, from: CraftInputs) => Promise<void>;
  /** Checks a token exactly as the listener would. */
  verify: (input: CommandInput<'verifyJwt'>) => Promise<JwtVerification>;
  /** A stored webhook's tokens, masked. */
  eventTokens: (eventId: number) => Promise<EventTokens>;
  /** Reveals the inspected record token into the editor, as an edited copy. */
  editStoredCopy: (stored: StoredToken) => Promise<void>;
}

export const useJwtStore = create<JwtState>((set, get) => ({
  token: '',
  stored: null,
  editedFrom: null,
  crafted: null,
  craftedFrom: null,
  now: Date.now(),
  tick: () => set({ now: Date.now() }),
  setToken: (token) => set({ token, stored: null, now: Date.now() }),
  clearInspected: () => set({ token: '', stored: null, editedFrom: null, now: Date.now() }),
  inspectStored: (stored) => set({ stored, token: '', editedFrom: null, now: Date.now() }),
  editCopy: (from) => set({ token: from.token, stored: null, editedFrom: from, now: Date.now() }),
  setCrafted: (crafted, from) => set({ crafted, craftedFrom: from }),
  async sign(input, from) {
    get().setCrafted(await bridge.signJwt(input), from);
  },
  verify: (input) => bridge.verifyJwt(input),
  eventTokens: (eventId) => bridge.getEventTokens({ id: eventId }),
  async editStoredCopy({ eventId, source }) {
    const revealed = await bridge.revealEventToken({ eventId, source });
    if (revealed.token === null) throw new Error('The record carries no token there any more.');
    get().editCopy({ eventId, source, token: revealed.token });
  },
}));

/**
 * The crafted token a replay can use instead of a freshly signed one. Read it with
 * `useJwtStore(selectCraftedToken)` or `useJwtStore.getState()`.
 */
export function selectCraftedToken(state: Pick<JwtState, 'crafted'>): string | null {
  return state.crafted?.token ?? null;
}
