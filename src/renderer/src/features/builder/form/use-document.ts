import { currencyForNewMoney, type Finding } from '@shared/checkout';
import { moneyPaths } from '@shared/checkout/money-paths';
import { getIn, setIn } from '@shared/builder/document-edit';
import { typedNumberText } from '@shared/builder/field-text';
import { jsonSourceText } from '@shared/json-source-text';
import { useBuilderStore, type BuilderStore } from '../builder-store';
import { useFormDocument } from './form-document';
import { fieldName, findingPath, type Segments } from './form-paths';
import { followShipping } from './mirror-billing';

/**
 * How the form reads and edits the builder's document. Each field subscribes to its own value
 * and its own findings, so a keystroke re-renders the field typed in, not the whole form (the
 * form has some two hundred inputs; rendering them all per key took 100 ms and more).
 */
export function useDocumentValue(path: Segments): unknown {
  return useFormDocument((state) => getIn(state.document, path));
}

/** Where the last text that parsed writes its values, read when a field first asks. */
let source: { text: string; textAt: ReturnType<typeof jsonSourceText> } | null = null;

function sourceOf(state: Pick<BuilderStore, 'text' | 'parseError'>) {
  // While the text does not parse the form shows the last document that did: its text's digits.
  if (state.parseError === null && source?.text !== state.text)
    source = { text: state.text, textAt: jsonSourceText(state.text) };
  return source;
}

/**
 * The digits the raw JSON writes for the number `value` at `path` (`172.500`, where String()
 * gives `172.5`; `99999999999999999999`, where it gives `100000000000000000000`), so the form
 * shows what is sent. Undefined for anything else, and while the text has not caught up with
 * the value (the digits must read as `value`).
 */
export function useNumberSource(path: Segments, value: unknown): string | undefined {
  return useBuilderStore((state) => {
    if (typeof value !== 'number') return undefined;
    const written = sourceOf(state)?.textAt(path);
    return written === undefined ? undefined : typedNumberText(written, value);
  });
}

const NO_FINDINGS: readonly Finding[] = [];

/** The findings at exactly this path (as `items[2].sku`). */
export function useFindingsAt(path: string): readonly Finding[] {
  return useBuilderStore((state) => state.findingsByPath.get(path) ?? NO_FINDINGS);
}

/**
 * Whether this field's errors are shown: once it was touched, or a send was attempted. A field
 * without an error does not listen (`hasError` false): the first paste reveals every error, and
 * that re-rendered all two hundred fields of the form in one task, errors or not.
 */
function useErrorsShown(path: string, hasError: boolean): boolean {
  return useBuilderStore((state) => hasError && (state.revealErrors || state.touched.has(path)));
}

/**
 * The message under a field: its first error when errors are shown for it, else its first
 * warning (warnings never wait: they do not block a send and explain themselves).
 */
export function useFieldMessage(path: Segments): { message: string; severity: 'error' | 'warning' } | null {
  const at = findingPath(path);
  const findings = useFindingsAt(at);
  const error = findings.find((finding) => finding.severity === 'error');
  const shown = useErrorsShown(at, error !== undefined);
  if (error !== undefined && shown) return { message: error.message, severity: 'error' };
  const warning = findings.find((finding) => finding.severity === 'warning');
  return warning === undefined ? null : { message: warning.message, severity: 'warning' };
}

/**
 * What is said under a Money as a whole (a total that does not add up, a currency that differs
 * from the order's): its first finding once errors are shown, else its first warning.
 */
export function useMoneyMessage(at: string): Finding | undefined {
  const whole = useFindingsAt(at);
  const errorsShown = useErrorsShown(
    at,
    whole.some((finding) => finding.severity === 'error'),
  );
  return whole.find((finding) => finding.severity === 'warning' || errorsShown);
}

/** A structural edit (add or remove an object, rows), billing following shipping when asked. */
export function editDocument(change: (document: unknown) => unknown): void {
  const { editDocument: edit, sameAsShipping } = useBuilderStore.getState();
  edit((current) => (sameAsShipping ? followShipping(current, change(current)) : change(current)));
}

/**
 * An amount typed where there was no Money yet makes one in the order's currency
 * (currencyForNewMoney), as an item added does: without it the default SAR applied to it, and a
 * KWD order read as mixed currencies. A Money already there keeps its currency, or its lack of one.
 */
function withNewMoneyCurrency(before: unknown, path: Segments, after: unknown): unknown {
  if (path.at(-1) !== 'amount') return after;
  const money = path.slice(0, -1);
  if (getIn(before, money) !== undefined) return after;
  if (!moneyPaths(after).some((at) => fieldName(at) === fieldName(money))) return after;
  const currency = currencyForNewMoney(before, money);
  return currency === undefined ? after : setIn(after, [...money, 'currency'], currency);
}

/**
 * One field typed in: that path changes, and the field counts as touched. A number goes into
 * the raw JSON as `typed` reads (`72.980`, twenty nines), not as JavaScript writes it back.
 */
export function setField(path: Segments, value: unknown, typed?: string): void {
  const { editDocument: edit, sameAsShipping, touch } = useBuilderStore.getState();
  touch(findingPath(path));
  const digits = typed === undefined ? undefined : typedNumberText(typed, value);
  edit(
    (current) => {
      const next = withNewMoneyCurrency(current, path, setIn(current, path, value));
      return sameAsShipping && path[0] === 'shipping_address' ? followShipping(current, next) : next;
    },
    digits === undefined ? undefined : { path, text: digits },
  );
}
