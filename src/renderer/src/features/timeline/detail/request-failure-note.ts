import { z } from 'zod';
import type { NotSent } from '@shared/record-status';
import {
  networkFailureSchema,
  networkFailureText,
  networkFailureTitle,
  sentUnanswered,
} from '@shared/merchant-api';

/** The note a request record's detail gives its failure: titled once, for every screen. */
export interface RequestFailureNote {
  title: string;
  /** Gray never sent, as a replay's or forward's note (verdict-sections.tsx); orange unanswered. */
  color: 'gray' | 'orange' | 'red';
  text: string;
}

/**
 * A stored failure, whatever its kind: the console closes a record its process left pending as
 * `interrupted` (interrupted-exchanges.ts), a kind the network's list does not hold. Read with
 * that list, it failed the parse of the whole details: no note, and the operation "unknown".
 */
const storedFailureSchema = z.object({ failure: networkFailureSchema.extend({ kind: z.string() }) });

/**
 * The failure note of a request's record, or null when it stored none. `notSent`: the record's
 * reading (record-status.ts), so a request of which nothing left reads as its row does.
 */
export function requestFailureNote(
  details: Readonly<Record<string, unknown>>,
  notSent: NotSent | null,
): RequestFailureNote | null {
  const parsed = storedFailureSchema.safeParse(details);
  if (!parsed.success) return null;
  const { failure } = parsed.data;
  return {
    title: networkFailureTitle(failure),
    color: notSent !== null ? 'gray' : sentUnanswered(failure) ? 'orange' : 'red',
    text: networkFailureText(failure),
  };
}
