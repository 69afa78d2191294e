import { formatJsonPath } from '../../shared/json-path';
import { firstUnpairedSurrogateIn } from '../../shared/well-formed-text';

/** How to give a body holding a lone surrogate, by its field in a record or a HAR entry. */
const BODY_AS_BASE64: Partial<Record<string, string>> = {
  request_body: 'give the body as request_body_base64',
  response_body: 'give the body as response_body_base64',
  'request.postData.text': 'give the body base64-encoded, with "_encoding": "base64"',
  'response.content.text': 'give the body base64-encoded, with "encoding": "base64"',
};

/**
 * Why an imported record (or a HAR entry, before a record is made of it) is refused for a text
 * holding a lone surrogate (JSON may spell one: `\ud800`), or null. Refused as a byte that is
 * not UTF-8 is (importFileText): stored, a text column made it U+FFFD (a body, the order id read
 * from it, a path, a uid) without a word, and a HAR form field became %EF%BF%BD in the body. A
 * header too: none that arrives over HTTP holds one (the listener reads them as Latin-1), and no
 * request can carry one. One walk over every text, so a field added later is judged too, named by
 * its path in the file. The details are left out: stored as JSON, which keeps the escape, they
 * read back as given, and the console's own records hold such text there (a token's claims as
 * they arrived), so refusing them would refuse the console's own exports.
 */
export function loneSurrogateWords(
  record: Record<string, unknown>,
  where: string,
  /** Where the details are: a record's own, or a HAR entry's `_checkoutConsole.details`. */
  detailsPath: readonly [string, ...string[]] = ['details'],
): string | null {
  const lone = firstUnpairedSurrogateIn(withoutAt(record, detailsPath));
  if (lone === null) return null;
  const field = formatJsonPath(lone.path);
  const words = `${where}: ${field} holds a lone surrogate ${lone.escape} at character ${lone.character}, which is not text UTF-8 can hold`;
  const advice = Object.hasOwn(BODY_AS_BASE64, field) ? BODY_AS_BASE64[field] : undefined;
  return advice === undefined ? `${words}.` : `${words} (it would be stored as \uFFFD); ${advice}.`;
}

/** `value` with what is at `path` left out (copied along the path; `value` itself is unchanged). */
function withoutAt(value: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined || !Object.hasOwn(value, key)) return value;
  const inner = value[key];
  if (rest.length === 0) return { ...value, [key]: undefined };
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return value;
  return { ...value, [key]: withoutAt(inner as Record<string, unknown>, rest) };
}
