import { withComputedTotal } from '../src/shared/checkout';
import { generateSample } from '../src/shared/checkout/sample';

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

/**
 * An order notification of about `chars` characters of compact JSON, as a service sends one:
 * the event's fields and, as its data, an order with `largeDocument`'s items.
 */
export function largeNotification(chars: number): string {
  const eventOf = (orderChars: number) =>
    JSON.stringify({
      order_id: '0f4e6a52-2b7e-4c1a-9d55-3c8a8f1e2b10',
      order_reference_id: 'ORD-LARGE-1',
      event_type: 'order_approved',
      data: JSON.parse(largeDocument(orderChars)) as unknown,
    });
  // Compact JSON is shorter than the formatted order it is made of: sized again by that ratio.
  const first = eventOf(chars);
  return eventOf(Math.round((chars * chars) / first.length));
}
