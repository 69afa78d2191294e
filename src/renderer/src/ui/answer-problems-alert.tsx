import { Alert, Stack, Text } from '@mantine/core';

/**
 * What is wrong with an answer its status would call a success (src/shared/answer-problems.ts):
 * one alert for the builder's answer, an order operation's answer and the timeline's record.
 */
export function AnswerProblemsAlert({
  status,
  problems,
}: {
  status: number | null;
  problems: readonly string[];
}) {
  if (problems.length === 0) return null;
  return (
    <Alert color="orange" title={`Answered ${status ?? ''}, but…`} data-testid="answer-problems">
      <Stack gap={4}>
        {problems.map((problem) => (
          <Text key={problem} size="sm">
            {problem}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
