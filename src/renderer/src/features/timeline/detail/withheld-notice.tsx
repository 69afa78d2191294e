import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TimelineDetail, WithheldPart } from '@shared/events';

/** Whether `part` of the record was withheld (a secret it may echo cannot be opened here). */
export const isWithheld = (detail: TimelineDetail, part: WithheldPart): boolean =>
  detail.withheld?.parts.includes(part) === true;

/** What a withheld part of a record is, named where it would be shown. */
const PART_WORDS: Record<WithheldPart, string> = {
  query: 'The query',
  requestHeaders: 'The request headers',
  requestBody: 'The request body',
  responseHeaders: 'The response headers',
  responseBody: 'The response body',
};

/** `a`, `a and b`, `a, b and c`. */
const andList = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.slice(-1).join('')}`;

/**
 * Why an action fed from withheld parts (copy as cURL, edit the body to replay it) is not
 * offered: it would work from emptied parts, as though nothing had been stored. Null when
 * none of `parts` (default: any) is withheld.
 */
export function withheldActionReason(detail: TimelineDetail, parts?: readonly WithheldPart[]): string | null {
  const withheld = detail.withheld;
  if (withheld === null) return null;
  const out = withheld.parts.filter((part) => parts === undefined || parts.includes(part));
  if (out.length === 0) return null;
  const named = andList(out.map((part) => PART_WORDS[part].toLowerCase()));
  return `Not offered: ${named} ${out.length === 1 ? 'is' : 'are'} withheld here (${andList(withheld.secrets)} cannot be opened by this process), so this would not be the record as stored.`;
}

/**
 * Where a withheld part would be: "Withheld: why. The way out." Never "No body" or "No
 * headers": a withheld part is not an empty one. `again`: a notice above in the same view
 * said why in full; this one names the secret and points there.
 */
export function WithheldNotice({
  detail,
  part,
  again = false,
}: {
  detail: TimelineDetail;
  part: WithheldPart;
  again?: boolean;
}) {
  const withheld = detail.withheld;
  if (withheld === null || !withheld.parts.includes(part)) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      p="xs"
      icon={<IconLock size={16} />}
      data-testid={`withheld-${part}`}
      aria-label={`${PART_WORDS[part]} is withheld`}
    >
      <Text size="xs">
        <b>Withheld:</b>{' '}
        {again
          ? `as above, ${andList(withheld.secrets)} cannot be opened by this process.`
          : `${withheld.reason}. ${withheld.wayOut}`}
      </Text>
    </Alert>
  );
}
