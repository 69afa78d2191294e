import { Alert, Anchor, Badge, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReplayProgress } from '@shared/replay';
import {
  replayCountParts,
  replayDoneWords,
  replaySentWords,
  type ReplayCountPart,
} from '@shared/replay-count-words';
import { statusWords } from '@features/timeline';
import { cancelReplay } from './replay-store';

/** Each count's test id, and its causes' (the CLI prints the same under the count's word). */
const COUNT_TEST_IDS: Record<ReplayCountPart['kind'], { count: string; causes: string }> = {
  failed: { count: 'replay-failures', causes: 'replay-causes' },
  unanswered: { count: 'replay-unanswered', causes: 'replay-unanswered-causes' },
  not_sent: { count: 'replay-not-sent', causes: 'replay-not-sent-causes' },
};

/** A run as it goes: count, rate, failures, the records it wrote; cancellable until it ends. */
export function ReplayProgressPanel({ progress }: { progress: ReplayProgress }) {
  const percent = (progress.done / Math.max(progress.total, 1)) * 100;
  const state =
    progress.error !== null
      ? 'failed'
      : progress.cancelled
        ? 'cancelled'
        : progress.finished
          ? 'done'
          : 'running';
  return (
    <Stack gap="xs" data-testid="replay-progress" data-state={state}>
      <Group justify="space-between">
        <Group gap="xs">
          <Badge
            color={
              state === 'running'
                ? 'blue'
                : state === 'done' &&
                    progress.failures === 0 &&
                    progress.unanswered === 0 &&
                    progress.notSent === 0
                  ? 'teal'
                  : 'orange'
            }
          >
            {state}
          </Badge>
          {/* What went, beside the counts of what did not: "1 of 1 done" (and before it "1 / 1
              sent") read the same for a run whose one send was refused before it left. How far
              the run got is the bar's, and said on hover. One line, its parts parted by dots:
              they ran together ("0 of 1 sent83.3/s1 not sent"). */}
          <Text size="sm" component="div">
            {withDots([
              <span key="sent" data-testid="replay-count" title={replayDoneWords(progress)}>
                {replaySentWords(progress)}
              </span>,
              // A rate of sends where none went said a speed of nothing (it counts refusals).
              ...(progress.sent > 0
                ? [
                    <Text key="rate" span inherit c="dimmed">
                      {progress.rate.toFixed(1)}/s
                    </Text>,
                  ]
                : []),
              ...replayCountParts(progress).map((part) => (
                // In the hue the run's records read on the Timeline (statusWords: red failed,
                // orange unanswered, grey not sent), so a cancel after sending is not a red
                // failure here; in bold when some are, so the outcome is not the line's faintest.
                <Text
                  key={part.kind}
                  span
                  inherit
                  c={part.count > 0 ? countColor(part.kind) : 'dimmed'}
                  fw={part.count > 0 ? 600 : undefined}
                  data-testid={COUNT_TEST_IDS[part.kind].count}
                >
                  {part.count} {part.word}
                </Text>
              )),
            ])}
          </Text>
        </Group>
        {!progress.finished && (
          <Button size="xs" color="red" variant="light" onClick={() => void cancelReplay(progress.runId)}>
            Cancel
          </Button>
        )}
      </Group>
      <Progress value={percent} animated={!progress.finished} aria-label="Replay progress" />
      {progress.error !== null && <Alert color="red">{progress.error}</Alert>}
      {progress.causes.length > 0 && (
        // Why sends failed, in the words of their records (and of the CLI's `failed:` lines).
        <List
          size="sm"
          c={countColor('failed')}
          data-testid={COUNT_TEST_IDS.failed.causes}
          aria-label="Why sends failed"
        >
          {progress.causes.map((cause) => (
            <List.Item key={cause}>{cause}</List.Item>
          ))}
        </List>
      )}
      {progress.unansweredCauses.length > 0 && (
        <List
          size="sm"
          c={countColor('unanswered')}
          data-testid={COUNT_TEST_IDS.unanswered.causes}
          aria-label="Why sends went unanswered"
        >
          {progress.unansweredCauses.map((cause) => (
            <List.Item key={cause}>{cause}</List.Item>
          ))}
        </List>
      )}
      {progress.notSentCauses.length > 0 && (
        // Refused or cancelled before anything left: each record's own line ("Not sent: …"), in
        // the text's colour, as readable as the others (a dimmed list was easy to miss).
        <List size="sm" data-testid={COUNT_TEST_IDS.not_sent.causes} aria-label="Why sends were not sent">
          {progress.notSentCauses.map((cause) => (
            <List.Item key={cause}>{cause}</List.Item>
          ))}
        </List>
      )}
      {progress.lastRecordIds.length > 0 && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Latest records:
          </Text>
          {progress.lastRecordIds.slice(-8).map((id) => (
            <Anchor key={id} size="xs" href={`#/timeline?id=${id}`} data-testid="replay-record-link">
              #{id}
            </Anchor>
          ))}
          <Anchor size="xs" href={`#/timeline?kind=replay`}>
            all replays on the timeline
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/** The colour a record of this outcome has on the Timeline (record-status-words.ts). */
function countColor(kind: ReplayCountPart['kind']): string {
  if (kind === 'not_sent') return statusWords({ status: null, error: null, notSent: 'unsent' }).color;
  return statusWords({ status: null, error: '', unanswered: kind === 'unanswered' }).color;
}

/** The parts of one line, parted by a dimmed ` · `. */
function withDots(parts: readonly ReactNode[]): ReactNode[] {
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <Text key={`dot-${index}`} span inherit c="dimmed">
            {' · '}
          </Text>,
          part,
        ],
  );
}
