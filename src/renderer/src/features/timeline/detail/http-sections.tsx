import { Code, Stack, Table, Text, Title } from '@mantine/core';
import type { HeaderList, TimelineDetail } from '../../../../../shared/events';
import { StatusText } from '../record-badges';
import classes from '../timeline.module.css';
import { BodyView } from './body-view';

/** Headers as they were sent: order, case and duplicates kept. */
export function HeadersTable({ headers, label }: { headers: HeaderList | null; label: string }) {
  if (headers === null || headers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No headers.
      </Text>
    );
  }
  return (
    <Table withTableBorder withColumnBorders aria-label={`${label} headers`} verticalSpacing={4}>
      <Table.Tbody>
        {headers.map(([name, value], index) => (
          <Table.Tr key={`${index}:${name}`}>
            <Table.Th w="34%" className={classes.mono} style={{ wordBreak: 'break-all' }}>
              {name}
            </Table.Th>
            <Table.Td className={classes.mono} style={{ wordBreak: 'break-all' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function RequestSection({ detail }: { detail: TimelineDetail }) {
  return (
    <Stack gap="sm" data-testid="request-section">
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {detail.kind === 'webhook' ? 'Received' : 'Sent'} {detail.method ?? ''}
          {detail.remoteAddress === null ? '' : ` from ${detail.remoteAddress}`}
        </Text>
        <Code block className={classes.bodyBlock}>
          {detail.url ?? `${detail.path ?? ''}${detail.query === null ? '' : `?${detail.query}`}`}
        </Code>
      </Stack>
      <Title order={6}>Headers</Title>
      <HeadersTable headers={detail.requestHeaders} label="Request" />
      <Title order={6}>Body</Title>
      <BodyView body={detail.requestBody} label="request" />
    </Stack>
  );
}

export function ResponseSection({ detail }: { detail: TimelineDetail }) {
  const responseTruncated = detail.details['responseTruncated'] === true;
  if (detail.status === null && detail.responseHeaders === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="response-section">
        {detail.error === null ? 'No answer yet.' : `No answer: ${detail.error}`}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="response-section">
      <Text size="sm">
        Status <StatusText summary={detail} />
        {detail.durationMs === null ? '' : ` in ${Math.round(detail.durationMs)} ms`}
      </Text>
      <Title order={6}>Headers</Title>
      <HeadersTable headers={detail.responseHeaders} label="Response" />
      <Title order={6}>Body</Title>
      <BodyView body={detail.responseBody} label="response" truncatedNote={responseTruncated} />
    </Stack>
  );
}
