import type { HeaderList, TokenVerdict } from '../../shared/events';
import { summariseTokenChecks } from '../../shared/jwt/summarise-token-checks';
import { findNotificationTokens } from '../../shared/webhook/find-notification-tokens';
import { judgeWebhookBody, type BodyJudgement } from '../../shared/webhook/judge-webhook-body';
import type { WebhookDetails } from '../../shared/webhook-details';
import { checkTokenAt } from '../jwt/check-token';
import type { HmacKey } from '../jwt/hmac-key-cache';

/** The notification token the listener verifies with, already imported. */
export interface VerificationKey {
  key: HmacKey | null;
  /** `the notification token of profile "Local"`; used in reasons. */
  label: string;
}

export interface CapturedWebhook {
  query: string | null;
  headers: HeaderList;
  body: Uint8Array;
  truncated: boolean;
  /** Why the body did not arrive whole (the client hung up, the parser gave up), or null. */
  incomplete?: string | null;
  atMs: number;
}

export interface WebhookJudgement {
  tokenVerdict: TokenVerdict;
  /** The tokens found (query, header; one when both are the same), to look the console's own up. */
  tokens: string[];
  body: BodyJudgement;
  details: Pick<WebhookDetails, 'token' | 'body'>;
}

/** Both verdicts of one webhook, from its raw parts. Never throws for any input. */
export async function judgeWebhook(
  webhook: CapturedWebhook,
  verification: VerificationKey,
  clockToleranceSeconds: number,
): Promise<WebhookJudgement> {
  const found = findNotificationTokens(webhook.query, webhook.headers);
  const options = {
    key: verification.key,
    keyLabel: verification.label,
    clockToleranceSeconds,
    atMs: webhook.atMs,
    moment: 'arrival' as const,
  };
  const queryCheck = await checkTokenAt('query', found.query.token, options, found.query.problem);
  // The same token in both places (as the service sends it) is verified once: the verdict
  // depends only on the token, the key and the moment, which are the same.
  const sameToken =
    found.header.token !== null &&
    found.header.token === found.query.token &&
    found.header.problem === null &&
    found.query.problem === null;
  const headerCheck = sameToken
    ? { ...queryCheck, source: 'header' as const }
    : await checkTokenAt('header', found.header.token, options, found.header.problem);
  const checks = [queryCheck, headerCheck];
  const summary = summariseTokenChecks(
    checks,
    { query: found.query.token, header: found.header.token },
    found.findings,
  );
  const body = judgeWebhookBody(webhook.body, webhook.truncated, webhook.headers, webhook.incomplete ?? null);
  const tokens = [found.query.token, found.header.token].filter(
    (token, at, all): token is string => token !== null && all.indexOf(token) === at,
  );
  return {
    tokenVerdict: summary.verdict,
    tokens,
    body,
    details: {
      token: { verdict: summary.verdict, reason: summary.reason, checks, findings: summary.findings },
      body: { verdict: body.verdict, findings: body.findings },
    },
  };
}
