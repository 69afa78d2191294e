import { Alert, Badge, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { z } from 'zod';
import type { TimelineDetail } from '@shared/events';
import { parseBoundedJson } from '@shared/bounded-json';
import { judgeNamedOrder } from '@shared/orders/request-order-names';
import {
  clientOperationSchema,
  type ClientOperation,
  notificationPlanSchema,
  serviceErrorSchema,
} from '@shared/merchant-api';
import { AnswerProblemsAlert } from '@ui/answer-problems-alert';
import { CLIENT_OPERATION_LABEL } from '@ui/order-format';
import { SEVERITY_COLOR } from '@ui/severity-color';
import { answerLine } from './answer-line';
import { requestFailureNote } from './request-failure-note';

/** What the client stores in a request record's `details` (src/main/merchant-api/merchant-api-client.ts). */
const requestDetailsSchema = z.object({
  operation: clientOperationSchema.optional(),
  form: z.string().optional(),
  sentWithErrors: z.boolean().optional(),
  findings: z.object({ errors: z.number(), warnings: z.number() }).optional(),
  serviceError: serviceErrorSchema.optional(),
  // Read apart (request-failure-note.ts): a kind the network's list does not hold failed this parse whole.
  failure: z.unknown().optional(),
  notification: notificationPlanSchema.optional(),
  rawBody: z.boolean().optional(),
  answerProblems: z.array(z.string()).optional(),
});

const jsonOfView = (body: TimelineDetail['requestBody']): unknown => {
  if (body?.text === null || body?.text === undefined) return null;
  const read = parseBoundedJson(body.text);
  return read.ok ? read.value : null;
};

/**
 * What disagrees about a follow-up call's order (sent from one order's editor, another order in
 * its URL, body or answer), as the Orders view's finding says it, so History's records say it too.
 */
function OrderNamesNote({ detail, operation }: { detail: TimelineDetail; operation: ClientOperation }) {
  if (operation === 'createCheckout' || detail.orderId === null) return null;
  const { finding } = judgeNamedOrder(
    operation,
    {
      path: detail.path,
      details: detail.details,
      requestJson: jsonOfView(detail.requestBody),
      responseJson: jsonOfView(detail.responseBody),
    },
    detail.orderId,
  );
  if (finding === null) return null;
  return (
    <Alert
      color={SEVERITY_COLOR[finding.severity]}
      title={`Filed under order ${detail.orderId} (${finding.code})`}
      data-testid="request-order-finding"
    >
      {finding.message}
    </Alert>
  );
}

/** An outbound request: which operation, whether it was sent with validation errors, and how it ended. */
export function RequestOutcome({ detail }: { detail: TimelineDetail }) {
  const parsed = requestDetailsSchema.safeParse(detail.details);
  const details = parsed.success ? parsed.data : {};
  const ok = detail.status !== null && detail.status >= 200 && detail.status < 300;
  const failure = requestFailureNote(detail.details, detail.notSent);
  return (
    <Stack gap="md" data-testid="request-outcome">
      <Group gap="xs">
        <Title order={6}>Operation</Title>
        <Badge variant="light" tt="none" data-testid="request-operation">
          {details.operation === undefined ? 'unknown' : CLIENT_OPERATION_LABEL[details.operation]}
        </Badge>
        {details.form !== undefined && (
          <Badge variant="outline" color="gray" tt="none">
            {details.form} form
          </Badge>
        )}
        {details.rawBody === true && (
          <Badge variant="outline" color="gray" tt="none">
            raw body
          </Badge>
        )}
        {details.sentWithErrors === true && (
          <Badge color="red" tt="none" data-testid="sent-with-errors">
            sent with errors
          </Badge>
        )}
      </Group>
      {details.operation !== undefined && <OrderNamesNote detail={detail} operation={details.operation} />}
      {details.findings !== undefined && (
        <Text size="sm" c={details.findings.errors > 0 ? 'red' : 'dimmed'}>
          Validation before sending: {details.findings.errors} error{details.findings.errors === 1 ? '' : 's'}
          , {details.findings.warnings} warning{details.findings.warnings === 1 ? '' : 's'}.
        </Text>
      )}
      {details.notification !== undefined && (
        <Text size="sm" c="dimmed">
          Notification URL ({details.notification.path}):{' '}
          {details.notification.url === null ? 'none' : <Code>{details.notification.url}</Code>} —{' '}
          {details.notification.reason}
        </Text>
      )}
      {failure !== null && (
        <Alert color={failure.color} title={failure.title} data-testid="network-failure">
          {failure.text}
        </Alert>
      )}
      {details.serviceError !== undefined && (
        <Stack gap={6} data-testid="service-error">
          <Title order={6}>Service error</Title>
          <Table withTableBorder verticalSpacing={4} aria-label="Service error">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={130}>message</Table.Th>
                <Table.Td>{details.serviceError.message ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>error codes</Table.Th>
                <Table.Td>
                  {details.serviceError.errorCodes.length === 0 ? (
                    '—'
                  ) : (
                    <Group gap={4}>
                      {details.serviceError.errorCodes.map((code) => (
                        <Code key={code}>{code}</Code>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>title</Table.Th>
                <Table.Td>{details.serviceError.title ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>screen type</Table.Th>
                <Table.Td>{details.serviceError.screenType ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {details.serviceError.errors.length > 0 && (
            <List size="xs" spacing={2}>
              {details.serviceError.errors.map((entry, index) => (
                <List.Item key={index}>
                  <Code>{JSON.stringify(entry)}</Code>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      <AnswerProblemsAlert status={detail.status} problems={details.answerProblems ?? []} />
      {failure === null &&
        details.serviceError === undefined &&
        (details.answerProblems ?? []).length === 0 && (
          <Text size="sm" c={ok ? 'green' : 'dimmed'}>
            {answerLine(detail, ok)}
          </Text>
        )}
    </Stack>
  );
}
