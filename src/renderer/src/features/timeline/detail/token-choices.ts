import type { EventTokens } from '@shared/contract/jwt';
import type { DecodedJwt } from '@shared/jwt/decode-jwt';

export interface TokenChoice {
  source: 'header' | 'query';
  /** As main decoded it from the stored request: the header and claims with their JSON text. */
  decoded: DecodedJwt;
}

/**
 * The tokens the Timeline's Notification token section can show, from main's getEventTokens (the
 * one the inspector reads): each decoded place, once. Whether the query and the header held the
 * same token is main's answer, compared as text: the parsed header and claims said "the same
 * token" of two signatures over one claims segment, and of claims that differ past the precision
 * of a JavaScript number. In the order the listener checked them, as the verdicts above list them.
 */
export function tokenChoices(tokens: Pick<EventTokens, 'tokens' | 'sameInBoth' | 'checks'>): {
  choices: TokenChoice[];
  sameInBoth: boolean;
} {
  const order = tokens.checks.map((check) => check.source);
  const rank = (source: TokenChoice['source']) => {
    const index = order.indexOf(source);
    return index === -1 ? order.length : index;
  };
  const decoded = tokens.tokens
    .flatMap((entry) =>
      entry.decoded !== null && entry.decoded.header !== null && entry.decoded.claims !== null
        ? [{ source: entry.source, decoded: entry.decoded }]
        : [],
    )
    .sort((a, b) => rank(a.source) - rank(b.source));
  return { choices: tokens.sameInBoth ? decoded.slice(0, 1) : decoded, sameInBoth: tokens.sameInBoth };
}
