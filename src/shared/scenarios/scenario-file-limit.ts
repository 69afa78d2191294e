/**
 * The largest scenario file, in bytes (UTF-8), saved or loaded: one limit, so a file the console
 * saves it can also run. Far above any real scenario (payloads can go in payload files); a larger
 * file is refused before it is parsed, as parsing a huge one can take minutes.
 *
 * A module of its own: the bridge's contract needs only this number, and importing it from
 * scenario-schema.ts put the whole scenario schema (and through it the sample generator and its
 * fake-data library, 458 kB) in the page's start.
 */
export const SCENARIO_FILE_MAX_BYTES = 1024 * 1024;
