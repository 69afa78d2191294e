// The findings a record's `details` holds, read where the columns are written (event-columns.ts)
// and where an update is applied to a summary (event-views.ts): one reading for both.

/** The number of findings of a notification body's judgement stored in `details.body`, else null. */
export function bodyFindingsOf(details: Record<string, unknown> | undefined): number | null {
  const body = details?.['body'];
  if (typeof body !== 'object' || body === null) return null;
  const findings = (body as { findings?: unknown }).findings;
  return Array.isArray(findings) ? findings.length : null;
}

/**
 * The messages of a webhook token's findings stored in `details.token` (a token in one place
 * only, a claim named twice), else null: not a judged token, or a record from before they were
 * stored. The lists read them, as they read the body's count, so a valid token with findings
 * never draws as a plain green "valid".
 */
export function tokenFindingsOf(details: unknown): string[] | null {
  if (typeof details !== 'object' || details === null) return null;
  const token = (details as { token?: unknown }).token;
  if (typeof token !== 'object' || token === null) return null;
  const findings = (token as { findings?: unknown }).findings;
  if (!Array.isArray(findings)) return null;
  return findings.flatMap((finding: unknown) => {
    const message =
      typeof finding === 'object' && finding !== null ? (finding as { message?: unknown }).message : null;
    return typeof message === 'string' ? [message] : [];
  });
}

/** tokenFindingsOf's messages as the token_findings column holds them: a JSON list, else null. */
export function tokenFindingsText(details: Record<string, unknown> | undefined): string | null {
  const findings = tokenFindingsOf(details);
  return findings === null ? null : JSON.stringify(findings);
}
