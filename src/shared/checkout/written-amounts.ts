import { mayWriteNumberHeldOtherwise, numberHeldOtherwise } from '../json-number-held';
import { precisionOf } from './currencies';
import { ownValue, type RawFinding } from './findings';
import { decimalsOf, parseAmount, tooManyDecimalsWords } from './money';
import { moneyPaths, valueAt, type JsonPath } from './money-paths';
import { DECIMALS_RULE, effectiveCurrency } from './money-schema';

/**
 * Money amounts judged by the digits the request's text writes. The schema sees what JSON.parse
 * made of a number: `72.98000000000000000001` reads as 72.98 (no decimals too many) and `1e400`
 * as Infinity (quoted as 1e999…), though the service receives the digits. Where a text is at
 * hand (validate, send, the builder, the emulator) an amount whose number JSON does not hold as
 * written is judged here from its digits, and the schema's judgement of its value gives way.
 */

/** Where the text writes a value, by path (json-source-text.ts's reader: containers read once). */
export type SourceTextAt = (path: readonly (string | number)[]) => string | undefined;

const NUMBER_RULE = 'JSON (RFC 8259): a number beyond what a double holds is not read as written';

export interface WrittenAmountJudgement {
  findings: RawFinding[];
  /** The amounts judged here (`total_amount.amount`'s path); the schema's decimals and type findings on them give way. */
  judged: JsonPath[];
}

/**
 * `text`: what the payload was parsed from; `textAt`: where it writes a value (one reader, shared
 * by the checks); `mayHold`: whether the text may write a number held otherwise, when a scan of it
 * already said (json-duplicate-keys.ts's scanJsonText), else read here.
 */
export function judgeWrittenAmounts(
  payload: unknown,
  text: string,
  textAt: SourceTextAt,
  mayHold: boolean = mayWriteNumberHeldOtherwise(text),
): WrittenAmountJudgement {
  const findings: RawFinding[] = [];
  const judged: JsonPath[] = [];
  if (!mayHold) return { findings, judged };
  for (const moneyPath of moneyPaths(payload)) {
    const money = valueAt(payload, moneyPath);
    const value = ownValue(money, 'amount');
    if (typeof value !== 'number') continue;
    const path = [...moneyPath, 'amount'];
    const literal = textAt(path);
    if (literal === undefined) continue;
    // Text that is not this payload's (a caller's mismatch): the value tells all.
    if (Number(literal) !== value) continue;
    const currency = effectiveCurrency(money);
    const byDigits = judgeWrittenAmount(literal, currency, precisionOf(currency));
    if (byDigits === null) continue;
    judged.push(path);
    findings.push({ severity: 'error', path, ...byDigits });
  }
  return { findings, judged };
}

/** What is wrong with an amount a reader does not hold as written, judged by the digits written. */
export interface WrittenAmountFault {
  code: 'too_many_decimals' | 'not_numeric';
  rule: string;
  message: string;
}

/**
 * An amount written as the number `literal`, judged by its digits when a reader holds another
 * number for it (json-number-held.ts); null when it is held as written, and its value tells all.
 * The one judgement of such an amount: a checkout request's (above) and a webhook's
 * (judge-webhook-body.ts), so `validate` and the listener word the same digits alike.
 */
export function judgeWrittenAmount(
  literal: string,
  currency: string,
  precision: number,
): WrittenAmountFault | null {
  const held = numberHeldOtherwise(literal);
  if (held === null) return null;
  const digits = parseAmount(literal);
  if (digits !== undefined && decimalsOf(digits) > precision)
    return {
      code: 'too_many_decimals',
      rule: DECIMALS_RULE,
      message: tooManyDecimalsWords(literal, decimalsOf(digits), currency, precision),
    };
  return {
    code: 'not_numeric',
    rule: NUMBER_RULE,
    message: held.tooLarge
      ? `amount ${literal} is too large for a JSON number: a reader holds no number for it.`
      : `amount ${literal} is read as ${held.held} (${held.why}), not as written.`,
  };
}

/** Whether a finding of the schema's judges the value of an amount judged by its digits instead. */
export function givesWayToDigits(finding: RawFinding, judged: readonly JsonPath[]): boolean {
  if (finding.code !== 'too_many_decimals' && finding.code !== 'not_numeric') return false;
  return judged.some(
    (path) => path.length === finding.path.length && path.every((segment, i) => segment === finding.path[i]),
  );
}
