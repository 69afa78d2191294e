import { removedFromPasted, type PastedWhitespace } from './official-client-words';

/** A pasted token as the console reads it, and what it took out, said (none: an empty list). */
export interface PastedToken {
  token: string;
  warnings: string[];
}

/** Whitespace as JavaScript's \s knows it; `\r\n` is one line break, as a copy brings it. */
const WHITESPACE = /\r\n|\s/g;
const LINE_BREAKS = new Set(['\r\n', '\n', '\r', '\u2028', '\u2029']);

/** `2 line breaks and a tab`: what one place held, by kind, in the order each was first met. */
function kindsInWords(found: readonly string[]): string {
  const counts = new Map<string, number>();
  const others: string[] = [];
  for (const character of found) {
    const kind = LINE_BREAKS.has(character)
      ? 'line break'
      : character === ' '
        ? 'space'
        : character === '\t'
          ? 'tab'
          : 'whitespace character';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    if (kind === 'whitespace character' && !others.includes(code)) others.push(code);
  }
  return [...counts]
    .map(([kind, count]) => {
      const named = count === 1 ? `a ${kind}` : `${count} ${kind}s`;
      return kind === 'whitespace character' ? `${named} (${others.join(', ')})` : named;
    })
    .join(' and ');
}

/** `a, b and c`. */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * A token as pasted into the inspector or given to `jwt decode`/`jwt verify`: a terminal that
 * wrapped it put line breaks inside it, a copy brings a space or a line break around it. The
 * console reads it without them, and says what it removed and what the official client would do
 * with the token as pasted, so the text is never taken for the token unseen. Only a paste: a
 * token a request carried is judged as sent (check-token.ts), since the service sends none.
 */
export function readPastedToken(pasted: string): PastedToken {
  const token = pasted.replace(WHITESPACE, '');
  if (token.length === pasted.length) return { token, warnings: [] };
  const start: string[] = [];
  const inside: string[] = [];
  const end: string[] = [];
  let signedPart = false;
  let inSignature = false;
  const lastDot = pasted.lastIndexOf('.');
  const first = pasted.search(/\S/);
  const last = pasted.length - (/\s*$/.exec(pasted)?.[0].length ?? 0);
  for (const match of pasted.matchAll(WHITESPACE)) {
    const at = match.index;
    const place = first === -1 || at < first ? start : at >= last ? end : inside;
    place.push(match[0]);
    // php-jwt signs what comes before the last dot as sent: whitespace there breaks the signature.
    if (place === start || (place === inside && at < lastDot)) signedPart = true;
    else if (place === inside) inSignature = true;
  }
  const removed = listed(
    [
      start.length > 0 ? `${kindsInWords(start)} at its start` : null,
      inside.length > 0 ? `${kindsInWords(inside)} inside the token` : null,
      end.length > 0 ? `${kindsInWords(end)} at its end` : null,
    ].filter((part) => part !== null),
  );
  const where: PastedWhitespace = signedPart ? 'signed_part' : inSignature ? 'signature' : 'end';
  return { token, warnings: [removedFromPasted(removed, where)] };
}
