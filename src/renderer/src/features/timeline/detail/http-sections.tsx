import { formatCount } from '@shared/count-format';
import { Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import type { HeaderList, TimelineDetail } from '@shared/events';
import { StatusText } from '../record-badges';
import classes from '../timeline.module.css';
import { noResponseLine } from './answer-line';
import { BodyView } from './body-view';
import { copyRecordToken } from './copy-record-token';
import { isWithheld, withheldActionReason, WithheldNotice } from './withheld-notice';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';

/** A record's detail with its tokens masked or, once asked, revealed. */
interface RevealableDetail {
  detail: TimelineDetail;
  revealed: boolean;
  onReveal: (reveal: boolean) => void;
}

/**
 * Secrets on this record are masked (`••••abcd`) until asked: Reveal shows the notification
 * tokens it carried; Copy puts one on the clipboard without showing it. An outbound request's
 * API token is stored masked: Copy asks main (the desktop app copies it; a browser tab cannot).
 */
export function SecretsToolbar({ detail, revealed, onReveal }: RevealableDetail) {
  if (!detail.secretsMasked && !revealed) return null;
  // What is withheld is not revealed either (main refuses it): said before the click.
  const unrevealable = withheldActionReason(detail);
  return (
    <Group gap="xs" data-testid="secrets-toolbar">
      <Text size="xs" c="dimmed">
        {revealed ? 'Tokens shown.' : 'Tokens are masked.'}
      </Text>
      {detail.kind !== 'request' && (
        <UnavailableWithReason reason={unrevealable}>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={revealed ? <IconEyeOff size={12} /> : <IconEye size={12} />}
            onClick={() => {
              if (unrevealable === null) onReveal(!revealed);
            }}
            {...blockedButton(unrevealable)}
          >
            {revealed ? 'Hide the tokens' : 'Reveal the tokens'}
          </Button>
        </UnavailableWithReason>
      )}
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconCopy size={12} />}
        onClick={() => void copyRecordToken(detail.id)}
      >
        Copy the token
      </Button>
    </Group>
  );
}

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
            {/* Names break at their hyphens (X-Emulator-Checkout-Form), mid-word only if one part
                cannot fit; values (tokens, URLs) break anywhere. */}
            <Table.Th w="34%" className={classes.mono} style={{ overflowWrap: 'break-word' }}>
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

export function RequestSection({ detail, revealed, onReveal }: RevealableDetail) {
  return (
    <Stack gap="sm" data-testid="request-section">
      <SecretsToolbar detail={detail} revealed={revealed} onReveal={onReveal} />
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {detail.kind === 'webhook' ? 'Received' : 'Sent'} {detail.method ?? ''}
          {detail.remoteAddress === null ? '' : ` from ${detail.remoteAddress}`}
        </Text>
        <Code block className={classes.bodyBlock}>
          {detail.url ?? `${detail.path ?? ''}${detail.query === null ? '' : `?${detail.query}`}`}
        </Code>
        <WithheldNotice detail={detail} part="query" />
      </Stack>
      <Title order={6}>Headers</Title>
      {isWithheld(detail, 'requestHeaders') ? (
        <WithheldNotice detail={detail} part="requestHeaders" again={isWithheld(detail, 'query')} />
      ) : (
        <HeadersTable headers={detail.requestHeaders} label="Request" />
      )}
      <Title order={6}>Body</Title>
      {isWithheld(detail, 'requestBody') ? (
        <WithheldNotice
          detail={detail}
          part="requestBody"
          again={isWithheld(detail, 'query') || isWithheld(detail, 'requestHeaders')}
        />
      ) : (
        <BodyView body={detail.requestBody} label="request" fileStem={`record-${detail.id}-request-body`} />
      )}
      {/* Only a chunked request that ended with trailer fields has any: absent, nothing is said. */}
      {detail.requestTrailers !== undefined && (
        <>
          <Title order={6}>Trailers</Title>
          <Text size="xs" c="dimmed">
            Header fields sent after the chunked body, as they arrived.
          </Text>
          {isWithheld(detail, 'requestHeaders') ? (
            <WithheldNotice detail={detail} part="requestHeaders" again />
          ) : (
            <HeadersTable headers={detail.requestTrailers} label="Request trailer" />
          )}
        </>
      )}
    </Stack>
  );
}

export function ResponseSection({ detail }: { detail: TimelineDetail }) {
  const responseTruncated = detail.details['responseTruncated'] === true;
  if (detail.status === null && detail.responseHeaders === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="response-section">
        {noResponseLine(detail)}
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
      {isWithheld(detail, 'responseHeaders') ? (
        <WithheldNotice detail={detail} part="responseHeaders" />
      ) : (
        <HeadersTable headers={detail.responseHeaders} label="Response" />
      )}
      <Title order={6}>Body</Title>
      {isWithheld(detail, 'responseBody') ? (
        <WithheldNotice detail={detail} part="responseBody" again={isWithheld(detail, 'responseHeaders')} />
      ) : (
        <BodyView
          body={detail.responseBody}
          label="response"
          fileStem={`record-${detail.id}-response-body`}
          truncatedNote={responseTruncated}
        />
      )}
      {/* The body's size is what was counted; the answer went on past it (details.responseSizeAtLeast). */}
      {detail.details['responseSizeAtLeast'] === true && (
        <Text size="xs" c="dimmed" data-testid="response-size-at-least">
          The console stopped reading the answer before its end: at least{' '}
          {formatCount(detail.responseBody?.size ?? 0)} bytes arrived.
        </Text>
      )}
    </Stack>
  );
}
