import type { BridgeIssue } from './contract';

/**
 * A draft's save refused because another tab, window or console saved it since it was opened:
 * the one sentence, said by main (the CLI prints it as it is, with the UTC instant) and by the
 * window. Main gives what is stored as data beside it (`draftConflictIssues`), so the window writes
 * only that time in its own zone. It used to rewrite every instant in main's sentence, so a
 * draft named "baseline 2026-11-30T09:00:00Z" had its name rewritten too.
 */
export function draftChangedElsewhereWords(name: string, at: string): string {
  return `Draft "${name}" was changed elsewhere (another tab, window or console) at ${at}, after it was opened here, so nothing was saved. Save yours as a new draft to keep both, or overwrite it.`;
}

/** The stored draft's name and time, as the conflict's issues. */
export function draftConflictIssues(stored: { name: string; updatedAt: string }): BridgeIssue[] {
  return [
    { path: 'name', message: stored.name },
    { path: 'updatedAt', message: stored.updatedAt },
  ];
}

/**
 * The sentence from a conflict's issues, the time written by `writeInstant` (the window's zoned
 * form); null when the issues are not a draft's conflict.
 */
export function draftConflictWords(
  issues: readonly BridgeIssue[],
  writeInstant: (iso: string) => string,
): string | null {
  const name = issues.find((issue) => issue.path === 'name')?.message;
  const updatedAt = issues.find((issue) => issue.path === 'updatedAt')?.message;
  if (name === undefined || updatedAt === undefined) return null;
  return draftChangedElsewhereWords(name, writeInstant(updatedAt));
}
