import { findDuplicateKeys } from '../json-duplicate-keys';
import { formatJsonPath, parseJsonPath } from '../json-path';
import { locateJsonValues } from '../json-locations';
import { numberHeldOtherwise } from '../json-number-held';
import { jsonSyntaxWords } from '../json-text';
import type { TokenPreset } from './token-presets';
import { quotedVisibly } from './visible-json';

/**
 * Claims as a person typed them, for the crafter (the inspector's Craft and `jwt sign
 * --claims`): the one judgement of what a preset can sign from that text.
 *
 * "Exactly as written" signs the text itself, so a name given twice, `1.0` or `1e999` reach the
 * listener as typed (the listener judges such tokens; the crafter exists to make them). Every
 * other preset builds the claims (it sets iat, nbf and exp), so they are read as values and
 * written again: a name given twice keeps only its last value and a number JSON cannot hold
 * (`12345678901234567890`, `1e999`) changes. Those presets refuse such text, naming the claim,
 * rather than sign something other than what was typed.
 */

export type ClaimsTextReading =
  | { ok: true; claims: Record<string, unknown> }
  /** `problem` reads after the field's name (`--claims: …`, under the Claims box). */
  | { ok: false; problem: string };

/** How to sign what a preset refuses; the close of each of its refusals. */
export const AS_TYPED = 'to sign the claims as typed, use the preset "Exactly as written" (exact)';
/** A number written longer than this is shown cut. */
const SHOWN_NUMBER_CHARS = 40;

/** `"a"` at the top level, `a.b` or `items[0]` deeper: how a reason names a claim. */
function claimName(path: readonly (string | number)[]): string {
  return path.length === 1 ? quotedVisibly(String(path[0])) : quotedVisibly(formatJsonPath(path));
}

/**
 * What signing `text` anew (read as values, written again) would change, as a clause naming the
 * claim and `signer` (`this preset`, `re-signing`); null when nothing. Claims named in `replaced`
 * are set afresh by the signer, so what they held does not count. The one judgement for every
 * signer that writes claims anew: the crafter's presets (below) and a re-signed replay.
 */
export function claimsChangedBySigning(
  text: string,
  signer: string,
  replaced: readonly string[] = [],
): string | null {
  const kept = (path: readonly (string | number)[]) => !replaced.includes(String(path[0]));
  const twice = findDuplicateKeys(text).find((duplicate) => kept(duplicate.path));
  if (twice !== undefined) {
    const times = twice.count === 2 ? 'twice' : `${twice.count} times`;
    return `${claimName(twice.path)} is given ${times}, and ${signer} writes the claims anew, keeping only the last`;
  }
  for (const [pointer, at] of locateJsonValues(text)) {
    const literal = text.slice(at.from, at.to);
    const first = literal.charCodeAt(0);
    // Only numbers: they start with a digit or a minus sign.
    if (!(first === 45 || (first >= 48 && first <= 57))) continue;
    const path = parseJsonPath(pointer);
    if (!kept(path)) continue;
    const held = numberHeldOtherwise(literal);
    if (held === null) continue;
    const shown =
      literal.length > SHOWN_NUMBER_CHARS
        ? `${literal.slice(0, SHOWN_NUMBER_CHARS)}… (${literal.length} characters)`
        : literal;
    return `${claimName(path)} is ${shown}, which ${signer} would sign as ${held.held} (${held.why})`;
  }
  return null;
}

/**
 * The claims a preset signs from `text`: for "exact", any JSON object (the text is what is
 * signed); for the others, one whose names are each given once and whose numbers survive being
 * written again.
 */
export function readClaimsText(text: string, preset: TokenPreset): ClaimsTextReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not valid JSON (${jsonSyntaxWords(text, error)}).` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'must be a JSON object, such as {"iss":"checkout"}.' };
  const claims = { ...value } as Record<string, unknown>;
  if (preset === 'exact') return { ok: true, claims };
  const changed = claimsChangedBySigning(text, 'this preset');
  return changed === null ? { ok: true, claims } : { ok: false, problem: `${changed}: ${AS_TYPED}.` };
}
