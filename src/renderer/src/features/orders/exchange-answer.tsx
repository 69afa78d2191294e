import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { networkFailureText, networkFailureTitle, type ExchangeResult } from '@shared/merchant-api';
import { answerStatusWords } from './answer-status-words';
import { useMemo } from 'react';
import { AnswerProblemsAlert } from '@ui/answer-problems-alert';
import { LongTextBlock, type WholeOfText } from '@ui/long-text-block';
import { badgeColors } from '@ui/readable-colors';

function prettyBody(result: ExchangeResult): string | null {
  if (result.json !== null && result.json !== undefined) return JSON.stringify(result.json, null, 2);
  return result.responseBody === null || result.responseBody === '' ? null : result.responseBody;
}

/** Copy and Save give the answer's body as it came, whatever is drawn of it. */
function wholeAnswer(result: ExchangeResult, shown: string): WholeOfText {
  const received = result.responseBody ?? shown;
  return {
    copyLabel: 'Copy the answer',
    copyText: () => received,
    saveLabel: 'Save the answer',
    save: () => ({
      blob: new Blob([received]),
      fileName: `record-${result.eventId}-answer.${result.json == null ? 'txt' : 'json'}`,
    }),
  };
}

/** The answer to one operation, structured: status, service error and its codes, network failure, body. */
export function ExchangeAnswer({ result }: { result: ExchangeResult }) {
  // Printed once per answer: the panel around it re-renders (a service answer may be 10 MiB).
  const body = useMemo(() => prettyBody(result), [result]);
  const error = result.serviceError;
  const { word, hue } = answerStatusWords(result);
  return (
    <Stack gap="xs" data-testid="operation-answer">
      <Group gap="xs">
        <Badge size="lg" style={badgeColors(hue, 'filled')} data-testid="answer-status">
          {word}
        </Badge>
        <Text size="sm" c="dimmed">
          {Math.round(result.durationMs)} ms
        </Text>
        <Anchor href={`#/timeline?id=${result.eventId}`} size="sm">
          Record #{result.eventId} on the timeline
        </Anchor>
      </Group>
      {result.failure !== null && (
        <Alert color={hue} title={networkFailureTitle(result.failure)} data-testid="answer-failure">
          {networkFailureText(result.failure)}
        </Alert>
      )}
      <AnswerProblemsAlert status={result.status} problems={result.answerProblems} />
      {error !== null && (
        <Alert color="orange" title={error.title ?? 'Service error'} data-testid="answer-service-error">
          <Stack gap={4}>
            {error.message !== null && <Text size="sm">{error.message}</Text>}
            {error.errorCodes.length > 0 && (
              <Group gap={4}>
                <Text size="xs">Error codes:</Text>
                {error.errorCodes.map((code) => (
                  // As the service wrote it (the badge's capitals read INVALID_FIELD where the
                  // body, the record and the CLI say invalid_field).
                  <Badge key={code} variant="outline" color="orange" size="sm" tt="none">
                    {code}
                  </Badge>
                ))}
              </Group>
            )}
            {error.screenType !== null && <Text size="xs">Screen type: {error.screenType}</Text>}
          </Stack>
        </Alert>
      )}
      {body === null ? (
        <Text size="sm" c="dimmed">
          No body.
        </Text>
      ) : (
        <LongTextBlock
          text={body}
          whole={wholeAnswer(result, body)}
          style={{ maxHeight: 260, overflow: 'auto' }}
          testId="answer-body"
        />
      )}
    </Stack>
  );
}
