import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_IMPORT_MAX_CHARS } from '../../src/shared/contract/history';
import * as transfer from '../../src/shared/contract/transfer';
import { DRAFT_TEXT_MAX } from '../../src/shared/drafts';
import { DEFAULT_LISTENER_SETTINGS, TOO_LARGE_KEPT_BYTES } from '../../src/shared/listener';
import { DEFAULT_TIMEOUT_MS } from '../../src/shared/merchant-api';
import { MAX_EDITED_BODY_BYTES, MAX_REPLAY_SENDS } from '../../src/shared/replay';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../src/shared/emulator';
import {
  EMULATOR_DRAIN_BEYOND_LIMIT_BYTES,
  EMULATOR_DRAIN_IDLE_TIMEOUT_MS,
} from '../../src/main/emulator/emulator-request-entry';
import * as serverLimits from '../../src/main/http/server-limits';
import { MAX_FORWARD_HOPS } from '../../src/main/listener/forward-guard';
import { FORWARD_STORED_RESPONSE_BYTES, FORWARD_TIMEOUT_MS } from '../../src/main/listener/forward-webhook';
import * as listenerLimits from '../../src/main/listener/listener-limits';
import { LISTENER_DRAIN_BEYOND_LIMIT_BYTES } from '../../src/main/listener/read-body';
import { MAX_COUNTED_RESPONSE_BYTES, MAX_RESPONSE_BYTES } from '../../src/main/outbound/http-exchange';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'limits.md'), 'utf8');
const MIB = 1024 * 1024;

/** A value as the page writes it: seconds, KiB/MiB, Mi characters, or a plain count. */
function asWritten(name: string, value: number): string {
  if (name.endsWith('_MS')) return `${value / 1000} s`;
  if (name.endsWith('_CHARS') || name === 'DRAFT_TEXT_MAX')
    return value % MIB === 0 ? `${value / MIB} Mi characters` : `${value} characters`;
  if (name.endsWith('BYTES') || name.endsWith('bodyLimitBytes')) {
    if (value % MIB === 0) return `${value / MIB} MiB`;
    if (value % 1024 === 0) return `${value / 1024} KiB`;
    return `${value} bytes`;
  }
  return String(value);
}

const LIMITS: Record<string, number> = {
  HEADERS_TIMEOUT_MS: serverLimits.HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS: serverLimits.REQUEST_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS: serverLimits.KEEP_ALIVE_TIMEOUT_MS,
  TIMEOUT_CHECK_INTERVAL_MS: serverLimits.TIMEOUT_CHECK_INTERVAL_MS,
  'DEFAULT_LISTENER_SETTINGS.bodyLimitBytes': DEFAULT_LISTENER_SETTINGS.bodyLimitBytes,
  TOO_LARGE_KEPT_BYTES,
  LISTENER_DRAIN_BEYOND_LIMIT_BYTES,
  LISTENER_BODY_IDLE_TIMEOUT_MS: listenerLimits.LISTENER_BODY_IDLE_TIMEOUT_MS,
  LISTENER_BODY_TIMEOUT_MS: listenerLimits.LISTENER_BODY_TIMEOUT_MS,
  LISTENER_MAX_CONNECTIONS: listenerLimits.LISTENER_MAX_CONNECTIONS,
  LISTENER_SLOW_AFTER_MS: listenerLimits.LISTENER_SLOW_AFTER_MS,
  LISTENER_MAX_SLOW_CONNECTIONS: listenerLimits.LISTENER_MAX_SLOW_CONNECTIONS,
  FORWARD_TIMEOUT_MS,
  FORWARD_STORED_RESPONSE_BYTES,
  MAX_FORWARD_HOPS,
  EMULATOR_BODY_LIMIT_BYTES,
  EMULATOR_DRAIN_BEYOND_LIMIT_BYTES,
  EMULATOR_DRAIN_IDLE_TIMEOUT_MS,
  WEBSOCKET_MAX_MESSAGE_BYTES: transfer.WEBSOCKET_MAX_MESSAGE_BYTES,
  DIRECT_CALL_MAX_CHARS: transfer.DIRECT_CALL_MAX_CHARS,
  UPLOAD_PART_MAX_CHARS: transfer.UPLOAD_PART_MAX_CHARS,
  CALL_INPUT_MAX_CHARS: transfer.CALL_INPUT_MAX_CHARS,
  UPLOAD_MAX_CHARS: transfer.UPLOAD_MAX_CHARS,
  MAX_OPEN_UPLOADS: transfer.MAX_OPEN_UPLOADS,
  UPLOAD_IDLE_TIMEOUT_MS: transfer.UPLOAD_IDLE_TIMEOUT_MS,
  HISTORY_IMPORT_MAX_CHARS,
  MAX_RESPONSE_BYTES,
  MAX_COUNTED_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  DRAFT_TEXT_MAX,
  MAX_REPLAY_SENDS,
  MAX_EDITED_BODY_BYTES,
};

describe('docs/limits.md', () => {
  it.each(Object.entries(LIMITS))('names %s with its value (%s)', (name, value) => {
    const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${name}\``));
    expect(row, `no table row names \`${name}\``).toBeDefined();
    const cells = (row ?? '').split('|').map((cell) => cell.trim());
    expect(cells).toContain(asWritten(name, value));
  });

  it('the listener never times a request out before its own header and body limits', () => {
    const { DEFAULT_LISTENER_LIMITS, requestTimeoutFor } = listenerLimits;
    expect(requestTimeoutFor(DEFAULT_LISTENER_LIMITS)).toBeGreaterThan(
      DEFAULT_LISTENER_LIMITS.headersTimeoutMs + DEFAULT_LISTENER_LIMITS.bodyTimeoutMs,
    );
  });
});
