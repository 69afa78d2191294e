/**
 * Where a document counts as large: above it the builder says so (findings take a moment,
 * items are shown as you scroll, the working copy is saved less often), the raw editor shows
 * plain text (no JSON language: highlighting and folding off, raw-editor-language.ts) and a
 * working copy of that size left from last time is offered rather than opened. 1 MiB: a
 * megabyte still types, highlights and validates without a pause worth mentioning
 * (bench/README.md); five do not.
 */
export const LARGE_DOCUMENT_CHARS = 1024 * 1024;

/** The limit as the notices say it. */
export const LARGE_DOCUMENT_LABEL = '1 MiB';

export const isLargeDocument = (length: number): boolean => length > LARGE_DOCUMENT_CHARS;

/** "820 KB", "5.2 MB": sizes as people read them (decimal units, as file managers show them). */
export function formatSize(chars: number): string {
  if (chars < 1000) return `${chars} characters`;
  if (chars < 1_000_000) return `${Math.round(chars / 1000)} KB`;
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}
