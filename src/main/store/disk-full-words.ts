import { errorWords } from '../../shared/error-words';

/**
 * A write the full disk refused, in the one wording every command says it (docs/data-safety.md),
 * or null for any other failure. The caller adds what was lost and what to do.
 */
export function diskFullWords(error: unknown): string | null {
  if ((error as { code?: unknown } | null)?.code !== 'SQLITE_FULL') return null;
  return `the data directory's disk is full (SQLite: ${errorWords(error)}); the write it was making was not saved`;
}
