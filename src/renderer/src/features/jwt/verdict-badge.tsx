import { Badge, Tooltip } from '@mantine/core';
import type { BodyVerdict, TokenVerdict } from '../../../../shared/events';
import {
  BODY_VERDICT_MEANING,
  GOOD_BODY_VERDICTS,
  GOOD_TOKEN_VERDICTS,
  TOKEN_VERDICT_MEANING,
} from '../../../../shared/jwt/token-verdict-meaning';

/** A verdict word and which judgement it comes from. */
export type VerdictRef = { kind: 'token'; verdict: TokenVerdict } | { kind: 'body'; verdict: BodyVerdict };

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

/** The colour, meaning and goodness of a verdict word, shared by every way it is drawn. */
export function verdictLook(ref: VerdictRef): { color: string; meaning: string; good: boolean } {
  return ref.kind === 'token'
    ? {
        color: TOKEN_COLOR[ref.verdict],
        meaning: TOKEN_VERDICT_MEANING[ref.verdict],
        good: GOOD_TOKEN_VERDICTS.includes(ref.verdict),
      }
    : {
        color: BODY_COLOR[ref.verdict],
        meaning: BODY_VERDICT_MEANING[ref.verdict],
        good: GOOD_BODY_VERDICTS.includes(ref.verdict),
      };
}

/**
 * A verdict word as a chip, with its meaning on hover. The words are the listener's own
 * (`token_verdict`, `body_verdict`), so the timeline and the inspector show the same thing.
 */
export function VerdictBadge(props: VerdictBadgeProps) {
  const { color, meaning, good } = verdictLook(props);
  return (
    <Tooltip label={meaning} multiline w={280} withArrow>
      <Badge
        color={color}
        variant={good ? 'light' : 'filled'}
        size={props.size ?? 'sm'}
        tt="none"
        data-testid={`${props.kind}-verdict`}
        data-verdict={props.verdict}
      >
        {props.verdict}
      </Badge>
    </Tooltip>
  );
}
