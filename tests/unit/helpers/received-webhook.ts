import type { ReceivedWebhook } from '../../../src/main/listener/handle-webhook';
import type { TimelineSummary } from '../../../src/shared/events';

/** A webhook as the listener hands it to forwarding: `{}` on `/n`, record `id`, from listener `hopId`. */
export function receivedWebhook(hopId: string, id = 1): ReceivedWebhook {
  const summary: TimelineSummary = {
    id,
    uid: `received-${id}`,
    kind: 'webhook',
    at: new Date(0).toISOString(),
    profileId: null,
    profileName: null,
    method: 'POST',
    path: '/n',
    url: null,
    status: 200,
    durationMs: null,
    orderId: null,
    orderReferenceId: null,
    eventType: null,
    tokenVerdict: null,
    bodyVerdict: null,
    error: null,
    relatedId: null,
    imported: false,
    provenance: 'service',
    bodyFindings: null,
    operation: null,
  };
  return {
    id,
    method: 'POST',
    rawUrl: '/n',
    headers: [['Content-Type', 'application/json']],
    body: Buffer.from('{}'),
    summary,
    via: { port: 1, hopId },
  };
}
