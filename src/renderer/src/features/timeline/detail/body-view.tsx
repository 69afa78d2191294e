import { Alert, Code, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatBytes, utf8ByteLength } from '@shared/byte-size';
import { formatCount } from '@shared/count-format';
import type { BodyView as StoredBody } from '@shared/events';
import { LongTextBlock, type WholeOfText } from '@ui/long-text-block';
import { usePrettyJson } from '@ui/pretty-json/use-pretty-json';
import classes from '../timeline.module.css';

/** Hex dumps get long fast; this many bytes are shown, with the rest named. */
const HEX_LIMIT = 16 * 1024;

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
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

function storedBytes(body: StoredBody): number {
  if (body.text !== null) return utf8ByteLength(body.text);
  const base64 = body.base64 ?? '';
  return (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

type Mode = 'pretty' | 'raw' | 'hex' | 'base64';

/** Copy and Save give the body as it was stored: its text, or its bytes (copied as Base64). */
function wholeBody(body: StoredBody, fileStem: string, json: boolean): WholeOfText {
  const text = body.text;
  return {
    copyLabel: text === null ? 'Copy the body as Base64' : 'Copy the body',
    copyText: () => text ?? body.base64 ?? '',
    saveLabel: 'Save the body',
    save: () =>
      text === null
        ? { blob: new Blob([bytesOf(body.base64 ?? '')]), fileName: `${fileStem}.bin` }
        : { blob: new Blob([text]), fileName: `${fileStem}.${json ? 'json' : 'txt'}` },
  };
}

/**
 * A stored body: JSON pretty-printed (or raw, exactly as sent), anything that is not UTF-8
 * as a hex dump or base64 with its size, and a warning when only part of it was kept.
 */
export function BodyView({
  body,
  label,
  fileStem,
  truncatedNote,
}: {
  body: StoredBody | null;
  label: string;
  /** The name Save gives the body's file, without its extension. */
  fileStem: string;
  truncatedNote?: boolean;
}) {
  // Printed once per body, not on every render (a tab switch re-renders the pane); a large one
  // off the page, shown raw meanwhile.
  const printed = usePrettyJson(body?.text ?? null);
  const printing = printed.state === 'printing';
  const pretty = printed.state === 'printed' ? printed.pretty : null;
  const [chosen, setChosen] = useState<Mode | null>(null);
  if (body === null) {
    return (
      <Text size="sm" c="dimmed" data-testid={`${label}-body-none`}>
        No body.
      </Text>
    );
  }
  const binary = body.text === null;
  const modes: Mode[] = binary
    ? ['hex', 'base64']
    : pretty !== null || printing
      ? ['pretty', 'raw']
      : ['raw'];
  const mode = chosen !== null && modes.includes(chosen) ? chosen : (modes[0] ?? 'raw');
  // A body kept whole is its size; only a cut one is measured (encoding megabytes to count them
  // cost a tenth of a second on every render).
  const kept = body.truncated ? storedBytes(body) : body.size;
  const truncated = body.truncated || truncatedNote === true;
  let shown = body.text ?? '';
  if (mode === 'pretty') shown = pretty ?? shown;
  if (mode === 'base64') shown = body.base64 ?? '';
  // Only the bytes the dump shows are decoded: a binary body may be megabytes.
  if (mode === 'hex') shown = hexDump(bytesOf((body.base64 ?? '').slice(0, Math.ceil(HEX_LIMIT / 3) * 4)));

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
            ? `${formatCount(kept)} of ${formatCount(body.size)} bytes kept.`
            : 'only the first part was kept.'}
        </Alert>
      )}
      {mode === 'hex' && kept > HEX_LIMIT && (
        <Text size="xs" c="dimmed">
          The first {formatCount(HEX_LIMIT)} bytes; switch to Base64 for all of them.
        </Text>
      )}
      {mode === 'pretty' && printing ? (
        <Text size="sm" c="dimmed" data-testid={`${label}-body-printing`}>
          Pretty-printing the JSON… Raw shows it as it came meanwhile.
        </Text>
      ) : shown === '' ? (
        <Text size="sm" c="dimmed">
          Empty body.
        </Text>
      ) : mode === 'hex' ? (
        <Code
          block
          className={`${classes.bodyBlock} ${classes.bodyBlockColumns}`}
          data-testid={`${label}-body-${mode}`}
        >
          {shown}
        </Code>
      ) : (
        <LongTextBlock
          text={shown}
          whole={wholeBody(body, fileStem, pretty !== null || printing)}
          textIs={
            mode === 'pretty' && pretty !== null
              ? 'the laid-out text'
              : mode === 'base64'
                ? 'the Base64 text'
                : undefined
          }
          className={classes.bodyBlock}
          testId={`${label}-body-${mode}`}
        />
      )}
    </Stack>
  );
}
