import type { ExportedEvent } from '../../shared/history-file';
import { findNotificationTokens } from '../../shared/webhook/find-notification-tokens';
import { judgeWebhookBody } from '../../shared/webhook/judge-webhook-body';

/** Thrown as the import's own error (import-file.ts wraps it), naming the record and field. */
export type Refuse = (message: string) => never;

const INCOMPLETE = /^The body did not arrive whole \((.*)\); the \d+ bytes? that arrived are kept/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why the listener judged a body it had not received whole, from the finding it wrote then: the
 * bytes alone cannot say it (what arrived may read as JSON), and judged without it such a body
 * would become a notification it never was.
 */
function incompleteOf(body: unknown): string | null {
  if (!isObject(body) || !Array.isArray(body['findings'])) return null;
  for (const finding of body['findings']) {
    const match =
      isObject(finding) && typeof finding['message'] === 'string'
        ? INCOMPLETE.exec(finding['message'])
        : null;
    if (match?.[1] !== undefined) return match[1];
  }
  return null;
}

function bodyBytes(record: ExportedEvent): Uint8Array | null {
  if (record.request_body !== null) return new TextEncoder().encode(record.request_body);
  return record.request_body_base64 === null
    ? null
    : new Uint8Array(Buffer.from(record.request_body_base64, 'base64'));
}

/**
 * The token verdict a file gives must agree with what the record's own bytes show: an imported
 * token cannot be verified again (the secret it was signed with is another console's, or gone),
 * but whether a token came at all is in the record, and the detail says its stored reasons.
 */
function checkTokenVerdict(record: ExportedEvent, where: string, refuse: Refuse): void {
  const said = record.token_verdict;
  if (said === null) return;
  const found = findNotificationTokens(record.query, record.request_headers);
  const places = [
    found.query.token !== null || found.query.problem !== null ? 'the ?serviceToken= query parameter' : null,
    found.header.token !== null || found.header.problem !== null ? 'the Authorization header' : null,
  ].filter((place) => place !== null);
  if (places.length === 0 && said !== 'missing')
    refuse(
      `${where}: token_verdict is "${said}", but the record carried no token (neither ?serviceToken= nor Authorization: Bearer), so its verdict is "missing". An imported token cannot be judged again without the secret it was signed with, so its verdict must agree with what its own bytes show.`,
    );
  if (places.length > 0 && said === 'missing')
    refuse(
      `${where}: token_verdict is "${said}", but the record carried a token (in ${places.join(' and ')}).`,
    );
  const token = record.details['token'];
  const detailed = isObject(token) ? token['verdict'] : undefined;
  if (typeof detailed === 'string' && detailed !== said)
    refuse(
      `${where}: token_verdict is "${said}", but its details.token.verdict is "${detailed}"; a record has one token verdict.`,
    );
}

/**
 * A webhook's verdicts as its own bytes give them, never on the file's word: the body is judged
 * again by the listener's judge (judgeWebhookBody), and its verdict, findings and what it names
 * are stored from that one judgement, so the lists, the filters and the detail read the same.
 * Other kinds keep theirs: no listener judged their bodies on arrival.
 */
export function withOwnVerdicts(record: ExportedEvent, where: string, refuse: Refuse): ExportedEvent {
  if (record.kind !== 'webhook') return record;
  checkTokenVerdict(record, where, refuse);
  if (record.body_verdict === null) return record;
  const judged = judgeWebhookBody(
    bodyBytes(record),
    record.request_truncated,
    record.request_headers,
    incompleteOf(record.details['body']),
  );
  return {
    ...record,
    body_verdict: judged.verdict,
    order_id: judged.orderId,
    order_reference_id: judged.orderReferenceId,
    event_type: judged.eventType,
    details: { ...record.details, body: { verdict: judged.verdict, findings: judged.findings } },
  };
}
