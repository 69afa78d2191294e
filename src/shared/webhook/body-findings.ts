import { describeValue } from '../checkout/findings';
import { locateJsonValues, type JsonLocation } from '../json-locations';
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
  private locations: Map<string, JsonLocation> | null = null;
  /** The body's text, so a number can be shown as the sender wrote it. */
  read(text: string): void {
    this.text = text;
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
    if (typeof value === 'number') return `the number ${this.written(path) ?? String(value)}`;
    return describeValue(value);
  }
  private written(path: readonly PropertyKey[]): string | null {
    if (this.text === null) return null;
    // Located once, and only for a body that has a number to describe (a finding): the
    // common valid webhook never pays for the walk.
    this.locations ??= locateJsonValues(this.text);
    const at = this.locations.get(formatJsonPath(path));
    if (at === undefined) return null;
    const literal = this.text.slice(at.from, at.to);
    return literal.length > SHOWN_NUMBER_CHARS
      ? `${literal.slice(0, SHOWN_NUMBER_CHARS)}… (${literal.length} characters)`
      : literal;
  }
  error(path: readonly PropertyKey[], message: string): void {
    this.list.push({ severity: 'error', path: formatJsonPath(path), message });
  }
  warning(path: readonly PropertyKey[], message: string): void {
    this.list.push({ severity: 'warning', path: formatJsonPath(path), message });
  }
}
