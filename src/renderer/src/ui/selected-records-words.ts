import { countOf } from '@shared/count-words';

/**
 * How many records are selected, and how many of them are webhooks, in the one wording the
 * Timeline's selection bar and the Replay view both use. A Timeline row can be two records (a
 * delivery and the webhook it produced) while only the webhook is replayed: the bar said
 * "2 selected" and Replay "1 selected record" for one tick. Where every record is a webhook the
 * count says so; where some are not, both numbers; where the kinds are not known, records alone.
 */
export function selectedRecordsWords(records: number, webhooks: number | null): string {
  if (webhooks === null) return `${countOf(records, 'record')} selected`;
  if (webhooks === records) return `${countOf(records, 'webhook')} selected`;
  return `${countOf(records, 'record')} selected · ${webhooks === 0 ? 'no webhook' : countOf(webhooks, 'webhook')}`;
}
