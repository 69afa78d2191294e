import { formatJsonPath } from '../json-path';
import { describeValue, ownValue, type RawFinding } from './findings';

const UNIQUE_ITEM_REFERENCE_RULE =
  "Item: reference_id — Merchant's unique item id (how the service takes one given twice is not shown)";

/**
 * Two items of one order with the same reference_id. The spec calls it the merchant's unique
 * item id but does not show what the service does with one given twice, so it is a warning, on
 * each later item, naming the first that has it. Blank ids are left to the blank-text rule.
 */
export function checkUniqueItemReferences(payload: unknown): RawFinding[] {
  const items = ownValue(payload, 'items');
  if (!Array.isArray(items)) return [];
  const firstWith = new Map<string, number>();
  const findings: RawFinding[] = [];
  items.forEach((item: unknown, index) => {
    const reference = ownValue(item, 'reference_id');
    if (typeof reference !== 'string' || reference.trim() === '') return;
    const first = firstWith.get(reference);
    if (first === undefined) {
      firstWith.set(reference, index);
      return;
    }
    const path = ['items', index, 'reference_id'];
    findings.push({
      severity: 'warning',
      path,
      code: 'duplicate_reference_id',
      rule: UNIQUE_ITEM_REFERENCE_RULE,
      message:
        `${formatJsonPath(path)} is ${describeValue(reference)}, as ${formatJsonPath(['items', first, 'reference_id'])} is: ` +
        "the spec calls reference_id the merchant's unique item id, and how the service takes one given twice is not shown. " +
        'Give each item its own.',
    });
  });
  return findings;
}
