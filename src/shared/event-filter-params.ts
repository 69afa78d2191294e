import { allValues, oneValue, readAddressQuery, type AddressQuery } from './address-query';
import { EVENT_KINDS, type BodyVerdict, type EventKind, type TokenVerdict } from './events';
import {
  eventFilterSchema,
  statusFilterSchema,
  verdictFilter,
  type EventFilter,
  type StatusFilter,
} from './event-filter';
import { runNumberOf } from './scenarios/run-number';

/**
 * An event filter as URL query parameters, so a timeline view, a replay selection or an
 * export can be reopened from a link (`#/timeline?kind=webhook&verdict=expired&q=REF-1`).
 * One spelling for everyone: the timeline writes these, the replay and history views read them.
 *
 *   kind=webhook (repeatable)   profile=3           order=<order_id>      event=order_captured
 *   verdict=expired (repeatable; token or body verdict words)             status=4xx|401|none (repeatable)
 *   q=free text                 related=<id>        ids=1,2,3 (repeatable) imported=1|0
 *   run=<scenario run number>   (its steps' records, as `history --run`)
 *   from=<ISO time>             to=<ISO time>
 *
 * Every other key takes one value.
 */
export interface ParsedFilterParams {
  filter: EventFilter;
  /** Parameters that could not be read, in words, so the view can say why they were ignored. */
  problems: string[];
}

const positiveInt = (text: string): number | null => (/^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/**
 * A record's id as an address gives it (the Timeline's `id=12`, a filter's `related=12`, the
 * JWT inspector's `event=12`), or why it is not one, in the words each of them says it with.
 */
export function readRecordIdParam(
  name: string,
  text: string,
): { id: number; problem: null } | { id: null; problem: string } {
  const id = positiveInt(text);
  return id === null
    ? { id: null, problem: `${name} must be a record id, not ${JSON.stringify(text)}.` }
    : { id, problem: null };
}

/** Every key filterFromParams reads, in the order the view's words name them. */
const FILTER_KEYS = [
  'kind',
  'profile',
  'order',
  'event',
  'verdict',
  'status',
  'q',
  'related',
  'ids',
  'imported',
  'run',
  'from',
  'to',
] as const;

/**
 * `query`: the address's query as written (read strictly, see address-query.ts), or as read.
 * `viewKeys`: the keys the calling view reads itself (the timeline's `id`). Any other unknown
 * key is named: a misspelt `odrer=` dropped without a word listed every record, and offered to
 * replay every stored webhook, while the link seemed to choose one order.
 *
 * A key that takes one value and is given twice (`q=abc&q=def`) is named and not applied, as
 * other parts that make no sense are: the view took the first and `history` the last. Keys
 * that take several (kind, verdict, status, ids) add their values up.
 */
export function filterFromParams(
  input: string | URLSearchParams | AddressQuery,
  viewKeys: readonly string[] = [],
): ParsedFilterParams {
  const query =
    typeof input === 'string' || input instanceof URLSearchParams ? readAddressQuery(input) : input;
  const problems: string[] = [...query.problems];
  const known = new Set<string>([...FILTER_KEYS, ...viewKeys]);
  for (const key of query.values.keys())
    if (!known.has(key))
      problems.push(`${JSON.stringify(key)} is not a filter (${FILTER_KEYS.join(', ')}), so it was ignored.`);
  const one = (key: string) => oneValue(query, key, problems);
  const draft: Record<string, unknown> = {};
  const kinds = allValues(query, 'kind');
  const validKinds = kinds.filter((kind): kind is EventKind =>
    (EVENT_KINDS as readonly string[]).includes(kind),
  );
  for (const kind of kinds)
    if (!validKinds.includes(kind as EventKind)) problems.push(`Unknown kind "${kind}".`);
  if (validKinds.length > 0) draft['kinds'] = validKinds;

  const profile = one('profile');
  if (profile !== null) {
    const id = positiveInt(profile);
    if (id === null) problems.push(`profile must be a profile id, not "${profile}".`);
    else draft['profileId'] = id;
  }
  const order = one('order')?.trim();
  if (order) draft['orderId'] = order;
  const event = one('event')?.trim();
  if (event) draft['eventType'] = event;

  const tokenVerdicts: TokenVerdict[] = [];
  const bodyVerdicts: BodyVerdict[] = [];
  for (const word of allValues(query, 'verdict')) {
    const mapped = verdictFilter(word);
    if (mapped === null) problems.push(`Unknown verdict "${word}".`);
    tokenVerdicts.push(...(mapped?.tokenVerdicts ?? []));
    bodyVerdicts.push(...(mapped?.bodyVerdicts ?? []));
  }
  if (tokenVerdicts.length > 0) draft['tokenVerdicts'] = tokenVerdicts;
  if (bodyVerdicts.length > 0) draft['bodyVerdicts'] = bodyVerdicts;

  const statuses: StatusFilter[] = [];
  for (const word of allValues(query, 'status')) {
    const parsed = statusFilterSchema.safeParse(/^\d+$/.test(word) ? Number(word) : word);
    if (parsed.success) statuses.push(parsed.data);
    else problems.push(`status must be a code such as 404 or a class such as 4xx or none, not "${word}".`);
  }
  if (statuses.length > 0) draft['statuses'] = statuses;

  const text = one('q');
  if (text !== null && text.trim() !== '') draft['text'] = text;
  const related = one('related');
  if (related !== null) {
    const read = readRecordIdParam('related', related);
    if (read.id === null) problems.push(read.problem);
    else draft['relatedId'] = read.id;
  }
  // `ids=1,2&ids=3` is `ids=1,2,3`: a list either way.
  const ids = allValues(query, 'ids').filter((list) => list.trim() !== '');
  if (ids.length > 0) {
    const parsed = ids.flatMap((list) => list.split(',')).map((part) => positiveInt(part.trim()));
    if (parsed.some((id) => id === null)) problems.push('ids must be record ids separated by commas.');
    else draft['ids'] = [...new Set(parsed)];
  }
  const imported = one('imported');
  if (imported === '1' || imported === '0') draft['imported'] = imported === '1';
  else if (imported !== null) problems.push('imported must be 1 or 0.');
  const run = one('run');
  if (run !== null) {
    const number = runNumberOf(run);
    if (number === null)
      problems.push(
        `run must be a run number (a whole number, as Earlier runs lists them), not ${JSON.stringify(run)}.`,
      );
    else draft['scenarioRun'] = number;
  }
  for (const bound of ['from', 'to'] as const) {
    const value = one(bound);
    if (value !== null && value !== '') draft[bound] = value;
  }

  // The parts read above are each valid on their own; the schema has the last word (times, limits).
  const checked = eventFilterSchema.safeParse(draft);
  if (checked.success) return { filter: checked.data, problems };
  const rejected = new Set<PropertyKey>();
  for (const issue of checked.error.issues) {
    problems.push(`${issue.path.join('.')}: ${issue.message}`);
    if (issue.path[0] !== undefined) rejected.add(issue.path[0]);
  }
  const retried = eventFilterSchema.safeParse(
    Object.fromEntries(Object.entries(draft).filter(([key]) => !rejected.has(key))),
  );
  return { filter: retried.success ? retried.data : {}, problems };
}

export function filterToParams(filter: EventFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const kind of filter.kinds ?? []) params.append('kind', kind);
  if (filter.profileId !== undefined) params.set('profile', String(filter.profileId));
  if (filter.orderId !== undefined) params.set('order', filter.orderId);
  if (filter.eventType !== undefined) params.set('event', filter.eventType);
  for (const verdict of [...(filter.tokenVerdicts ?? []), ...(filter.bodyVerdicts ?? [])])
    params.append('verdict', verdict);
  for (const status of filter.statuses ?? []) params.append('status', String(status));
  if (filter.text !== undefined && filter.text.trim() !== '') params.set('q', filter.text);
  if (filter.relatedId !== undefined) params.set('related', String(filter.relatedId));
  if (filter.ids !== undefined) params.set('ids', filter.ids.join(','));
  if (filter.imported !== undefined) params.set('imported', filter.imported ? '1' : '0');
  if (filter.scenarioRun !== undefined) params.set('run', String(filter.scenarioRun));
  if (filter.from !== undefined) params.set('from', filter.from);
  if (filter.to !== undefined) params.set('to', filter.to);
  return params;
}
