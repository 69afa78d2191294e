import { Group, Stack, Text } from '@mantine/core';
import type { EventTokens, JwtVerification } from '@shared/contract/jwt';
import { NOT_JUDGED, NOT_JUDGED_WHY } from '@shared/raw-request';
import type { RecordJudgement } from '@shared/jwt/record-judgement';
import {
  recordVerdictCaption,
  recordVerdictReason,
  recordVerdictRef,
  TOKEN_PLACE,
  whyCheckNowDiffers,
  whyOwnVerdictDiffers,
} from './record-judgement';
import { RecordProvenance } from './record-provenance';
import { VerdictBadge } from './verdict-badge';

/**
 * The record's verdict, as the listener stored it on arrival (or, imported, as its file gave it),
 * at the top of an inspector opened from a record: the verdict under it is the inspected token's
 * alone, checked now, and a record is judged on both places together, so "valid" stood alone
 * over a record that was `mismatch` everywhere else (Timeline, History, `history`). Where the two
 * differ, it says why.
 */
export function RecordVerdict({
  tokens,
  judgement,
  inspecting,
  checkedNow,
}: {
  tokens: EventTokens;
  judgement: RecordJudgement;
  /** The record's token the verdict below is on, if any. */
  inspecting: 'header' | 'query' | null;
  /** This console's check of that token, shown below, once it is known. */
  checkedNow: JwtVerification | null;
}) {
  if (judgement.state === 'none') return null;
  const check = tokens.checks.find((candidate) => candidate.source === inspecting);
  const differs = check === undefined ? null : whyOwnVerdictDiffers(judgement, check, tokens.checks);
  const differsNow = checkedNow === null ? null : whyCheckNowDiffers(judgement, checkedNow);
  const chip = recordVerdictRef(judgement);
  return (
    <Stack gap={4} data-testid="record-verdict">
      <Text size="xs" c="dimmed" data-testid="record-verdict-caption">
        {recordVerdictCaption(tokens, judgement)}
      </Text>
      {judgement.state === 'unread' ? (
        <Text size="sm" data-testid="record-verdict-reason">
          <Text span fw={600} inherit>
            {NOT_JUDGED}.
          </Text>{' '}
          {NOT_JUDGED_WHY}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {/* With its findings: a plain `valid` here said less than the record's Timeline row. */}
          {chip !== null && <VerdictBadge {...chip} size="md" />}
          <Text size="sm" data-testid="record-verdict-reason">
            {recordVerdictReason(judgement)}
          </Text>
        </Group>
      )}
      {/* A replay's arrival is "valid" as the service's own would be: whose doing it is, said under it. */}
      <RecordProvenance tokens={tokens} />
      {inspecting !== null && (
        <Text size="xs" c="dimmed" data-testid="record-verdict-below">
          Below: the {TOKEN_PLACE[inspecting]} token alone, checked now
          {differs === null ? '.' : `. ${differs}`}
        </Text>
      )}
      {inspecting !== null && differsNow !== null && (
        <Text size="xs" c="orange" data-testid="record-verdict-checked-now">
          {differsNow}
        </Text>
      )}
    </Stack>
  );
}
