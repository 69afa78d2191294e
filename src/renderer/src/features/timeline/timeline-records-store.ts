import type { CommandInput, PushEvent } from '@shared/contract';
import { bridge } from '@bridge';

/**
 * The timeline's bridge calls about single records (a detail, its reveal, its related records,
 * its token, its cURL) and its live pushes: the feature's only way to main besides the list
 * (timeline-store.ts). Components keep their own loading and stale-answer guards.
 */
export const timelineRecords = {
  detail: (id: number) => bridge.getEvent({ id }),
  /** A notification record's tokens as the inspector reads them: masked, decoded with their text. */
  tokens: (id: number) => bridge.getEventTokens({ id }),
  reveal: (id: number) => bridge.revealEvent({ id }),
  /** The records that name `id` as theirs (a forward, a replay's arrival, a delivery's webhook). */
  related: (id: number, limit: number) => bridge.listEvents({ filter: { relatedId: id }, limit }),
  /** The free-text search the filter uses, for the command palette. */
  search: (text: string, limit: number) => bridge.listEvents({ filter: { text }, limit }),
  copyToken: (input: CommandInput<'copyEventToken'>) => bridge.copyEventToken(input),
  copyAsCurl: (input: CommandInput<'copyAsCurl'>) => bridge.copyAsCurl(input),
  /** Every push from main (appended and updated records among them); returns the unsubscribe. */
  onPush: (listener: (event: PushEvent) => void) => bridge.subscribe(listener),
};
