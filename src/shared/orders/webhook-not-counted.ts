import { storedBodyFindings, type BodyFinding } from '../webhook-details';
import { DUPLICATE_KEY_WORDS } from '../webhook/judge-webhook-body';
import type { OrderRecord } from './order-record';

/** Why it is not counted: a finding's code and words (lifecycle-walk's AmountProblem shape). */
export interface NotCountedWhy {
  code: 'refused_by_listener' | 'body_error' | 'duplicate_key';
  message: string;
}

/** A finding's words as the record keeps them, to be followed by more of the sentence. */
const findingWords = (finding: BodyFinding) => finding.message.replace(/\.$/u, '');

/**
 * What a parser keeping the first of a key given twice reads otherwise, for the keys a reader of
 * the notification uses: the spec's payload (order_id, order_reference_id, order_number,
 * event_type, data and all under it) and the older form's order_status. Any other key (a field
 * the spec does not have) is read alike by every parser's order, event and amount: null.
 */
function readOtherwise(path: string): string | null {
  switch (path) {
    case 'order_id':
      return 'another order';
    case 'event_type':
    case 'order_status':
      return 'another event';
    case 'order_reference_id':
    case 'order_number':
      return `another ${path}`;
  }
  if (path === 'data.capture_id') return 'another capture';
  if (path.startsWith('data.captured_amount')) return 'another captured amount';
  if (path === 'data.refund_id') return 'another refund';
  if (path.startsWith('data.refunded_amount')) return 'another refunded amount';
  return path === 'data' || path.startsWith('data.') || path.startsWith('data[') ? 'other data' : null;
}

/**
 * Why a verified notification is still no evidence of the service's, in the words its record
 * keeps, or null when it counts. The body is judged once, by the listener, and the order takes
 * that verdict as it is, so the Timeline, History and Orders say one thing of it:
 * - the listener refused the request (a GET or PUT answered 405): the spec's notification is a
 *   POST, and whoever sent another method was told it was not taken;
 * - its body has error findings (data missing, order_id not a UUID, a currency that is not the
 *   spec's Money): it is not the notification the spec describes, whatever it claims;
 * - a key a reader of it uses is given twice: JSON.parse keeps the last, a merchant's parser
 *   (SQLite's, PHP's) may keep the first and read another order, event or amount, so neither
 *   reading is the service's word. Another key given twice stays the listener's warning.
 */
export function webhookNotCounted(record: OrderRecord): NotCountedWhy | null {
  if (record.error !== null)
    return { code: 'refused_by_listener', message: record.error.replace(/\.$/u, '') };
  // The stored verdict's findings (details.body); records stored before it existed have none.
  const findings = storedBodyFindings(record.details);
  if (findings === null) return null;
  const errors = findings.filter((finding) => finding.severity === 'error');
  if (errors.length > 0)
    return {
      code: 'body_error',
      message: `The listener judged its body with ${errors.length === 1 ? 'an error' : `${errors.length} errors`}: ${errors.map(findingWords).join('; ')}`,
    };
  const twice = findings.filter(
    (finding) => finding.message.endsWith(DUPLICATE_KEY_WORDS) && readOtherwise(finding.path) !== null,
  );
  if (twice.length === 0) return null;
  const otherwise = [...new Set(twice.map((finding) => readOtherwise(finding.path)))];
  // Another order: the record is listed on both and counts for neither (migration 031).
  const outcome = otherwise.includes('another order') ? 'it counts for neither' : 'neither reading counts';
  return {
    code: 'duplicate_key',
    message: `${twice.map(findingWords).join('; ')}; a parser that keeps the first reads ${otherwise.join(' and ')}, so ${outcome}`,
  };
}
