import { create } from 'zustand';
import {
  DEFAULT_EMPTY_OPTIONAL,
  DEFAULT_INSTALMENTS_REQUIRED,
  DEFAULT_MISSING_COUNTRY_CODE,
  DEFAULT_NOTIFICATION_FIELD,
  type CheckoutForm,
  type EmptyOptionalChoice,
  type Finding,
  type InstalmentsRequiredChoice,
  type MissingCountryCodeChoice,
} from '@shared/checkout';
import type { CountryCurrencyPair } from '@shared/checkout/country-currency-pairs';
import type { Draft, FollowedOrderRef, LastSend, UnansweredSend } from '@shared/drafts';
import { parseJsonText, type JsonTextResult } from '@shared/json-text';
import { editJsonText, type TypedNumber } from '@shared/json-text-edit';
import type { RawDiagnostic } from './analysis/analysis-messages';
import type { RequestLimitSource } from './analysis/request-limit-source';
import { EMULATOR_BODY_LIMIT_BYTES } from '@shared/emulator';
import { formatDocument, isJsonObject, sameJson, type ParseError } from './builder-text';
import { flushRawEdits } from './raw-editor-sync';

/** The draft the working copy came from, as last saved. */
export interface SavedDraft {
  id: number;
  name: string;
  text: string;
  form: CheckoutForm;
  singleCheckout: boolean;
  /** When it was saved: a save over it is refused if it was saved elsewhere since (another tab). */
  updatedAt: string;
}

export interface BuilderStore {
  loaded: boolean;
  form: CheckoutForm;
  singleCheckout: boolean;
  /** The raw JSON exactly as typed (what is saved and, when it does not parse, what is sent). */
  text: string;
  /** Bumped on every change of `text`: analyses answer for one version, and stale answers are dropped. */
  textVersion: number;
  /** Whether the last change of `text` came from the raw editor (which then already shows it). */
  textFromEditor: boolean;
  /** The last text that parsed: what the form shows, so a syntax error never wipes it. */
  document: unknown;
  /** Where the current text breaks, or null when it parses. */
  parseError: ParseError | null;
  /** The request field that carries the notification URL (the active profile's), for the analysis. */
  notificationField: string;
  /**
   * How an optional field given "" is judged: on the Local profile its emulator's setting (so
   * the findings say what Send to Local will answer), elsewhere the documented default.
   */
  emptyOptional: EmptyOptionalChoice;
  /** Where instalments may be left out: as `emptyOptional`, the Local emulator's setting or the default. */
  instalmentsRequired: InstalmentsRequiredChoice;
  /** Whether expires_in_minutes is taken: as `emptyOptional`, the Local emulator's setting or the default (off). */
  honourExpiresInMinutes: boolean;
  /** A missing top-level country_code: as `emptyOptional`, the Local emulator's setting or the default (refuse). */
  missingCountryCode: MissingCountryCodeChoice;
  /**
   * The country/currency pairs judged supported: on the Local profile its emulator's setting
   * (a pair it was set to support read as an error here, though Send to Local was accepted);
   * null elsewhere, the documented default.
   */
  pairs: readonly CountryCurrencyPair[] | null;
  /**
   * Whose request-body limit a body over it meets: on the Local profile the emulator's (an
   * error, its 413), elsewhere a service's whose limit is not shown (a warning naming the
   * emulator's). The one limit is the emulator's (request-size.ts).
   */
  requestLimitSource: RequestLimitSource;
  /** That limit: on the Local profile its emulator's Largest request body setting, else its default. */
  requestLimitBytes: number;
  /** Findings of the last analysed text (the worker's answer follows each change within moments). */
  findings: readonly Finding[];
  findingsByPath: ReadonlyMap<string, readonly Finding[]>;
  diagnostics: readonly RawDiagnostic[];
  /** An analysis is under way: the findings shown belong to an earlier text or option. */
  analysing: boolean;
  /** Form fields a person has edited or left (by finding path): their errors show at once. */
  touched: ReadonlySet<string>;
  /** Every field's errors show: after a send was attempted, or for a document brought in whole. */
  revealErrors: boolean;
  saved: SavedDraft | null;
  /**
   * The draft the restored working copy belongs to, when it could not be read (not deleted: a
   * deleted one leaves the document unsaved): its id, kept for the next save of the working copy,
   * and the error's words, said where the draft's name goes.
   */
  draftUnread: { id: number; error: string } | null;
  freshReferenceOnSend: boolean;
  /** Fill the notification field with the listener's URL when it is empty (shown before sending). */
  injectNotificationUrl: boolean;
  /** Billing mirrors shipping while on (the "same as shipping" switch). */
  sameAsShipping: boolean;
  /**
   * "Same as shipping" was switched off because the document's billing address came to differ
   * from its shipping address (the raw JSON, a sample): the switch never hides a billing address
   * of its own, and a shipping edit never writes over it. Said under the switch.
   */
  billingLeftShipping: boolean;
  /** A finding the user clicked: the form or the raw editor moves there (`nonce` repeats a click). */
  focus: { path: string; target: 'form' | 'raw'; nonce: number } | null;
  /**
   * Whether the working copy is saved for a restart yet (it is, a moment after each change).
   * `unsaved`: its last change could not be saved (browser mode, disconnected, or a failed save);
   * saved when the connection returns. `signed-out`: this tab's console was restarted, so it
   * never will be (working-copy.ts).
   */
  workingCopy: 'saved' | 'pending' | 'too-large' | 'unsaved' | 'signed-out';
  /** The last send from the builder, kept with the working copy so a reload still knows it. */
  lastSend: LastSend | null;
  /** A send in flight, kept with the working copy until its answer arrives. */
  unansweredSend: UnansweredSend | null;
  /** The order its sends last created, kept with the working copy (the guide follows it). */
  followedOrder: FollowedOrderRef | null;
  /** The order the first-run guide follows (first-run-guide.tsx), kept with the working copy. */
  guidedOrder: FollowedOrderRef | null;
  /**
   * The text of the last sample filled in, or of the document as last sent: while the document
   * still reads exactly so, replacing it loses nothing (selectReplaceable). Kept across a reload
   * as a yes or no (the working copy's `replaceable`), not as a second copy of the text.
   */
  replaceableText: string | null;
  /** From the raw editor: kept as typed; the document follows when it parses. */
  setText: (text: string) => void;
  /**
   * From the form and the helpers: the text is edited in place (editJsonText), only what changed
   * written, `typed` as typed; written anew only when the text does not parse.
   */
  setDocument: (document: unknown, typed?: TypedNumber) => void;
  /** A document brought in whole (a sample, "start empty"): the text is written anew. */
  replaceDocument: (document: unknown) => void;
  /** A change of the document as it is now (the raw editor's pending typing included). */
  editDocument: (change: (document: unknown) => unknown, typed?: TypedNumber) => void;
  setForm: (form: CheckoutForm) => void;
  setSingleCheckout: (singleCheckout: boolean) => void;
  setFreshReferenceOnSend: (on: boolean) => void;
  setInjectNotificationUrl: (on: boolean) => void;
  setSameAsShipping: (on: boolean) => void;
  setNotificationField: (path: string) => void;
  setEmptyOptional: (choice: EmptyOptionalChoice) => void;
  setInstalmentsRequired: (choice: InstalmentsRequiredChoice) => void;
  setHonourExpiresInMinutes: (honoured: boolean) => void;
  setMissingCountryCode: (choice: MissingCountryCodeChoice) => void;
  setPairs: (pairs: readonly CountryCurrencyPair[] | null) => void;
  setRequestLimit: (limit: { source: RequestLimitSource; bytes: number }) => void;
  /** Opens a draft (or, with null, a new empty document). */
  open: (draft: Draft | null) => void;
  /** After a save, rename or delete: what the working copy is now compared with. */
  markSaved: (draft: Draft) => void;
  forgetDraft: (id: number) => void;
  focusPath: (path: string, target: 'form' | 'raw') => void;
  touch: (path: string) => void;
  revealAllErrors: () => void;
}

export const EMPTY_TEXT = '{}\n';

type TextState = Pick<BuilderStore, 'text' | 'parseError' | 'textVersion' | 'textFromEditor'> & {
  document?: unknown;
};

/** A text parsed ahead of the change that brings it (see preparseText). */
let preparsed: { text: string; result: JsonTextResult } | null = null;

/**
 * Parses a text that is about to be set, in a task of its own: parsing megabytes takes as long
 * as rendering the form for them, and the two in one task held the page for both.
 */
export function preparseText(text: string): void {
  preparsed = { text, result: parseJsonText(text) };
}

function parseOnce(text: string): JsonTextResult {
  const ahead = preparsed;
  preparsed = null;
  return ahead !== null && ahead.text === text ? ahead.result : parseJsonText(text);
}

/** The state for a new text: parsed here (JSON.parse is fast); its findings come from the worker. */
function textState(text: string, version: number, fromEditor: boolean): TextState {
  const parsed = parseOnce(text);
  const common = { text, textVersion: version + 1, textFromEditor: fromEditor };
  if (parsed.ok) return { ...common, parseError: null, document: parsed.value };
  const { message, offset, line, column } = parsed;
  return { ...common, parseError: { message, offset, line, column } };
}

export const billingMirrorsShipping = (document: unknown): boolean => {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return false;
  const { shipping_address: shipping, billing_address: billing } = document as Record<string, unknown>;
  return billing !== undefined && sameJson(shipping, billing);
};

/** Whether the document holds a billing address of its own (one that is not shipping's copy). */
export const billingDiffersFromShipping = (document: unknown): boolean =>
  isJsonObject(document) && document['billing_address'] !== undefined && !billingMirrorsShipping(document);

/** "Same as shipping" switched off, saying so, when a new document's billing differs from its shipping. */
function followedBilling(state: Pick<BuilderStore, 'sameAsShipping'>, document: unknown) {
  return state.sameAsShipping && billingDiffersFromShipping(document)
    ? { sameAsShipping: false, billingLeftShipping: true }
    : {};
}

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

/**
 * Whether the document can be replaced without asking, though no draft holds it. The rule: it
 * reads, character for character, as the last sample filled in (one click gets another as good)
 * or as the last request sent (that request is in History). Any edit after either, by hand in the
 * form or the raw JSON, makes it the person's own work again, which only a question may drop;
 * a send without an answer (none recorded as this builder's) marks nothing.
 */
export const selectReplaceable = (state: Pick<BuilderStore, 'text' | 'replaceableText'>): boolean =>
  state.replaceableText !== null && state.text === state.replaceableText;

/** Whether the builder holds the untouched empty document a new one starts with. */
export const isEmptyDocument = (state: Pick<BuilderStore, 'saved' | 'text'>): boolean =>
  state.saved === null && state.text.trim() === '{}';

export const useBuilderStore = create<BuilderStore>((set, get) => {
  /** The form's document and the raw text written for it, as one change (a no-op when the text is the same). */
  const putDocument = (document: unknown, text: string) => {
    const current = get();
    if (text === current.text) return;
    set({
      document,
      text,
      textVersion: current.textVersion + 1,
      textFromEditor: false,
      parseError: null,
      ...followedBilling(current, document),
    });
  };
  return {
    loaded: false,
    form: 'general',
    singleCheckout: true,
    text: EMPTY_TEXT,
    textVersion: 0,
    textFromEditor: false,
    document: {},
    parseError: null,
    notificationField: DEFAULT_NOTIFICATION_FIELD,
    emptyOptional: DEFAULT_EMPTY_OPTIONAL,
    instalmentsRequired: DEFAULT_INSTALMENTS_REQUIRED,
    honourExpiresInMinutes: false,
    missingCountryCode: DEFAULT_MISSING_COUNTRY_CODE,
    pairs: null,
    requestLimitSource: 'elsewhere',
    requestLimitBytes: EMULATOR_BODY_LIMIT_BYTES,
    findings: [],
    findingsByPath: new Map(),
    diagnostics: [],
    analysing: false,
    touched: new Set(),
    revealErrors: false,
    saved: null,
    draftUnread: null,
    freshReferenceOnSend: false,
    injectNotificationUrl: true,
    sameAsShipping: false,
    billingLeftShipping: false,
    focus: null,
    workingCopy: 'saved',
    lastSend: null,
    unansweredSend: null,
    followedOrder: null,
    guidedOrder: null,
    replaceableText: null,
    setText(text) {
      if (text === get().text) return;
      // Typed in the raw editor: the whole document is the person's, so its errors are shown.
      const next = textState(text, get().textVersion, true);
      const followed = next.parseError === null ? followedBilling(get(), next.document) : {};
      // But {} is an empty document, as a new one starts: nothing typed in any field yet, and
      // a send attempted (or a restored copy shown whole) was of the document it replaced.
      const empty = isJsonObject(next.document) && Object.keys(next.document).length === 0;
      if (empty) set({ ...next, ...followed, revealErrors: false, touched: new Set() });
      else set({ ...next, ...followed, revealErrors: true });
    },
    setDocument(document, typed) {
      const current = get();
      // In place: a number's digits, a name given twice and the spacing of what the form did not
      // touch stay as the raw JSON has them (what is sent is that text, byte for byte).
      const edited =
        current.parseError === null ? editJsonText(current.text, current.document, document, typed) : null;
      putDocument(document, edited ?? formatDocument(document));
    },
    replaceDocument(document) {
      putDocument(document, formatDocument(document));
    },
    editDocument(change, typed) {
      // Typing in the raw editor a moment ago is part of the document the change applies to.
      flushRawEdits();
      const { document, parseError } = get();
      if (parseError !== null) return;
      get().setDocument(change(document), typed);
    },
    setForm: (form) => set({ form }),
    setSingleCheckout: (singleCheckout) => set({ singleCheckout }),
    setFreshReferenceOnSend: (freshReferenceOnSend) => set({ freshReferenceOnSend }),
    setInjectNotificationUrl: (injectNotificationUrl) => set({ injectNotificationUrl }),
    setSameAsShipping: (sameAsShipping) => set({ sameAsShipping, billingLeftShipping: false }),
    setNotificationField(notificationField) {
      if (notificationField !== get().notificationField) set({ notificationField });
    },
    setEmptyOptional(emptyOptional) {
      if (emptyOptional !== get().emptyOptional) set({ emptyOptional });
    },
    setInstalmentsRequired(instalmentsRequired) {
      if (instalmentsRequired !== get().instalmentsRequired) set({ instalmentsRequired });
    },
    setHonourExpiresInMinutes(honourExpiresInMinutes) {
      if (honourExpiresInMinutes !== get().honourExpiresInMinutes) set({ honourExpiresInMinutes });
    },
    setMissingCountryCode(missingCountryCode) {
      if (missingCountryCode !== get().missingCountryCode) set({ missingCountryCode });
    },
    setPairs(pairs) {
      if (JSON.stringify(pairs) !== JSON.stringify(get().pairs)) set({ pairs });
    },
    setRequestLimit({ source, bytes }) {
      const { requestLimitSource, requestLimitBytes } = get();
      if (source !== requestLimitSource || bytes !== requestLimitBytes)
        set({ requestLimitSource: source, requestLimitBytes: bytes });
    },
    open(draft) {
      const version = get().textVersion;
      if (draft === null) {
        set({
          ...textState(EMPTY_TEXT, version, false),
          document: {},
          saved: null,
          draftUnread: null,
          sameAsShipping: false,
          billingLeftShipping: false,
          focus: null,
          touched: new Set(),
          revealErrors: false,
        });
        return;
      }
      const opened = textState(draft.text, version, false);
      set({
        ...opened,
        // A draft that never parsed leaves the form empty rather than showing the previous one.
        document: opened.document ?? {},
        form: draft.form,
        singleCheckout: draft.singleCheckout,
        saved: savedOf(draft),
        draftUnread: null,
        sameAsShipping: billingMirrorsShipping(opened.document),
        billingLeftShipping: false,
        focus: null,
        touched: new Set(),
        revealErrors: true,
      });
    },
    markSaved: (draft) => set({ saved: savedOf(draft), draftUnread: null }),
    forgetDraft(id) {
      if (get().saved?.id === id) set({ saved: null });
      if (get().draftUnread?.id === id) set({ draftUnread: null });
    },
    focusPath(path, target) {
      set({ focus: { path, target, nonce: (get().focus?.nonce ?? 0) + 1 } });
    },
    touch(path) {
      const { touched } = get();
      if (!touched.has(path)) set({ touched: new Set(touched).add(path) });
    },
    revealAllErrors() {
      if (!get().revealErrors) set({ revealErrors: true });
    },
  };
});

export function savedOf(draft: Draft): SavedDraft {
  const { id, name, text, form, singleCheckout, updatedAt } = draft;
  return { id, name, text, form, singleCheckout, updatedAt };
}

/** The state a restored working copy starts from (its text parsed like any other). */
export function restoredState(text: string): Partial<BuilderStore> {
  const restored = textState(text, useBuilderStore.getState().textVersion, false);
  return {
    ...restored,
    document: restored.document ?? {},
    sameAsShipping: billingMirrorsShipping(restored.document),
    billingLeftShipping: false,
    revealErrors: text.trim() !== '{}',
  };
}
