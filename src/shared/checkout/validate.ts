import type { z } from 'zod';
import { describeJsonProblem, JSON_MAX_DEPTH } from '../bounded-json';
import { formatJsonPath } from '../json-path';
import type { CountryCurrencyPair } from './country-currency-pairs';
import { crossFieldFindings } from './cross-field-findings';
import { sortInDocumentOrder } from './document-order';
import { baseSchemaFor } from './form-schemas';
import type { RuleParams } from './field-rules';
import {
  FINDING_CODES,
  ownValue,
  toFinding,
  type Finding,
  type FindingCode,
  type RawFinding,
} from './findings';
import { byteOrderMarkFindings } from './byte-order-mark-findings';
import { duplicateKeyFindingsOf } from './duplicate-key-findings';
import {
  checkInstalments,
  DEFAULT_INSTALMENTS_REQUIRED,
  type InstalmentsRequiredChoice,
} from './instalments';
import { DEFAULT_EMPTY_OPTIONAL, type EmptyOptionalChoice } from './empty-optional';
import { sayingCountryTaken, withMissingCountry, type MissingCountryCodeChoice } from './missing-country';
import { withoutPairEchoes } from './pair-echoes';
import type { CheckoutForm } from './request-parts';
import { walkRequest } from './request-walk';
import { requestSizeFindings, type RequestLimit } from './request-size';
import { passesWithoutIssues } from './schema-clean-pass';
import { schemaIssuesInSlices } from './schema-issues-in-slices';
import { errorWords } from '../error-words';
import { jsonSourceText } from '../json-source-text';
import { scanJsonTextAndForm, type JsonTextScanAndForm } from '../json-duplicate-keys';
import { givesWayToDigits, judgeWrittenAmounts } from './written-amounts';

export interface ValidateOptions {
  form: CheckoutForm;
  /** Education form: single checkout enabled for the merchant (default true); false makes payment_type and instalments required. */
  singleCheckout?: boolean;
  /** The request field that carries the notification URL (not shown in the spec); default `merchant_url.notification`. */
  notificationField?: string;
  /**
   * The supported country/currency pairs (not shown in the spec). Left out: the emulator's
   * default table (its setting's default, each country with its own currency), so the answer is
   * the Local emulator's at its default; a pair outside either is an error naming whose table.
   */
  pairs?: readonly CountryCurrencyPair[];
  /** Whose table `pairs` is, for the finding's words: the emulator's (default) or `validate --pairs`. */
  pairsSource?: 'emulator' | 'flag';
  /**
   * The request-body limit to judge the body's size by (request-size.ts): the spec shows none.
   * Left out, the size is not judged (the emulator refuses an oversized body before it judges).
   */
  requestLimit?: RequestLimit;
  /**
   * Whether `expires_in_minutes` is taken (the emulator's "Honour expires_in_minutes": the spec
   * ignores it unless support enabled the feature). Default false, the emulator's default: a
   * value given earns the expiry_ignored warning.
   */
  honourExpiresInMinutes?: boolean;
  /**
   * How an optional field given "" or null (where the official client never sends one) and a
   * text field given only blanks are judged (none shown in the spec): `warn` (default) a
   * warning, `refuse` an error, `accept` nothing (empty-optional.ts, null-optional.ts,
   * blank-text.ts).
   */
  emptyOptional?: EmptyOptionalChoice;
  /**
   * Where `instalments` may be left out (the spec requires it; the official client sends it only
   * with PAY_BY_INSTALMENTS): `pay_by_instalments` (default) an error only there and a warning
   * elsewhere, `always` an error wherever the spec requires it (instalments.ts).
   */
  instalmentsRequired?: InstalmentsRequiredChoice;
  /**
   * A request without the top-level `country_code` (the spec: required "yes" and "Default SA"):
   * `refuse` (default) the `required` error, `take_sa` judged as SA (missing-country.ts).
   */
  missingCountryCode?: MissingCountryCodeChoice;
  /**
   * The JSON text the payload was parsed from, when there is one: what only the text shows is
   * judged too (a name given twice in one object; an amount's digits where JSON.parse read
   * another number, written-amounts.ts).
   */
  sourceText?: string;
}

const isFindingCode = (value: unknown): value is FindingCode =>
  typeof value === 'string' && (FINDING_CODES as readonly string[]).includes(value);

function isRuleParams(value: unknown): value is RuleParams {
  return (
    isFindingCode(ownValue(value, 'code')) &&
    typeof ownValue(value, 'rule') === 'string' &&
    typeof ownValue(value, 'requiredRule') === 'string'
  );
}

const isAbsent = (payload: unknown, path: readonly PropertyKey[]) => {
  let node = payload;
  for (const segment of path) {
    if (typeof segment === 'symbol') return false;
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, segment))
      return true;
    node = ownValue(node, segment);
  }
  return node === undefined;
};

/** One zod issue as a finding; a missing value is `required` with the requirement rule. */
export function issueToFinding(issue: z.core.$ZodIssue, payload: unknown): RawFinding {
  const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
  const params = issue.code === 'custom' ? issue.params : undefined;
  if (!isRuleParams(params))
    return {
      severity: 'error',
      path,
      code: 'wrong_type',
      rule: 'Checkout session request',
      message: issue.message,
    };
  // Only a type gate fires on a missing value (every other check needs a typed one): absent means required.
  return isAbsent(payload, path)
    ? { severity: 'error', path, code: 'required', rule: params.requiredRule, message: issue.message }
    : { severity: 'error', path, code: params.code, rule: params.rule, message: issue.message };
}

const findingKey = (finding: RawFinding) =>
  `${finding.code}|${JSON.stringify(finding.path)}|${finding.message}`;

function dedupe(findings: readonly RawFinding[]): RawFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = findingKey(finding);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Validates a checkout session request against the spec's rules for one form. Returns every
 * finding in document order; never throws.
 */
export function validateCheckout(payload: unknown, options: ValidateOptions): Finding[] {
  return judgeCheckout(payload, options).findings;
}

/** validateCheckout's findings, with what its one reading of the source text found. */
export interface CheckoutJudgement {
  findings: Finding[];
  /** Undefined without a source text, or for a request refused before its text was read. */
  textScan: JsonTextScanAndForm | undefined;
}

/**
 * validateCheckout, giving its reading of the text too: the emulator stores the text as it came
 * where JSON.stringify would write the same (the scan says so), rather than writing it again.
 */
export function judgeCheckout(payload: unknown, options: ValidateOptions): CheckoutJudgement {
  try {
    const singleCheckout = options.singleCheckout !== false;
    const choice = options.emptyOptional ?? DEFAULT_EMPTY_OPTIONAL;
    const { notificationField } = options;
    // One walk finds what is judged value by value (request-walk.ts): the depth, the optional
    // fields given null, "" or blanks, the keys the spec does not name.
    // A missing country_code taken as SA is judged as given (missing-country.ts).
    const asJudged = withMissingCountry(payload, options.missingCountryCode);
    const walked = walkRequest(asJudged, {
      form: options.form,
      singleCheckout,
      notificationField,
      choice,
    });
    // Bounded entry: nothing below walks a value deeper than any reader can (it would overflow
    // the stack, and the emulator would store what it could not read back).
    const { tooDeep } = walked;
    if (tooDeep !== null)
      return unread([
        {
          severity: 'error',
          path: tooDeep.under === null ? '(root)' : formatJsonPath([tooDeep.under]),
          code: 'unreadable_payload',
          rule: 'Checkout session request — a JSON object',
          message: `The request cannot be read: ${describeJsonProblem({ kind: 'too_deep', depth: tooDeep.depth, limit: JSON_MAX_DEPTH })}.`,
        },
      ]);
    // An optional field given null is read as not given (null-optional.ts): the checks below
    // read the request without it.
    const judged = walked.judged;
    const schema = baseSchemaFor(options.form, singleCheckout);
    // Most requests are valid: their schema pass is walked without zod's parse, which runs only
    // when there is an issue to word (schema-clean-pass.ts).
    const fromSchema = passesWithoutIssues(schema, judged)
      ? []
      : schemaIssuesInSlices(schema, judged).map((issue) => issueToFinding(issue, judged));
    // One reader of the text for every value read from it: each container on the way is read
    // once, however many amounts sit in it (the emulator judges every request so).
    // And one reading of the whole text for what only it shows: the names given twice and whether
    // any number may be held otherwise (each read it whole before).
    const source =
      options.sourceText === undefined
        ? undefined
        : {
            text: options.sourceText,
            at: jsonSourceText(options.sourceText),
            scan: scanJsonTextAndForm(options.sourceText),
          };
    const written =
      source === undefined
        ? undefined
        : judgeWrittenAmounts(judged, source.text, source.at, source.scan.mayWriteNumberHeldOtherwise);
    const raw = dedupe([
      ...(written === undefined
        ? fromSchema
        : fromSchema.filter((finding) => !givesWayToDigits(finding, written.judged))),
      ...(written?.findings ?? []),
      ...walked.nullFindings,
      ...walked.emptyFindings,
      ...walked.blankFindings,
      ...checkInstalments(judged, {
        form: options.form,
        singleCheckout,
        required: options.instalmentsRequired ?? DEFAULT_INSTALMENTS_REQUIRED,
      }),
      ...crossFieldFindings(judged, {
        form: options.form,
        notificationField,
        pairs: options.pairs,
        pairsSource: options.pairsSource,
        honourExpiresInMinutes: options.honourExpiresInMinutes === true,
        sourceTextAt: source?.at,
      }),
      ...walked.unknownKeys,
      ...(source === undefined ? [] : duplicateKeyFindingsOf(source.scan.duplicates)),
      ...(source === undefined ? [] : byteOrderMarkFindings(source.text)),
      ...requestSizeFindings(payload, options.sourceText, options.requestLimit),
    ]);
    return {
      findings: sortInDocumentOrder(
        payload,
        sayingCountryTaken(withoutPairEchoes(judged, raw), asJudged !== payload),
      ).map(toFinding),
      textScan: source?.scan,
    };
  } catch (error) {
    // Plain JSON never gets here; a throwing getter or a hostile Proxy might.
    return unread([
      {
        severity: 'error',
        path: '(root)',
        code: 'unreadable_payload',
        rule: 'Checkout session request — a JSON object',
        message: `The payload could not be inspected: ${errorWords(error)}.`,
      },
    ]);
  }
}

const unread = (findings: Finding[]): CheckoutJudgement => ({ findings, textScan: undefined });
