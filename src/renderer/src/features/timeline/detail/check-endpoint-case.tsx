import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TimelineDetail } from '@shared/events';
import { checkEndpointCaseOf } from '@shared/check-endpoint-case';

/**
 * The check-endpoint case a battery request was sent for, as it was stored with it: the case
 * id, why the battery sends it and the answer it expects, beside the endpoint's answer
 * (docs/check-endpoint.md, "On the timeline"). Nothing for any other record.
 */
export function CheckEndpointCase({ detail }: { detail: TimelineDetail }) {
  const found = checkEndpointCaseOf(detail.details);
  if (found === null) return null;
  return (
    <Stack gap={6} data-testid="check-endpoint-case">
      <Group gap="xs">
        <Title order={6}>Check-endpoint case</Title>
        <Text size="sm" ff="monospace" data-testid="check-endpoint-case-id">
          {found.case}
        </Text>
      </Group>
      <Text size="sm">{found.why}</Text>
      <Group gap="xs">
        <Text size="sm">Expected</Text>
        <Badge size="sm" variant="outline" color="gray" tt="none" data-testid="check-endpoint-expected">
          {found.expected}
        </Badge>
      </Group>
    </Stack>
  );
}
