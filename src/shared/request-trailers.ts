import { headerListSchema, type HeaderList } from './events';

/**
 * A chunked request may end with trailer fields after its last chunk (RFC 9112 §7.1.2). They
 * are header fields that came late, so they are kept as the headers are (raw names, values, in
 * order) but apart from them: a header that arrived before the body is not one that came after.
 * Rare, so they live in the record's details under this key, written only when some arrived:
 * no column, no migration, and nothing stored for the ordinary request.
 */
export const REQUEST_TRAILERS_KEY = 'requestTrailers';

/** `details` with the trailer fields that arrived added; as they were when none did. */
export function withRequestTrailers(
  details: Record<string, unknown> | undefined,
  trailers: HeaderList | null | undefined,
): Record<string, unknown> | undefined {
  if (trailers === null || trailers === undefined || trailers.length === 0) return details;
  return { ...details, [REQUEST_TRAILERS_KEY]: trailers };
}

/**
 * The trailer fields a record's details hold, and the details without them: each reader (the
 * detail, an export) shows them beside the request headers, redacted as those are, never again
 * in the details unmasked. A value that is not a header list stays in the details as stored.
 */
export function requestTrailersOf(details: Record<string, unknown>): {
  trailers: HeaderList | null;
  rest: Record<string, unknown>;
} {
  if (!(REQUEST_TRAILERS_KEY in details)) return { trailers: null, rest: details };
  const read = headerListSchema.safeParse(details[REQUEST_TRAILERS_KEY]);
  if (!read.success) return { trailers: null, rest: details };
  const { [REQUEST_TRAILERS_KEY]: _kept, ...rest } = details;
  return { trailers: read.data, rest };
}
