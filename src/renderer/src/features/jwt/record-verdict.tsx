import { Group, Stack, Text } from '@mantine/core';
import type { EventTokens } from '@shared/contract/jwt';
import { TOKEN_VERDICT_MEANING } from '@shared/jwt/token-verdict-meaning';
import { tokenRecordName } from '@shared/jwt/token-record-words';
import { NOT_JUDGED, NOT_JUDGED_WHY } from '@shared/raw-request';
import type { RecordJudgement } from '@shared/jwt/record-judgement';
import { recordVerdictRef, TOKEN_PLACE, whyOwnVerdictDiffers } from './record-judgement';
import { VerdictBadge } from './verdict-badge';

/**
 * The record's verdict, as the listener stored it on arrival, at the top of an inspector opened
 * from a record: the verdict under it is the inspected token's alone, checked now, and a record
 * is judged on both places together, so "valid" stood alone over a record that was `mismatch`
 * everywhere else (Timeline, History, `history`). Where the two differ, it says why.
 */
export function RecordVerdict({
  tokens,
  judgement,
  inspecting,
}: {
  tokens: EventTokens;
  judgement: RecordJudgement;
  /** The record's token the verdict below is on, if any. */
  inspecting: 'header' | 'query' | null;
}) {
  if (judgement.state === 'none') return null;
  const name = tokenRecordName(tokens);
  const check = tokens.checks.find((candidate) => candidate.source === inspecting);
  const differs = check === undefined ? null : whyOwnVerdictDiffers(judgement, check, tokens.checks);
  const chip = recordVerdictRef(judgement);
  return (
    <Stack gap={4} data-testid="record-verdict">
      <Text size="xs" c="dimmed">
        {name.charAt(0).toUpperCase() + name.slice(1)}, as the listener judged it on arrival (both places
        together):
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
            {judgement.reason ?? TOKEN_VERDICT_MEANING[judgement.verdict]}
          </Text>
        </Group>
      )}
      {inspecting !== null && (
        <Text size="xs" c="dimmed" data-testid="record-verdict-below">
          Below: the {TOKEN_PLACE[inspecting]} token alone, checked now
          {differs === null ? '.' : `. ${differs}`}
        </Text>
      )}
    </Stack>
  );
}
