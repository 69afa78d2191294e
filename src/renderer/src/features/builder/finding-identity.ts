import type { Finding } from '@shared/checkout';

/*
 * Findings as the builder's views keep them between analyses: the same finding keeps its object
 * and its key, so only what changed renders again.
 */

export const sameFinding = (a: Finding, b: Finding | undefined) =>
  b !== undefined &&
  a.path === b.path &&
  a.code === b.code &&
  a.message === b.message &&
  a.severity === b.severity &&
  a.rule === b.rule;

export const sameFindings = (a: readonly Finding[], b: readonly Finding[]) =>
  a.length === b.length && a.every((finding, index) => sameFinding(finding, b[index]));

/**
 * The new findings, each one that was already there keeping its object: the worker's answer is
 * a fresh copy, and the findings list re-renders only the rows whose object changed.
 */
export function keepIdentities(previous: readonly Finding[], next: readonly Finding[]): Finding[] {
  const before = new Map<string, Finding>();
  for (const finding of previous)
    before.set(`${finding.path}\u0000${finding.code}\u0000${finding.message}`, finding);
  return next.map((finding) => {
    const old = before.get(`${finding.path}\u0000${finding.code}\u0000${finding.message}`);
    return old !== undefined && sameFinding(finding, old) ? old : finding;
  });
}

/**
 * Each finding with a key of its own (path, code and how many of that pair came before): a
 * finding fixed in the middle of the list leaves the rows after it in place instead of
 * re-creating every one of them (keys by position did, on every keystroke that fixed something).
 */
export function keyedFindings(findings: readonly Finding[]): [string, Finding][] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const base = `${finding.path}:${finding.code}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [`${base}:${count}`, finding];
  });
}
