import type { TimelineSummary } from '../../../src/shared/events';

/** A webhook's summary as the timeline lists it: valid token, event body; `extra` overrides. */
export function timelineSummary(id: number, at: Date, extra: Partial<TimelineSummary> = {}): TimelineSummary {
  return {
    id,
    uid: `uid-${id}`,
    kind: 'webhook',
    at: at.toISOString(),
    profileId: 1,
    profileName: 'Local',
    method: 'POST',
    path: '/hooks',
    url: null,
    status: 200,
    durationMs: 1,
    orderId: null,
    firstNamedOrderId: null,
    orderReferenceId: null,
    eventType: null,
    tokenVerdict: 'valid',
    bodyVerdict: 'event',
    error: null,
    relatedId: null,
    imported: false,
    provenance: 'service',
    originalProvenance: null,
    bodyFindings: null,
    tokenFindings: null,
    operation: null,
    notSent: null,
    unanswered: false,
    ...extra,
  };
}
