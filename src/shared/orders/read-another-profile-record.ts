import type { Walk } from './lifecycle-walk';
import { ANOTHER_PROFILE, type LifecycleSource } from './order-lifecycle';
import { operationOf, type OrderRecord } from './order-record';
import { orderProfileBasisWords, type OrderProfile } from './order-profile';
import { callSource } from './read-call-record';
import { stepOfEventType } from './order-states';

const nameOf = (profile: { profileName: string | null; profileId: number | null }) =>
  profile.profileName ?? (profile.profileId === null ? 'unnamed' : `#${profile.profileId}`);

/**
 * A notification verified, or an answer received, under another profile than the order's
 * (order-profile.ts): another merchant account or environment, so not this order's service
 * speaking, however valid its token. Listed, marked with the profile it came under, a finding,
 * and never moving the order, its amounts, reference or dates: an order_authorised verified under
 * Local's token moved an order that was Live's, and `orders show` never named Local.
 */
export function readAnotherProfileRecord(walk: Walk, record: OrderRecord, profile: OrderProfile): void {
  const operation = operationOf(record);
  const what =
    record.kind === 'webhook'
      ? (record.eventType ?? 'webhook')
      : `${operation ?? record.kind} → ${record.status ?? 'no answer'}`;
  const source: LifecycleSource =
    record.kind === 'webhook' ? 'webhook' : operation === null ? 'record' : callSource(operation);
  const message = `${what} came under profile ${nameOf(record)}, but this order is profile ${nameOf(profile)}'s (${orderProfileBasisWords(profile)}): another merchant account or environment, not this order's service`;
  walk.findings.push({ recordId: record.id, severity: 'warning', code: ANOTHER_PROFILE, message });
  walk.add(record, {
    source,
    what,
    step: record.kind === 'webhook' && record.eventType !== null ? stepOfEventType(record.eventType) : null,
    effect: 'other_profile',
    otherProfile: nameOf(record),
    evidence: `${message}; not counted, state unchanged`,
  });
}
