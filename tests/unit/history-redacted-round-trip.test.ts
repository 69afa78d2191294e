import { afterEach, describe, expect, it } from 'vitest';
import { exportedEvent } from '../../src/main/history/export-records';
import { redactedHistoryRecord } from '../../src/main/history/history-record';
import type { NewEvent } from '../../src/main/store/events-repository';
import type { ExportFormat } from '../../src/shared/history-file';
import { defaultProfileFields } from '../../src/shared/profile';
import { openTempConsole } from './helpers/temp-console';

/**
 * The default export replaces every token with REDACTED inside the stored bytes, so a body grows
 * (`serviceToken=abc`) or shrinks (a 300-byte JWT) while its size stayed the one it arrived
 * with: one raw request carrying a short token refused the whole file on import ("request_size
 * is 51 bytes, smaller than the 56 bytes of request_body it gives"), and one with a long token
 * imported as 472 bytes, not truncated, holding 162. A redacted export imports, the size it
 * gives is the size of the body it gives, and the size that arrived is kept as a named fact.
 */
const consoles: { dispose: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const open of consoles.splice(0)) await open.dispose();
});

const LONG_JWT = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${'a'.repeat(300)}.${'s'.repeat(43)}`;
const PROFILE_TOKEN = 'sk_test_profile_token_0123456789';

interface Case {
  name: string;
  event: NewEvent;
  /** The body the export gives, and whether it changed from the stored one. */
  redacted: boolean;
}

const raw = (text: string): NewEvent => ({ kind: 'webhook', requestBody: Buffer.from(text) });
// The token verdict the listener would store: "missing" where neither the query nor a header
// carried one (a token in the body is none), as an import now checks against the record's bytes.
const carriesToken = (event: Partial<NewEvent>) =>
  (event.query ?? '').includes('serviceToken=') ||
  (event.requestHeaders ?? []).some(([name]) => name.toLowerCase() === 'authorization');
const parsed = (event: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  url: 'http://127.0.0.1:4455/notify',
  path: '/notify',
  status: 200,
  tokenVerdict: carriesToken(event) ? 'valid' : 'missing',
  bodyVerdict: 'event',
  requestHeaders: [['Content-Type', 'application/json']],
  requestBody: Buffer.from('{"order_id":"o-1"}'),
  ...event,
});

const CASES: Case[] = [
  {
    name: 'a raw request with a short token',
    event: raw('POST /x?serviceToken=abc HTTP/1.1 junk\r\nHost: x\r\n\r\n'),
    redacted: true,
  },
  {
    name: 'a raw request with a long token',
    event: raw(`POST /x HTTP/1.1 junk\r\nAuthorization: Bearer ${LONG_JWT}\r\n\r\n`),
    redacted: true,
  },
  {
    name: "a parsed request's path",
    event: parsed({
      url: 'http://127.0.0.1:4455/notify?serviceToken=abc',
      path: '/notify',
      query: 'serviceToken=abc',
    }),
    redacted: false,
  },
  {
    name: "a parsed request's header",
    event: parsed({ requestHeaders: [['Authorization', `Bearer ${LONG_JWT}`]] }),
    redacted: false,
  },
  {
    name: "a parsed request's body, short token",
    event: parsed({ requestBody: Buffer.from('{"u":"/x?serviceToken=abc"}') }),
    redacted: true,
  },
  {
    name: "a parsed request's body, long token",
    event: parsed({ requestBody: Buffer.from(`{"note":"${LONG_JWT}"}`) }),
    redacted: true,
  },
  {
    name: "a profile's token echoed in a body",
    event: parsed({ requestBody: Buffer.from(`{"note":"${PROFILE_TOKEN}"}`) }),
    redacted: true,
  },
  {
    name: 'a long token in a body the listener cut short',
    event: parsed({
      requestBody: Buffer.from(`{"note":"${LONG_JWT}","pad":"${'x'.repeat(100)}`),
      requestSize: 5_000,
      requestTruncated: true,
      bodyVerdict: 'too_large',
      status: 413,
    }),
    redacted: true,
  },
];

/** A console holding one record of `event` and a profile whose token is PROFILE_TOKEN. */
async function seeded(event: NewEvent) {
  const open = await openTempConsole();
  consoles.push(open);
  open.core.profiles.create(defaultProfileFields('sandbox', 'Echoed'), {
    apiToken: { action: 'set', value: PROFILE_TOKEN },
    notificationToken: { action: 'keep' },
  });
  open.core.recorder.record(event);
  return open;
}

describe('a redacted export imports back, its sizes true', () => {
  for (const format of ['json', 'ndjson', 'har'] as const satisfies ExportFormat[])
    for (const includeTokens of [false, true])
      it.each(CASES)(
        `${format}${includeTokens ? ' with tokens' : ''}: $name`,
        async ({ event, redacted }) => {
          const source = await seeded(event);
          const [stored] = source.core.eventsQuery.rows({}, 'oldest-first');
          const arrivedSize = stored?.request_size;
          const storedBody = stored?.request_body?.toString('utf8');
          const { text } = source.core.history.exportText({ format, filter: {}, includeTokens });

          const target = await openTempConsole();
          consoles.push(target);
          const imported = await target.core.history.importText(text);
          expect(imported.imported).toBe(1);

          const [row] = target.core.eventsQuery.rows({}, 'oldest-first');
          const body = row?.request_body?.toString('utf8');
          // A profile's token goes even from an export with the tokens; a notification token stays.
          const changed = includeTokens
            ? Buffer.from(event.requestBody ?? []).includes(PROFILE_TOKEN)
            : redacted;
          expect(body === storedBody).toBe(!changed);
          if (changed) expect(body).toContain('REDACTED');
          expect(row?.request_truncated).toBe(stored?.request_truncated);
          const kept = Buffer.byteLength(body ?? '');
          // Whole, its size is the body's own; cut, the size that arrived less what the export took out.
          if (event.requestTruncated === true) {
            expect(row?.request_size).toBe((arrivedSize ?? 0) - Buffer.byteLength(storedBody ?? '') + kept);
            expect(row?.request_size).toBeGreaterThan(kept);
          } else expect(row?.request_size).toBe(kept);
          // The size it arrived with is kept, named, on a record whose body the export changed.
          const details = JSON.parse(row?.details ?? '{}') as Record<string, unknown>;
          expect(details['redacted']).toEqual(changed ? { request: { sizeBefore: arrivedSize } } : undefined);
        },
      );
});

describe('an export written before it said so', () => {
  // Such files gave the size the body arrived with beside the body it redacted.
  const older = (body: string, size: number) =>
    JSON.stringify({
      uid: `older-${size}`,
      kind: 'webhook',
      at: '2026-11-30T15:00:00.000Z',
      request_body: body,
      request_size: size,
    });

  it.each<[string, string, number]>([
    ['grew', 'POST /x?serviceToken=REDACTED HTTP/1.1 junk\r\nHost: x\r\n\r\n', 51],
    ['shrank', 'POST /x HTTP/1.1 junk\r\nAuthorization: Bearer REDACTED\r\n\r\n', 472],
  ])('a whole body that %s by its REDACTED imports with the size it gives', async (_how, body, size) => {
    const target = await openTempConsole();
    consoles.push(target);
    expect((await target.core.history.importText(older(body, size))).imported).toBe(1);
    const [row] = target.core.eventsQuery.rows({}, 'oldest-first');
    expect(row?.request_size).toBe(Buffer.byteLength(body));
    expect(JSON.parse(row?.details ?? '{}')).toEqual({ redacted: { request: { sizeBefore: size } } });
  });

  it('a body smaller than its size says, holding no REDACTED, is refused as before', async () => {
    const target = await openTempConsole();
    consoles.push(target);
    await expect(target.core.history.importText(older('{"n":1}', 3))).rejects.toThrow(
      /request_size is 3 bytes, smaller than the 7 bytes of request_body it gives/,
    );
  });
});

describe('history --json gives what the export gives', () => {
  // Two owners of a record's JSON form: history --json printed body_size 51 beside the 56
  // bytes of its REDACTED body, where the export (above) gives 56.
  it.each(CASES)('$name', async ({ event }) => {
    const source = await seeded(event);
    const [row] = source.core.eventsQuery.rows({}, 'oldest-first');
    if (row === undefined) throw new Error('no record');
    const secrets = [PROFILE_TOKEN];
    const exported = exportedEvent(row, { includeTokens: false, secrets, uidOf: () => null });
    expect(redactedHistoryRecord(row, secrets, null)).toMatchObject({
      body: exported.request_body,
      body_base64: exported.request_body_base64,
      body_size: exported.request_size,
      body_truncated: exported.request_truncated,
    });
  });
});
