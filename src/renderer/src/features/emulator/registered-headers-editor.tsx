import {
  ActionIcon,
  Box,
  Button,
  Group,
  Input,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { formatJsonPath } from '@shared/json-path';
import {
  WEBHOOK_HEADER_LIMITS,
  webhookHeaderEditsSchema,
  type WebhookHeaderEdit,
  type WebhookHeaderView,
} from '@shared/registered-webhook-headers';

/** One header as edited: a stored one (its value masked, kept unless replaced) or a new one. */
export interface HeaderRow {
  id: number;
  name: string;
  /** The stored value, masked; null for a header added here. */
  stored: string | null;
  value: WebhookHeaderEdit['value'];
}

let nextRowId = 0;
export const rowsOf = (headers: readonly WebhookHeaderView[]): HeaderRow[] =>
  headers.map((header) => ({
    id: nextRowId++,
    name: header.name,
    stored: header.value.masked ?? '••••',
    value: { action: 'keep' },
  }));

export const editsOf = (rows: readonly HeaderRow[]): WebhookHeaderEdit[] =>
  rows.map((row) => ({ name: row.name, value: row.value }));

/** Whether the rows say anything other than the stored list (a value set, a header added or removed). */
export const headersChanged = (rows: readonly HeaderRow[], stored: readonly WebhookHeaderView[]) =>
  rows.length !== stored.length ||
  rows.some((row, index) => row.value.action === 'set' || row.name !== stored[index]?.name);

/** Main's checks of the rows, by field path (`[1].name`): what Save would be refused for. */
export function headerIssues(rows: readonly HeaderRow[]): Map<string, string> {
  const issues = new Map<string, string>();
  const checked = webhookHeaderEditsSchema.safeParse(editsOf(rows));
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const path = formatJsonPath(issue.path);
      if (!issues.has(path)) issues.set(path, issue.message);
    }
  return issues;
}

/**
 * The registered webhook's headers (the portal's "Headers"). A stored value is never shown, only
 * masked (`••••abcd`), as a profile's token: it can be replaced or removed, and a typed value
 * goes to main once, on save. The checks are main's schema, shown on the field they are about.
 */
export function RegisteredHeadersEditor({
  stored,
  rows,
  onChange,
  showEmpty = false,
  urlRegistered = true,
}: {
  stored: readonly WebhookHeaderView[];
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  /** After a Save that these rows stopped: an empty field is an error too. */
  showEmpty?: boolean;
  /** Whether a webhook URL is registered (as typed): without one the headers go nowhere. */
  urlRegistered?: boolean;
}) {
  const issues = headerIssues(rows);
  // An empty field a person has not typed into yet is not an error yet (until Save is pressed).
  const errorAt = (path: string, text: string) => (text === '' && !showEmpty ? undefined : issues.get(path));
  const update = (id: number, change: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const full = rows.length >= WEBHOOK_HEADER_LIMITS.count;
  return (
    <Input.Wrapper
      size="xs"
      label="Its headers"
      description={`Optional, if the URL needs any: sent with every notification to the registered URL, never to a checkout's own URL. Values are secrets: stored encrypted, shown masked. At most ${WEBHOOK_HEADER_LIMITS.count}; none by default.`}
      data-testid="registered-webhook-headers"
    >
      <Stack gap={6} mt={6}>
        {rows.map((row, index) => (
          <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
            {row.stored === null ? (
              <TextInput
                size="xs"
                aria-label={`Header ${index + 1} name`}
                placeholder="X-Api-Key"
                value={row.name}
                onChange={(event) => update(row.id, { name: event.currentTarget.value })}
                error={errorAt(`[${index}].name`, row.name)}
                w={200}
              />
            ) : (
              <Text size="xs" ff="monospace" w={200} pt={6} truncate="end" title={row.name}>
                {row.name}
              </Text>
            )}
            {row.value.action === 'set' ? (
              <PasswordInput
                size="xs"
                aria-label={`${row.name || `Header ${index + 1}`} value`}
                placeholder={row.stored === null ? 'value' : 'new value'}
                value={row.value.value}
                onChange={(event) =>
                  update(row.id, { value: { action: 'set', value: event.currentTarget.value } })
                }
                error={errorAt(`[${index}].value.value`, row.value.value)}
                autoComplete="off"
                w={260}
              />
            ) : (
              <Group gap="xs" w={260} wrap="nowrap">
                <Text size="xs" ff="monospace" aria-label={`${row.name} value (masked)`} pt={4}>
                  {row.stored}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => update(row.id, { value: { action: 'set', value: '' } })}
                >
                  Replace value
                </Button>
              </Group>
            )}
            {/* One column for it in every row, so the remove buttons line up. */}
            <Box w={92} pt={4}>
              {row.stored !== null && row.value.action === 'set' && (
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => update(row.id, { value: { action: 'keep' } })}
                >
                  Keep stored
                </Button>
              )}
            </Box>
            <Tooltip label="Remove this header">
              <ActionIcon
                size="md"
                variant="subtle"
                color="red"
                aria-label={`Remove header ${row.name || index + 1}`}
                onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
              >
                ×
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {!urlRegistered && rows.length > 0 && (
          <Text size="xs" c="orange" data-testid="headers-without-url">
            No webhook URL is registered above: these headers are kept, and go with no notification until one
            is.
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="light"
            disabled={full}
            onClick={() =>
              onChange([
                ...rows,
                { id: nextRowId++, name: '', stored: null, value: { action: 'set', value: '' } },
              ])
            }
          >
            Add header
          </Button>
          <Text size="xs" c="dimmed">
            {rows.length === 0 && stored.length === 0
              ? 'None registered'
              : `${rows.length} of ${WEBHOOK_HEADER_LIMITS.count}`}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
