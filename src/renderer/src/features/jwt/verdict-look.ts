import type { BodyVerdict, TokenVerdict } from '@shared/events';
import {
  BODY_VERDICT_MEANING,
  bodyVerdictLabel,
  FINDINGS_UNREADABLE,
  GOOD_BODY_VERDICTS,
  GOOD_TOKEN_VERDICTS,
  TOKEN_VERDICT_MEANING,
  tokenVerdictLabel,
} from '@shared/jwt/token-verdict-meaning';
import { countOf } from '@shared/count-words';
import { IMPORTED_TOKEN_VERDICT } from '@shared/jwt/imported-verdict-words';
import type { SignalHue } from '@ui/readable-colors';

/**
 * A verdict word and which judgement it comes from; a body's verdict with how many findings
 * its one judgement has (null: not known, e.g. an old record). Required, not optional: a view
 * that left it out type-checked and drew a body with findings as a plain green "event" (the
 * Builder's followed order), beside the Timeline's orange "event · 1 finding" of the same body.
 */
export type VerdictRef =
  | {
      kind: 'token';
      verdict: TokenVerdict;
      /**
       * The messages of the token's findings (a token in one place only), where the view has
       * them: every list does (TimelineSummary.tokenFindings). Views that list them beside
       * the chip (a record's detail) leave them out.
       */
      findings?: readonly string[] | null | typeof FINDINGS_UNREADABLE;
      /** Read from a file: the verdict is the file's word, said in its meaning (imported-verdict-words.ts). */
      imported?: boolean;
    }
  | { kind: 'body'; verdict: BodyVerdict; findings: number | null | typeof FINDINGS_UNREADABLE };

/** Said under a chip whose findings' stored column is damaged (never drawn as none). */
const UNREADABLE_MEANING =
  "Its findings' stored column is damaged in the database, so how many there are is not known.";

/** Colour by how bad it is: a forgery is red, a clock or config problem orange. */
const TOKEN_COLOR: Record<TokenVerdict, SignalHue> = {
  valid: 'green',
  // Nothing vouches for a webhook without one: the service sends it in both places.
  missing: 'orange',
  malformed: 'red',
  invalid_signature: 'red',
  expired: 'orange',
  not_yet_valid: 'orange',
  alg_not_allowed: 'red',
  mismatch: 'red',
  no_secret: 'yellow',
};

const BODY_COLOR: Record<BodyVerdict, SignalHue> = {
  event: 'green',
  legacy: 'teal',
  unknown_shape: 'orange',
  invalid_json: 'red',
  // A notification without its payload: a finding, not a neutral grey.
  empty: 'orange',
  too_large: 'red',
};

const plural = (count: number) => countOf(count, 'finding');

/**
 * The colour, words, meaning and goodness of a verdict, shared by every way it is drawn. A body
 * with findings never looks plain good: it says how many, in orange.
 */
export function verdictLook(ref: VerdictRef): VerdictLook {
  const look = lookOf(ref);
  // Every chip of an imported record's token says whose word it is, on hover: the lists, the
  // Timeline's detail and the inspector alike.
  return ref.kind === 'token' && ref.imported === true
    ? { ...look, meaning: `${look.meaning}\n${IMPORTED_TOKEN_VERDICT}` }
    : look;
}

interface VerdictLook {
  /** Drawn by readable-colors.ts: a good verdict as a light chip, any other filled. */
  color: SignalHue;
  label: string;
  meaning: string;
  good: boolean;
  findings: number | null;
}

function lookOf(ref: VerdictRef): VerdictLook {
  if (ref.findings === FINDINGS_UNREADABLE) {
    const meaning =
      ref.kind === 'token' ? TOKEN_VERDICT_MEANING[ref.verdict] : BODY_VERDICT_MEANING[ref.verdict];
    return {
      color: 'orange',
      label:
        ref.kind === 'token'
          ? tokenVerdictLabel(ref.verdict, ref.findings)
          : bodyVerdictLabel(ref.verdict, ref.findings),
      meaning: `${meaning}\n⚠ ${UNREADABLE_MEANING}`,
      good: false,
      findings: null,
    };
  }
  if (ref.kind === 'token') {
    // A valid token sent other than as the spec sends it is judged once, with its findings:
    // a list drawing it plain green said less than the record's detail and history --json.
    const warnings = ref.findings ?? [];
    const good = GOOD_TOKEN_VERDICTS.includes(ref.verdict);
    if (warnings.length === 0)
      return {
        color: TOKEN_COLOR[ref.verdict],
        label: ref.verdict,
        meaning: TOKEN_VERDICT_MEANING[ref.verdict],
        good,
        findings: ref.findings === undefined || ref.findings === null ? null : 0,
      };
    return {
      color: good ? 'yellow' : TOKEN_COLOR[ref.verdict],
      label: tokenVerdictLabel(ref.verdict, warnings.length),
      meaning: [TOKEN_VERDICT_MEANING[ref.verdict], ...warnings.map((warning) => `⚠ ${warning}`)].join('\n'),
      good: false,
      findings: warnings.length,
    };
  }
  const { findings } = ref;
  const flagged = findings !== null && findings > 0;
  return {
    color: flagged && GOOD_BODY_VERDICTS.includes(ref.verdict) ? 'orange' : BODY_COLOR[ref.verdict],
    label: bodyVerdictLabel(ref.verdict, findings),
    meaning: flagged
      ? `${BODY_VERDICT_MEANING[ref.verdict]} The payload has ${plural(findings)} against the spec.`
      : BODY_VERDICT_MEANING[ref.verdict],
    good: GOOD_BODY_VERDICTS.includes(ref.verdict) && !flagged,
    findings,
  };
}
