import { Alert, Code, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { parseBoundedJson } from '@shared/bounded-json';
import type { BodyView as StoredBody } from '@shared/events';
import classes from '../timeline.module.css';

/** Hex dumps get long fast; this many bytes are shown, with the rest named. */
const HEX_LIMIT = 16 * 1024;

function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `00000000  7b 22 61 22  …  |{"a"…|`, sixteen bytes a line, like `hexdump -C`. */
export function hexDump(bytes: Uint8Array, limit = HEX_LIMIT): string {
  const lines: string[] = [];
  const shown = Math.min(bytes.length, limit);
  for (let offset = 0; offset < shown; offset += 16) {
    const chunk = bytes.subarray(offset, Math.min(offset + 16, shown));
    const hex = Array.from(chunk, (byte) => byte.toString(16).padStart(2, '0'));
    const ascii = Array.from(chunk, (byte) =>
      byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.',
    );
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex.join(' ').padEnd(47)}  |${ascii.join('')}|`);
  }
  return lines.join('\n');
}

/** Pretty JSON within the bounds every reader keeps; anything else is shown raw. */
function prettyJson(text: string): string | null {
  if (text.trim() === '') return null;
  const read = parseBoundedJson(text);
  return read.ok ? JSON.stringify(read.value, null, 2) : null;
}

function formatBytes(size: number): string {
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KiB (${size.toLocaleString()} bytes)`;
  return `${(size / 1024 / 1024).toFixed(2)} MiB (${size.toLocaleString()} bytes)`;
}

function storedBytes(body: StoredBody): number {
  if (body.text !== null) return new TextEncoder().encode(body.text).byteLength;
  const base64 = body.base64 ?? '';
  return (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

type Mode = 'pretty' | 'raw' | 'hex' | 'base64';

/**
 * A stored body: JSON pretty-printed (or raw, exactly as sent), anything that is not UTF-8
 * as a hex dump or base64 with its size, and a warning when only part of it was kept.
 */
export function BodyView({
  body,
  label,
  truncatedNote,
}: {
  body: StoredBody | null;
  label: string;
  truncatedNote?: boolean;
}) {
  const pretty = body?.text == null ? null : prettyJson(body.text);
  const [chosen, setChosen] = useState<Mode | null>(null);
  if (body === null) {
    return (
      <Text size="sm" c="dimmed" data-testid={`${label}-body-none`}>
        No body.
      </Text>
    );
  }
  const binary = body.text === null;
  const modes: Mode[] = binary ? ['hex', 'base64'] : pretty !== null ? ['pretty', 'raw'] : ['raw'];
  const mode = chosen !== null && modes.includes(chosen) ? chosen : (modes[0] ?? 'raw');
  const kept = storedBytes(body);
  const truncated = body.truncated || truncatedNote === true;
  let shown = body.text ?? '';
  if (mode === 'pretty') shown = pretty ?? shown;
  if (mode === 'base64') shown = body.base64 ?? '';
  if (mode === 'hex') shown = hexDump(bytesOf(body.base64 ?? ''));

  return (
    <Stack gap={6} data-testid={`${label}-body`}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" data-testid={`${label}-body-size`}>
          {binary ? 'Binary (not UTF-8), ' : ''}
          {formatBytes(body.size)}
        </Text>
        {modes.length > 1 && (
          <SegmentedControl
            size="xs"
            aria-label={`${label} body view`}
            data={modes.map((value) => ({
              value,
              label: { pretty: 'Pretty', raw: 'Raw', hex: 'Hex', base64: 'Base64' }[value],
            }))}
            value={mode}
            onChange={(value) => setChosen(modes.find((candidate) => candidate === value) ?? null)}
          />
        )}
      </Group>
      {truncated && (
        <Alert color="orange" p="xs" data-testid={`${label}-body-truncated`}>
          Truncated:{' '}
          {body.truncated
            ? `${kept.toLocaleString()} of ${body.size.toLocaleString()} bytes kept.`
            : 'only the first part was kept.'}
        </Alert>
      )}
      {mode === 'hex' && kept > HEX_LIMIT && (
        <Text size="xs" c="dimmed">
          The first {HEX_LIMIT.toLocaleString()} bytes; switch to Base64 for all of them.
        </Text>
      )}
      {shown === '' ? (
        <Text size="sm" c="dimmed">
          Empty body.
        </Text>
      ) : (
        <Code
          block
          className={mode === 'hex' ? `${classes.bodyBlock} ${classes.bodyBlockColumns}` : classes.bodyBlock}
          data-testid={`${label}-body-${mode}`}
        >
          {shown}
        </Code>
      )}
    </Stack>
  );
}
