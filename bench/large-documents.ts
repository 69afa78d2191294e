import { generateSample, withComputedTotal } from '../src/shared/checkout';

/**
 * A general checkout request of about `chars` characters as QA engineers paste them: the
 * sample's items repeated (each with its own reference id and sku), the total recomputed, and
 * every hundredth sku one character over the spec's 128 so there are findings to find.
 * Formatted as the raw editor formats it.
 */
export function largeDocument(chars: number, seed = 7): string {
  const sample = generateSample('general', { seed, country: 'SA', now: new Date('2026-06-01T10:00:00Z') });
  const template = sample.items[0];
  if (template === undefined) throw new Error('The sample has no items');
  const itemOf = (index: number) => ({
    ...template,
    reference_id: `item-${index + 1}`,
    sku: index % 100 === 99 ? 'S'.repeat(129) : `SKU-${String(index + 1).padStart(7, '0')}`,
    name: `${template.name} #${index + 1}`,
  });
  const format = (count: number) =>
    `${JSON.stringify(withComputedTotal({ ...sample, items: Array.from({ length: count }, (_, index) => itemOf(index)) }), null, 2)}\n`;
  // Items are all about the same size: measure one, then size the list to the target.
  const one = format(1).length;
  const perItem = format(2).length - one;
  return format(Math.max(1, Math.round((chars - one) / perItem) + 1));
}
