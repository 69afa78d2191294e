import { formatCount } from '@shared/count-format';
import { countOf } from '@shared/count-words';
import { eventFilterSchema } from '@shared/event-filter';
import { filterToParams } from '@shared/event-filter-params';

/** Ids named one by one before "and N more". */
const IDS_NAMED = 3;

/**
 * What a selection's edited body was made for, by name (its selection key, replaySelectionKey):
 * `webhook #10`, `webhooks #3 and #9`, `the replay of every stored webhook`. A body offered to
 * another selection without it read as that selection's own: kept, #10's body went out in place
 * of #3's and #9's.
 */
export function bodyMadeForWords(selectionKey: string): string {
  let read: unknown;
  try {
    read = JSON.parse(selectionKey);
  } catch {
    return 'the replay you prepared before';
  }
  const selection = typeof read === 'object' && read !== null ? (read as Record<string, unknown>) : {};
  const ids = Array.isArray(selection['ids']) ? selection['ids'].filter(Number.isInteger) : [];
  if (ids.length === 1) return `webhook #${String(ids[0])}`;
  if (ids.length > 1) {
    const named = ids.slice(0, IDS_NAMED).map((id) => `#${String(id)}`);
    const more = ids.length - named.length;
    return more > 0
      ? `webhooks ${named.join(', ')} and ${formatCount(more)} more`
      : `webhooks ${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`;
  }
  const filter = eventFilterSchema.safeParse(selection['filter'] ?? {});
  if (!filter.success) return 'the replay you prepared before';
  // Every replay by filter is of webhooks: the kind says nothing of which.
  const params = filterToParams({ ...filter.data, kinds: undefined });
  return params.size === 0
    ? 'the replay of every stored webhook'
    : `the replay of the webhooks matching ${decodeURIComponent(params.toString())}`;
}

/**
 * The question asked, beside the body editor, when a selection opens while the editor holds a
 * body edited for another (`madeFor`, bodyMadeForWords): what this replay starts from, and whose
 * body would go out in place of which if it is used here. `webhooks`: how many this replay sends
 * (null: not yet counted).
 */
export function keepEditsWords(
  madeFor: string,
  firstId: number | null,
  webhooks: number | null,
): { text: string; keepLabel: string; dropLabel: string } {
  const startsFrom =
    firstId === null
      ? "This replay is chosen by a filter, so its editor starts empty: left so, each webhook's own stored body goes out."
      : `This replay's editor starts from webhook #${firstId}'s stored body.`;
  const whose =
    webhooks === 1
      ? firstId === null
        ? "the webhook's own"
        : `webhook #${firstId}'s own`
      : webhooks === null
        ? "each webhook's own"
        : `each of the ${countOf(webhooks, 'webhook')}' own`;
  return {
    text: `The body you edited for ${madeFor} is still in the editor. ${startsFrom} Used here, the body edited for ${madeFor} goes out in place of ${whose}.`,
    keepLabel: `Use the body edited for ${madeFor}`,
    dropLabel: firstId === null ? 'Start empty' : `Start from #${firstId}'s body`,
  };
}
