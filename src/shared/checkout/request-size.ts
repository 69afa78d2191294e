import { formatBytes, formatBytesShort, utf8ByteLength } from '../byte-size';
import type { RawFinding } from './findings';

/**
 * Whose request-body limit a body is judged by. The spec shows none, so the one known is the
 * Local emulator's, its Largest request body setting (docs/limits.md): `emulator` where the
 * answer is its own (validate by default, at the setting's default; the builder on the Local
 * profile, at the setting), an error as its 413 is; `flag` a limit the user states with validate --request-limit, an error too;
 * `elsewhere` a profile that sends to another service, whose limit is not known, so a warning.
 * `cli`: the CLI's validate reads the finding, where --request-limit judges against another
 * limit; the builder has no such control, so its finding names no flag.
 */
export interface RequestLimit {
  bytes: number;
  source: 'emulator' | 'flag' | 'elsewhere';
  cli?: boolean;
}

const RULE = 'Request body size — not shown in the spec; the emulator refuses a larger one with 413';

/** What the limit is and what a body over it meets, in the one wording validate, the builder and a send show. */
function limitWords({ bytes, source, cli }: RequestLimit): { over: string; consequence: string } {
  const limit = formatBytesShort(bytes);
  switch (source) {
    case 'emulator':
      return {
        over: `over the emulator's request limit of ${limit}`,
        consequence:
          ': the Local emulator refuses it with 413 request_too_large, and no order is made. ' +
          "The spec shows no request-size limit; the emulator's is its setting (Emulator → Settings: Largest request body)." +
          // validate opens no data directory: it judges by the setting's default, unless told.
          (cli === true
            ? ' validate --request-limit judges the body against another limit instead (the one the emulator is set to, say).'
            : ''),
      };
    case 'flag':
      return {
        over: `over the limit given with --request-limit (${limit})`,
        consequence: ': a service with that limit refuses it. The spec shows no request-size limit.',
      };
    case 'elsewhere':
      return {
        over: `over the Local emulator's request limit of ${limit}`,
        consequence:
          ', which refuses it with 413 request_too_large. The spec shows no request-size limit, so whether this service takes it is not known.',
      };
  }
}

/**
 * `The body is 1.00001 MiB (1,048,584 bytes), over the emulator's request limit of 1 MiB`: the
 * one wording of a body over a limit, the finding's and the builder's notice before Send.
 */
export function overRequestLimitWords(bytes: number, limit: RequestLimit): string {
  return `The body is ${formatBytes(bytes)}, ${limitWords(limit).over}`;
}

/**
 * A body over the request limit: one finding at the root naming its size, the limit and whose
 * it is. The body measured is the text that is sent (its UTF-8 bytes), or the payload as
 * JSON.stringify writes it where there is no text. A text of fewer characters than a third of
 * the limit is under it without counting: a character is at most three bytes of UTF-8.
 */
export function requestSizeFindings(
  payload: unknown,
  sourceText: string | undefined,
  limit: RequestLimit | undefined,
): RawFinding[] {
  if (limit === undefined) return [];
  const text = sourceText ?? JSON.stringify(payload) ?? '';
  if (text.length * 3 <= limit.bytes) return [];
  const bytes = utf8ByteLength(text);
  if (bytes <= limit.bytes) return [];
  const words = limitWords(limit);
  return [
    {
      severity: limit.source === 'elsewhere' ? 'warning' : 'error',
      path: [],
      code: 'over_request_limit',
      rule: RULE,
      message: `${overRequestLimitWords(bytes, limit)}${words.consequence}`,
    },
  ];
}

const UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, mib: 1024 * 1024 };

/** A size as validate --request-limit takes it: bytes, or a whole number of KiB or MiB ("4MiB"). */
export function parseByteSize(text: string): number | null {
  const match = /^\s*(\d+)\s*(b|kib|mib)?\s*$/i.exec(text);
  if (match === null) return null;
  const bytes = Number(match[1]) * (UNITS[(match[2] ?? '').toLowerCase()] ?? Number.NaN);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}
