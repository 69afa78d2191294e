import type { TimelineSummary } from '@shared/events';

/**
 * What a record is, in one name for the list: a request's console operation (`createCheckout`,
 * `authorise`, … as the client recorded it), a notification's event type, or for what has
 * neither, the method and path in full (the cell's tooltip has it when the column is narrow).
 */
export function recordName(
  summary: Pick<TimelineSummary, 'kind' | 'operation' | 'eventType' | 'method' | 'path' | 'bodyVerdict'>,
): { name: string; known: boolean } {
  if (summary.kind === 'request' && summary.operation !== null)
    return { name: summary.operation, known: true };
  if (summary.kind !== 'request' && summary.eventType !== null)
    return { name: summary.eventType, known: true };
  if (summary.kind !== 'request' && summary.bodyVerdict !== null && summary.bodyVerdict !== 'event')
    return { name: `no event type (${summary.bodyVerdict.replace('_', ' ')} body)`, known: false };
  const call = [summary.method, summary.path].filter((part) => part !== null).join(' ');
  return { name: call === '' ? `${summary.kind} without a path` : call, known: false };
}
