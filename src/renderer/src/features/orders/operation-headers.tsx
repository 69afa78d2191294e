import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { HeaderList } from '@shared/events';
import { editedHeaderSchema, type EditedHeader } from '@shared/merchant-api';
import { MASK_PREFIX } from '@shared/profile';
import { credentialOf, isCredentialHeader, schemeOf } from '@shared/secrets/redact-secrets';
import { monoInput } from '@ui/mono-input';

/**
 * One header row as edited. `profile` stands for the profile's API token, which stays in main:
 * the row shows it masked and main puts it in when sending; `text` is sent as typed.
 */
export interface HeaderRow {
  key: number;
  name: string;
  mode: 'profile' | 'text';
  /** The scheme the profile's token is sent under (`Bearer`). */
  scheme: string;
  text: string;
}

let nextKey = 1;

const isMasked = (value: string) => value.includes(MASK_PREFIX);

/** The profile's API token as the plan shows it (`••••abcd`), or null when it has none. */
export function profileTokenOfPlan(headers: HeaderList): string | null {
  const masked = headers.find(([name, value]) => isCredentialHeader(name) && isMasked(value));
  return masked === undefined ? null : credentialOf(masked[1]);
}

/** The prepared request's headers as rows: the (masked) Authorization stands for the profile's token. */
export function rowsOfPlan(headers: HeaderList): HeaderRow[] {
  return headers.map(([name, value]) => {
    const profile = isCredentialHeader(name) && isMasked(value);
    return {
      key: nextKey++,
      name,
      mode: profile ? 'profile' : 'text',
      scheme: profile ? (schemeOf(value) ?? '') : 'Bearer',
      text: profile ? '' : value,
    };
  });
}

/** Why a header name cannot be sent (the schema main checks with), or null. */
export function headerNameProblem(name: string): string | null {
  const parsed = editedHeaderSchema.shape.name.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a header name');
}

/** The rows as main sends them: in order, exactly these, nothing added. */
export function editedHeaders(rows: readonly HeaderRow[]): EditedHeader[] {
  return rows.map((row) =>
    row.mode === 'profile'
      ? { name: row.name.trim(), value: { kind: 'profile_token', scheme: row.scheme } }
      : { name: row.name.trim(), value: { kind: 'text', text: row.text } },
  );
}

/**
 * The headers of a follow-up operation, every one editable: rename, change, remove (no
 * Authorization at all), add; Authorization can carry the profile's API token (masked here,
 * put in by main) or any value typed, such as a wrong token, for negative tests.
 */
export function OperationHeaders({
  rows,
  profileToken,
  onChange,
  disabled,
}: {
  rows: readonly HeaderRow[];
  /** The profile's API token masked (`••••abcd`); null when the profile has none. */
  profileToken: string | null;
  onChange: (rows: HeaderRow[]) => void;
  disabled: boolean;
}) {
  const update = (key: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Headers
        </Text>
        <Text size="xs" c="dimmed">
          Sent exactly as listed: remove Authorization or type a wrong token to see the service refuse.
        </Text>
      </Group>
      <Table
        withTableBorder
        fz="xs"
        data-testid="request-headers"
        verticalSpacing={4}
        layout="fixed"
        aria-label="Request headers"
      >
        <colgroup>
          <col style={{ width: 190 }} />
          <col />
          <col style={{ width: 230 }} />
          <col style={{ width: 40 }} />
        </colgroup>
        <Table.Tbody>
          {rows.map((row) => {
            // Authorization can carry the profile's token (masked here) or a value as typed.
            const chooses = row.mode === 'profile' || (isCredentialHeader(row.name) && profileToken !== null);
            return (
              <Table.Tr key={row.key} data-testid="request-header">
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label="Header name"
                    value={row.name}
                    error={headerNameProblem(row.name)}
                    disabled={disabled}
                    onChange={(event) => update(row.key, { name: event.currentTarget.value })}
                    {...monoInput}
                  />
                </Table.Td>
                <Table.Td colSpan={chooses ? 1 : 2}>
                  {row.mode === 'profile' ? (
                    <Text size="xs" ff="monospace" data-testid="profile-token-value">
                      {row.scheme === '' ? '' : `${row.scheme} `}
                      {profileToken ?? MASK_PREFIX}
                    </Text>
                  ) : (
                    <TextInput
                      size="xs"
                      aria-label={`Value of ${row.name}`}
                      value={row.text}
                      disabled={disabled}
                      onChange={(event) => update(row.key, { text: event.currentTarget.value })}
                      {...monoInput}
                    />
                  )}
                </Table.Td>
                {chooses && (
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`What ${row.name} carries`}
                      disabled={disabled}
                      allowDeselect={false}
                      value={row.mode}
                      data={[
                        { value: 'profile', label: "The profile's API token" },
                        { value: 'text', label: 'This value, as typed' },
                      ]}
                      onChange={(value) =>
                        update(row.key, {
                          mode: value === 'profile' ? 'profile' : 'text',
                          text: row.text === '' ? `${row.scheme} ` : row.text,
                        })
                      }
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Tooltip label={`Remove ${row.name}`}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={disabled}
                      aria-label={`Remove header ${row.name}`}
                      onClick={() => onChange(rows.filter((candidate) => candidate.key !== row.key))}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 ? (
        <Text size="xs" c="orange">
          No headers: the request goes with only what HTTP itself adds (Host, Content-Length).
        </Text>
      ) : (
        !rows.some((row) => isCredentialHeader(row.name)) && (
          <Text size="xs" c="orange" data-testid="no-authorization">
            No Authorization: sent without a token, the service should refuse it (401).
          </Text>
        )
      )}
      <Group>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPlus size={12} />}
          disabled={disabled}
          onClick={() =>
            onChange([...rows, { key: nextKey++, name: '', mode: 'text', scheme: 'Bearer', text: '' }])
          }
        >
          Add header
        </Button>
      </Group>
    </Stack>
  );
}
