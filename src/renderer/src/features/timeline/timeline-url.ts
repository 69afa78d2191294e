import { oneValue, readAddressQuery } from '@shared/address-query';
import { filterFromParams, filterToParams, readRecordIdParam } from '@shared/event-filter-params';
import type { EventFilter } from '@shared/event-filter';

/**
 * The timeline's place in the URL: `#/timeline?<filter parameters>&id=<open record>`. The
 * filter uses the shared spelling (src/shared/event-filter-params.ts), so the same link
 * means the same records in the timeline, the replay view and exports.
 */
export interface TimelineLocation {
  filter: EventFilter;
  /** Parameters that could not be read, in words. */
  problems: string[];
  /** The record open in the detail pane. */
  openId: number | null;
}

/** `query`: the address's query as written, or params made by code. */
export function readTimelineLocation(query: string | URLSearchParams): TimelineLocation {
  const address = readAddressQuery(query);
  const { filter, problems } = filterFromParams(address, ['id']);
  const id = oneValue(address, 'id', problems);
  const read = id === null ? null : readRecordIdParam('id', id);
  if (read?.problem != null) problems.push(read.problem);
  return { filter, problems, openId: read?.id ?? null };
}

export function timelineParams(filter: EventFilter, openId: number | null): URLSearchParams {
  const params = filterToParams(filter);
  if (openId !== null) params.set('id', String(openId));
  return params;
}

/** A hash link, with commas left readable (`ids=1,2,3`, as people write them). */
export function hashLink(view: string, params: URLSearchParams): string {
  const query = params.toString().replace(/%2C/gi, ',');
  return `#/${view}${query === '' ? '' : `?${query}`}`;
}
