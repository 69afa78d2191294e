import { useState } from 'react';
import { statusFilterSchema, type StatusFilter } from '@shared/event-filter';
import { useNavigation } from '@ui/navigation';

/** What the filter bar's Status box offers as you type. */
export const STATUS_SUGGESTIONS = [
  '2xx',
  '3xx',
  '4xx',
  '5xx',
  'none',
  'unanswered',
  '200',
  '400',
  '401',
  '404',
  '413',
  '500',
  '503',
];

function parseStatus(word: string): StatusFilter | null {
  const parsed = statusFilterSchema.safeParse(/^\d+$/.test(word.trim()) ? Number(word.trim()) : word.trim());
  return parsed.success ? parsed.data : null;
}

/** The words in the Status box read: the statuses to apply, and a sentence for those refused. */
export function readStatusWords(words: readonly string[]): {
  applied: StatusFilter[];
  refused: string | null;
} {
  const parsed = words.map((word) => ({ word, status: parseStatus(word) }));
  const bad = parsed.filter((entry) => entry.status === null).map((entry) => entry.word);
  return {
    applied: parsed.flatMap((entry) => (entry.status === null ? [] : [entry.status])),
    refused:
      bad.length === 0
        ? null
        : `"${bad.join('", "')}" is not a status: use a code such as 404 or a class (4xx, none, unanswered).`,
  };
}

interface Refused {
  sentence: string;
  /** The statuses applied beside the refused words, as `statusesKey` writes them. */
  applied: string;
  /** useNavigation's `arrival` when they were typed. */
  arrival: number;
}

const statusesKey = (statuses: readonly StatusFilter[] | undefined) => JSON.stringify(statuses ?? []);

/**
 * The sentence for words the Status box refused, said while it is news: beside the statuses
 * applied when they were typed (`applied`, the filter's now), on the address they were typed
 * on. A later arrival (the navigation's Timeline, a link, Back) or another status filter is not
 * what it was about: kept as plain state, it stayed over a list no status filtered.
 */
export function useRefusedStatusWords(applied: readonly StatusFilter[] | undefined) {
  const arrival = useNavigation((state) => state.arrival);
  const [refused, setRefused] = useState<Refused | null>(null);
  const said =
    refused !== null && refused.arrival === arrival && refused.applied === statusesKey(applied)
      ? refused.sentence
      : null;
  /** `sentence` for the words just refused (null: none were) beside `nowApplied`. */
  const say = (sentence: string | null, nowApplied: readonly StatusFilter[]) =>
    setRefused(sentence === null ? null : { sentence, applied: statusesKey(nowApplied), arrival });
  return { said, say };
}
