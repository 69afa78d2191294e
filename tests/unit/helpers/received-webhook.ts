import type { ReceivedWebhook } from '../../../src/main/listener/handle-webhook';
import { timelineSummary } from './timeline-summary';

/** A webhook as the listener hands it to forwarding: `{}` on `/n`, record `id`, from listener `hopId`. */
export function receivedWebhook(hopId: string, id = 1): ReceivedWebhook {
  return {
    id,
    method: 'POST',
    rawUrl: '/n',
    headers: [['Content-Type', 'application/json']],
    body: Buffer.from('{}'),
    summary: timelineSummary(id, new Date(0), { path: '/n', tokenVerdict: null, bodyVerdict: null }),
    via: { port: 1, hopId },
  };
}
