import { create } from 'zustand';
import type { CheckoutForm } from '../../../../shared/checkout';
import type { BuilderState, Draft } from '../../../../shared/drafts';
import { parseJsonText } from '../../../../shared/json-text';
import { bridge } from '../../bridge';
import { formatDocument, sameJson, type ParseError } from './builder-text';

/** The draft the working copy came from, as last saved. */
interface SavedDraft {
  id: number;
  name: string;
  text: string;
  form: CheckoutForm;
  singleCheckout: boolean;
}

export interface BuilderStore {
  loaded: boolean;
  form: CheckoutForm;
  singleCheckout: boolean;
  /** The raw JSON exactly as typed (what is saved and, when it does not parse, what is sent). */
  text: string;
  /** The last text that parsed: what the form shows, so a syntax error never wipes it. */
  document: unknown;
  /** Where the current text breaks, or null when it parses. */
  parseError: ParseError | null;
  saved: SavedDraft | null;
  freshReferenceOnSend: boolean;
  /** Fill the notification field with the listener's URL when it is empty (shown before sending). */
  injectNotificationUrl: boolean;
  /** Billing mirrors shipping while on (the "same as shipping" switch). */
  sameAsShipping: boolean;
  /** A finding the user clicked: the form or the raw editor moves there (`nonce` repeats a click). */
  focus: { path: string; target: 'form' | 'raw'; nonce: number } | null;
  /** Whether the working copy is saved for a restart yet (it is, a moment after each change). */
  workingCopy: 'saved' | 'pending';
  load: () => Promise<void>;
  /** From the raw editor: kept as typed; the document follows when it parses. */
  setText: (text: string) => void;
  /** From the form and the helpers: the text is rewritten from the document. */
  setDocument: (document: unknown) => void;
  setForm: (form: CheckoutForm) => void;
  setSingleCheckout: (singleCheckout: boolean) => void;
  setFreshReferenceOnSend: (on: boolean) => void;
  setInjectNotificationUrl: (on: boolean) => void;
  setSameAsShipping: (on: boolean) => void;
  /** Opens a draft (or, with null, a new empty document). */
  open: (draft: Draft | null) => void;
  /** After a save, rename or delete: what the working copy is now compared with. */
  markSaved: (draft: Draft) => void;
  forgetDraft: (id: number) => void;
  focusPath: (path: string, target: 'form' | 'raw') => void;
}

const EMPTY_TEXT = '{}\n';

function textState(text: string): Pick<BuilderStore, 'text' | 'parseError'> & { document?: unknown } {
  const parsed = parseJsonText(text);
  if (parsed.ok) return { text, parseError: null, document: parsed.value };
  const { message, offset, line, column } = parsed;
  return { text, parseError: { message, offset, line, column } };
}

const billingMirrorsShipping = (document: unknown): boolean => {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return false;
  const { shipping_address: shipping, billing_address: billing } = document as Record<string, unknown>;
  return billing !== undefined && sameJson(shipping, billing);
};

/** Whether the working copy differs from the draft it came from (always true without one). */
export function selectDirty(
  state: Pick<BuilderStore, 'saved' | 'text' | 'form' | 'singleCheckout'>,
): boolean {
  const { saved } = state;
  if (saved === null) return true;
  return (
    saved.text !== state.text || saved.form !== state.form || saved.singleCheckout !== state.singleCheckout
  );
}

export const useBuilderStore = create<BuilderStore>((set, get) => ({
  loaded: false,
  form: 'general',
  singleCheckout: true,
  text: EMPTY_TEXT,
  document: {},
  parseError: null,
  saved: null,
  freshReferenceOnSend: false,
  injectNotificationUrl: true,
  sameAsShipping: false,
  focus: null,
  workingCopy: 'saved',
  async load() {
    if (get().loaded) return;
    const state = await bridge.getBuilderState({});
    if (state === null) {
      set({ loaded: true });
      return;
    }
    let saved: SavedDraft | null = null;
    if (state.draftId !== null) {
      // The draft may have been deleted (or changed by another window) since.
      const draft = await bridge.getDraft({ id: state.draftId }).catch(() => null);
      if (draft !== null) saved = savedOf(draft);
    }
    const restored = textState(state.text);
    set({
      ...restored,
      document: restored.document ?? {},
      form: state.form,
      singleCheckout: state.singleCheckout,
      freshReferenceOnSend: state.freshReferenceOnSend,
      saved,
      sameAsShipping: billingMirrorsShipping(restored.document),
      loaded: true,
    });
  },
  setText(text) {
    set(textState(text));
  },
  setDocument(document) {
    const current = get();
    if (current.parseError === null && sameJson(current.document, document)) return;
    set({ document, text: formatDocument(document), parseError: null });
  },
  setForm: (form) => set({ form }),
  setSingleCheckout: (singleCheckout) => set({ singleCheckout }),
  setFreshReferenceOnSend: (freshReferenceOnSend) => set({ freshReferenceOnSend }),
  setInjectNotificationUrl: (injectNotificationUrl) => set({ injectNotificationUrl }),
  setSameAsShipping: (sameAsShipping) => set({ sameAsShipping }),
  open(draft) {
    if (draft === null) {
      set({ ...textState(EMPTY_TEXT), document: {}, saved: null, sameAsShipping: false, focus: null });
      return;
    }
    const opened = textState(draft.text);
    set({
      ...opened,
      // A draft that never parsed leaves the form empty rather than showing the previous one.
      document: opened.document ?? {},
      form: draft.form,
      singleCheckout: draft.singleCheckout,
      saved: savedOf(draft),
      sameAsShipping: billingMirrorsShipping(opened.document),
      focus: null,
    });
  },
  markSaved: (draft) => set({ saved: savedOf(draft) }),
  forgetDraft(id) {
    if (get().saved?.id === id) set({ saved: null });
  },
  focusPath(path, target) {
    set({ focus: { path, target, nonce: (get().focus?.nonce ?? 0) + 1 } });
  },
}));

function savedOf(draft: Draft): SavedDraft {
  const { id, name, text, form, singleCheckout } = draft;
  return { id, name, text, form, singleCheckout };
}

/** What is saved for a restart: the working copy and the draft it belongs to. */
export function builderStateOf(state: BuilderStore): BuilderState {
  return {
    form: state.form,
    singleCheckout: state.singleCheckout,
    text: state.text,
    draftId: state.saved?.id ?? null,
    dirty: selectDirty(state),
    freshReferenceOnSend: state.freshReferenceOnSend,
  };
}

const SAVE_DELAY_MS = 300;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let lastSaved: string | null = null;

function saveWorkingCopy(snapshot: BuilderState, key: string): void {
  saveTimer = null;
  lastSaved = key;
  bridge
    .saveBuilderState(snapshot)
    .then(() => {
      if (lastSaved === key && saveTimer === null) useBuilderStore.setState({ workingCopy: 'saved' });
    })
    .catch(() => {
      // Retried with the next change; the working copy is still in memory.
      lastSaved = null;
    });
}

/** Saves the working copy shortly after it changes (one write per pause in typing). */
useBuilderStore.subscribe((state) => {
  if (!state.loaded) return;
  const snapshot = builderStateOf(state);
  const key = JSON.stringify(snapshot);
  if (key === lastSaved) return;
  if (state.workingCopy !== 'pending') useBuilderStore.setState({ workingCopy: 'pending' });
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => saveWorkingCopy(snapshot, key), SAVE_DELAY_MS);
});

// Closing or reloading right after typing: send what is pending now rather than lose it.
window.addEventListener('pagehide', () => {
  if (saveTimer === null) return;
  clearTimeout(saveTimer);
  const snapshot = builderStateOf(useBuilderStore.getState());
  saveWorkingCopy(snapshot, JSON.stringify(snapshot));
});

bridge.subscribe((event) => {
  if (event.name !== 'drafts.changed') return;
  const { saved } = useBuilderStore.getState();
  if (saved === null) return;
  const summary = event.payload.drafts.find((draft) => draft.id === saved.id);
  if (summary === undefined) useBuilderStore.setState({ saved: null });
  else if (summary.name !== saved.name) useBuilderStore.setState({ saved: { ...saved, name: summary.name } });
});
