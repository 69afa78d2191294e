import { describeValue } from '../checkout/findings';
import { jsonSourceText } from '../json-source-text';
import { formatJsonPath } from '../json-path';
import type { BodyFinding } from '../webhook-details';

/** A number written longer than this is shown cut, like a long string in a message. */
const SHOWN_NUMBER_CHARS = 40;

/**
 * The findings of one webhook body as they are reached, each at its JSON path, and the words
 * that show a value inside them.
 */
export class BodyFindings {
  readonly list: BodyFinding[] = [];
  private text: string | null = null;
  private mayHoldOtherwise = false;
  private textAt: ReturnType<typeof jsonSourceText> | null = null;
  /**
   * The body's text, so a number can be shown and judged as the sender wrote it; `mayHoldOtherwise`:
   * whether it may write a number JSON.parse holds otherwise (json-duplicate-keys.ts's scan said).
   */
  read(text: string, mayHoldOtherwise: boolean): void {
    this.text = text;
    this.mayHoldOtherwise = mayHoldOtherwise;
  }
  /**
   * A value for a message. A number is shown as written in the body, not as parsed: JSON.parse
   * turns `1e999999` into Infinity (which JSON.stringify prints as "null") and rounds
   * 12345678901234567890, so the parsed value would misreport what was sent.
   */
  describe(path: readonly PropertyKey[], value: unknown): string {
    if (value === undefined) return 'missing';
    // The checkout rules' words for every other value (a long text cut, "the text …"), so a
    // webhook finding and a checkout finding word the same value alike.
    if (typeof value === 'number') return `the number ${this.shown(path) ?? String(value)}`;
    return describeValue(value);
  }
  /**
   * The digits a number at `path` is written with, when JSON.parse may hold another number for
   * them (`1.0000000000000001` is held as 1); null when the parsed value is the number written,
   * or the text writes no value there. An amount is judged by these (checkMoney), as `validate`
   * judges a request's.
   */
  heldOtherwiseText(path: readonly PropertyKey[]): string | null {
    return this.mayHoldOtherwise ? this.written(path) : null;
  }
  private shown(path: readonly PropertyKey[]): string | null {
    const literal = this.written(path);
    if (literal === null) return null;
    return literal.length > SHOWN_NUMBER_CHARS
      ? `${literal.slice(0, SHOWN_NUMBER_CHARS)}… (${literal.length} characters)`
      : literal;
  }
  private written(path: readonly PropertyKey[]): string | null {
    if (this.text === null) return null;
    const segments = path.filter((segment) => typeof segment !== 'symbol');
    if (segments.length !== path.length) return null;
    // The checkout validator's reader of where a text writes a value (json-source-text.ts), made
    // only for a body that has a number to describe or judge: the common valid webhook never
    // pays for it.
    this.textAt ??= jsonSourceText(this.text);
    return this.textAt(segments) ?? null;
  }
  error(path: readonly PropertyKey[], message: string): void {
    this.list.push({ severity: 'error', path: formatJsonPath(path), message });
  }
  warning(path: readonly PropertyKey[], message: string): void {
    this.list.push({ severity: 'warning', path: formatJsonPath(path), message });
  }
}
