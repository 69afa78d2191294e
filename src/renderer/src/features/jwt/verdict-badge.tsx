import { Badge, Tooltip } from '@mantine/core';
import type { BodyVerdict, TokenVerdict } from '@shared/events';
import {
  BODY_VERDICT_MEANING,
  GOOD_BODY_VERDICTS,
  GOOD_TOKEN_VERDICTS,
  TOKEN_VERDICT_MEANING,
} from '@shared/jwt/token-verdict-meaning';
import { countOf } from '@shared/count-words';

/**
 * A verdict word and which judgement it comes from; a body's verdict with how many findings
 * its one judgement has (null or absent: not known, e.g. an old record).
 */
export type VerdictRef =
  | { kind: 'token'; verdict: TokenVerdict }
  | { kind: 'body'; verdict: BodyVerdict; findings?: number | null | undefined };

type VerdictBadgeProps = VerdictRef & { size?: 'xs' | 'sm' | 'md' };

/** Colour by how bad it is: a forgery is red, a clock or config problem orange. */
const TOKEN_COLOR: Record<TokenVerdict, string> = {
  valid: 'green',
  missing: 'gray',
  malformed: 'red',
  invalid_signature: 'red',
  expired: 'orange',
  not_yet_valid: 'orange',
  alg_not_allowed: 'red',
  mismatch: 'red',
  no_secret: 'yellow',
};

const BODY_COLOR: Record<BodyVerdict, string> = {
  event: 'green',
  legacy: 'teal',
  unknown_shape: 'orange',
  invalid_json: 'red',
  empty: 'gray',
  too_large: 'red',
};

const plural = (count: number) => countOf(count, 'finding');

/**
 * The colour, words, meaning and goodness of a verdict, shared by every way it is drawn. A body
 * with findings never looks plain good: it says how many, in orange.
 */
export function verdictLook(ref: VerdictRef): {
  color: string;
  label: string;
  meaning: string;
  good: boolean;
  findings: number | null;
} {
  if (ref.kind === 'token')
    return {
      color: TOKEN_COLOR[ref.verdict],
      label: ref.verdict,
      meaning: TOKEN_VERDICT_MEANING[ref.verdict],
      good: GOOD_TOKEN_VERDICTS.includes(ref.verdict),
      findings: null,
    };
  const findings = ref.findings ?? null;
  const flagged = findings !== null && findings > 0;
  return {
    color: flagged && GOOD_BODY_VERDICTS.includes(ref.verdict) ? 'orange' : BODY_COLOR[ref.verdict],
    label: flagged ? `${ref.verdict} · ${plural(findings)}` : ref.verdict,
    meaning: flagged
      ? `${BODY_VERDICT_MEANING[ref.verdict]} The payload has ${plural(findings)} against the spec.`
      : BODY_VERDICT_MEANING[ref.verdict],
    good: GOOD_BODY_VERDICTS.includes(ref.verdict) && !flagged,
    findings,
  };
}

/**
 * A verdict word as a chip, with its meaning on hover. The words are the listener's own
 * (`token_verdict`, `body_verdict`), so the timeline and the inspector show the same thing.
 */
export function VerdictBadge(props: VerdictBadgeProps) {
  const { color, label, meaning, good, findings } = verdictLook(props);
  return (
    <Tooltip label={meaning} multiline w={280} withArrow>
      <Badge
        color={color}
        variant={good ? 'light' : 'filled'}
        size={props.size ?? 'sm'}
        tt="none"
        data-testid={`${props.kind}-verdict`}
        data-verdict={props.verdict}
        data-findings={findings ?? undefined}
        styles={{ root: { minWidth: 'max-content', flexShrink: 0 }, label: { overflow: 'visible' } }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
