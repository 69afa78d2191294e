import type { Finding } from '@shared/checkout';
import { locateJsonValues, type JsonLocation } from '@shared/json-locations';
import { formatJsonPath, parseJsonPath } from '@shared/json-path';
import type { RawDiagnostic } from './analysis/analysis-messages';
import type { ParseError } from './builder-text';

/**
 * Where a finding is marked in the raw text: the value at its path; for an unknown key its
 * name; for something missing, the name of the nearest parent that is there (the whole text
 * for the request itself).
 */
export function findingRange(
  locations: ReadonlyMap<string, JsonLocation>,
  finding: Pick<Finding, 'path' | 'code'>,
  textLength: number,
): { from: number; to: number } {
  const segments = parseJsonPath(finding.path);
  for (let length = segments.length; length > 0; length--) {
    const found = locations.get(formatJsonPath(segments.slice(0, length)));
    if (found === undefined) continue;
    const exact = length === segments.length;
    const useKey =
      found.keyFrom !== null && found.keyTo !== null && (!exact || finding.code === 'unknown_key');
    if (useKey && found.keyFrom !== null && found.keyTo !== null)
      return { from: found.keyFrom, to: found.keyTo };
    return { from: found.from, to: Math.max(found.to, found.from + 1) };
  }
  return { from: 0, to: Math.min(1, textLength) };
}

/** The raw editor's marks: where the text breaks, or every finding where it sits. */
export function diagnosticsFor(
  text: string,
  parseError: ParseError | null,
  findings: readonly Finding[],
): RawDiagnostic[] {
  if (parseError !== null) {
    // A text that ends too early breaks at its end: mark the last character.
    const from = Math.max(0, Math.min(parseError.offset, text.length - 1));
    return [
      {
        from,
        to: Math.min(from + 1, text.length),
        severity: 'error',
        message: `Not valid JSON: ${parseError.message} (line ${parseError.line}, column ${parseError.column})`,
        source: 'JSON',
      },
    ];
  }
  const locations = locateJsonValues(text);
  return findings.map((finding) => ({
    ...findingRange(locations, finding, text.length),
    severity: finding.severity,
    message: `${finding.path}: ${finding.message}`,
    source: finding.rule,
  }));
}
