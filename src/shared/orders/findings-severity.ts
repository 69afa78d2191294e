import { z } from 'zod';
import { countOf } from '../count-words';

export const severitySchema = z.enum(['error', 'warning']);
export type Severity = z.infer<typeof severitySchema>;

/**
 * The worst of a set of findings: an error when any is one, null when there are none. The Orders
 * view's findings box and the list's badge (which has only the summary's count) must be told by
 * the same finding, so the summary keeps this (migration 048) and the hue is taken from it.
 */
export function worstSeverity(findings: readonly { severity: Severity }[]): Severity | null {
  if (findings.length === 0) return null;
  return findings.some((finding) => finding.severity === 'error') ? 'error' : 'warning';
}

/**
 * The list's badge: "1 warning" when no finding is an error (its hue then a warning's), else
 * "2 findings", as the order's findings box heads them.
 */
export const findingsBadgeWords = (count: number, worst: Severity | null): string =>
  worst === 'warning' ? countOf(count, 'warning') : countOf(count, 'finding');

/**
 * The findings' count with what the worst of them is, where no hue says it (the badge's title,
 * `orders`' ORDER FINDINGS): "1 finding, a warning", "3 findings, an error among them".
 */
export function findingsSeverityWords(count: number, worst: Severity | null): string {
  if (count === 0) return countOf(0, 'finding');
  const counted = countOf(count, 'finding');
  if (worst === 'warning') return `${counted}, ${count === 1 ? 'a warning' : 'warnings only'}`;
  return `${counted}, ${count === 1 ? 'an error' : 'an error among them'}`;
}
