import { Ajv } from 'ajv';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { openTempConsole } from './helpers/temp-console';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function withWebhooks(count: number): Promise<{ open: ListeningConsole; token: string }> {
  const open = await openListeningConsole();
  cleanups.push(() => open.dispose());
  const now = Math.floor(Date.now() / 1000);
  const token = await signWith(open.secret, { iat: now, exp: now + 900 });
  for (let i = 0; i < count; i++)
    await fetch(`${open.origin}/hooks?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body:
        i === 1
          ? Buffer.from([0xff, 0xfe, 0x00, 0x01])
          : payload('order_approved', { order_reference_id: `R-${i}` }),
    });
  return { open, token };
}

/** HAR 1.2's own JSON schemas (har-schema), checked with ajv. */
function harValidator() {
  const require = createRequire(import.meta.url);
  const schemas = require('har-schema') as Record<string, Record<string, unknown>>;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as Record<string, unknown>);
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema, `${name}.json`);
  return ajv.getSchema('har.json');
}

describe('export', () => {
  it('HAR 1.2 that the HAR schema accepts, binary bodies as base64, tokens redacted', async () => {
    const { open, token } = await withWebhooks(3);
    const { text, count } = open.core.history.exportText({ format: 'har', filter: {}, includeTokens: false });
    expect(count).toBe(3);
    const har = JSON.parse(text) as {
      log: { entries: { request: { postData?: { _encoding?: string } } }[] };
    };
    const validate = harValidator();
    // The schema is the real one: a log without entries or creator fails it.
    expect(validate?.({ log: { version: '1.2' } })).toBe(false);
    expect(validate?.(har), JSON.stringify(validate?.errors)).toBe(true);
    expect(har.log.entries[1]?.request.postData?._encoding).toBe('base64');
    expect(text).not.toContain(token);
    expect(text).toContain('REDACTED');
    expect(text).not.toContain(open.secret);
  });

  it('keeps webhook tokens only when asked; profile tokens never', async () => {
    const { open, token } = await withWebhooks(1);
    const local = open.core.profiles.active();
    const { apiToken } = open.core.profiles.secretsOf(local.id);
    for (const format of ['json', 'ndjson', 'har'] as const) {
      const withTokens = open.core.history.exportText({ format, filter: {}, includeTokens: true }).text;
      expect(withTokens).toContain(token);
      expect(withTokens).not.toContain(open.secret);
      expect(withTokens).not.toContain(apiToken ?? 'no api token');
    }
  });
});

describe('import', () => {
  it.each(['json', 'ndjson', 'har'] as const)(
    '%s round trip into a fresh data dir: the same records, marked imported; again: all skipped',
    async (format) => {
      const { open } = await withWebhooks(3);
      const { text } = open.core.history.exportText({ format, filter: {}, includeTokens: true });
      const fresh = await openTempConsole();
      cleanups.push(() => fresh.dispose());
      expect(await fresh.core.history.importText(text)).toEqual({
        imported: 3,
        skipped: 0,
        repeated: 0,
        unlinked: 0,
        differing: 0,
        differingIds: [],
        format,
      });
      const original = open.core.eventsQuery.page({}, { limit: 10 }).items;
      const imported = fresh.core.eventsQuery.page({}, { limit: 10 }).items;
      expect(
        imported.map((record) => [
          record.uid,
          record.kind,
          record.tokenVerdict,
          record.bodyVerdict,
          record.orderReferenceId,
        ]),
      ).toEqual(
        original.map((record) => [
          record.uid,
          record.kind,
          record.tokenVerdict,
          record.bodyVerdict,
          record.orderReferenceId,
        ]),
      );
      expect(imported.every((record) => record.imported)).toBe(true);
      const binary = fresh.core.events.getRow(imported[1]?.id ?? 0)?.request_body;
      expect(binary).toEqual(Buffer.from([0xff, 0xfe, 0x00, 0x01]));
      expect(await fresh.core.history.importText(text)).toEqual({
        imported: 0,
        skipped: 3,
        repeated: 0,
        unlinked: 0,
        differing: 0,
        differingIds: [],
        format,
      });
    },
  );

  // Refused as "its  is not one this console reads": exportedAt was required and never read.
  it('imports a JSON export without exportedAt, as the CLI and the History view both import', async () => {
    const fresh = await openTempConsole();
    cleanups.push(() => fresh.dispose());
    const record = { uid: 'a', kind: 'webhook', at: '2026-01-01T00:00:00Z' };
    const text = JSON.stringify({ format: 'checkout-console-history', version: 1, events: [record] });
    expect(await fresh.core.history.importText(text)).toEqual({
      imported: 1,
      skipped: 0,
      repeated: 0,
      unlinked: 0,
      differing: 0,
      differingIds: [],
      format: 'json',
    });
  });

  it.each([
    [
      'a line that is not JSON',
      '{"uid":"a","kind":"webhook","at":"2026-01-01T00:00:00Z"}\n{"uid": oops}\n',
      'Line 2: not JSON',
    ],
    [
      'a record of an unknown kind',
      '[{"uid":"a","kind":"webhook","at":"2026-01-01T00:00:00Z"},{"uid":"b","kind":"fax","at":"2026-01-01T00:00:00Z"}]',
      'events[1]: kind',
    ],
    [
      'a record without a time',
      '{"uid":"a","kind":"webhook"}\n{"uid":"b","kind":"webhook","at":"2026-01-01T00:00:00Z"}\n',
      'Record 1: at: missing; expected string',
    ],
    [
      'a record whose time has no zone',
      '{"uid":"a","kind":"webhook","at":"2026-11-28T23:59:59.999"}\n',
      'Record 1: at: must be an ISO 8601 date and time to the second with its zone (Z or an offset such as +03:00)',
    ],
    [
      'a HAR entry without a URL',
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              startedDateTime: '2026-01-01T00:00:00Z',
              time: 1,
              request: { method: 'GET', url: 'http://127.0.0.1/a', headers: [] },
            },
            { startedDateTime: '2026-01-01T00:00:00Z', request: { method: 'GET', headers: [] } },
          ],
        },
      }),
      'log.entries[1]: request.url: missing; expected string',
    ],
    // One object on one line is an NDJSON file of one record (issue 15.6); on several lines it is not.
    ['JSON of another kind', '{\n  "hello": "world"\n}\n', 'neither a history export'],
    [
      'one line of JSON of another kind',
      '{"hello":"world"}\n',
      'The file is JSON, but neither a history export, a HAR file nor a list of records.',
    ],
    [
      'an export of a version this console does not read',
      '{"format":"checkout-console-history","version":99,"exportedAt":"2026-01-01T00:00:00Z","events":[]}',
      'The file looks like a history export, but its version 99 is not one this console reads (format "checkout-console-history", version 1)',
    ],
    [
      'an export in another format',
      '{"format":"other","version":1,"events":[]}',
      'but its format "other" is not one this console reads',
    ],
  ])('refuses %s, naming where, and writes nothing', async (_case, text, message) => {
    const fresh = await openTempConsole();
    cleanups.push(() => fresh.dispose());
    await expect(fresh.core.history.importText(text)).rejects.toThrow(message);
    expect(fresh.core.events.count()).toBe(0);
  });
});

describe('retention', () => {
  it('removes a long history in short transactions through the writer, leaving others their turn', async () => {
    const { core, dispose } = await openTempConsole();
    cleanups.push(dispose);
    core.recorder.recordMany(
      Array.from({ length: 6_000 }, (_, index) => ({
        kind: 'webhook' as const,
        atMs: 1_000 + index,
        orderId: `order-${index % 50}`,
        requestBody: Buffer.from(`{"note":"w${index}x"}`),
      })),
    );
    const writes = vi.spyOn(core.store.writer, 'write');
    expect(await core.history.applyRetention({ mode: 'count', count: 10 })).toEqual({ removed: 5_990 });
    // One transaction held the lock for all of it (about 14 s for 1,000,000 records).
    expect(writes.mock.calls.length).toBeGreaterThan(1);
    expect(core.events.count()).toBe(10);
    // What the marks, the text index and the orders know followed the removals.
    expect(core.eventsQuery.page({ text: 'w5x' }, { limit: 5 }).items).toHaveLength(0);
    expect(core.eventsQuery.page({ text: 'w5999x' }, { limit: 5 }).items).toHaveLength(1);
    expect(
      core.orders
        .list({ limit: 100 })
        .items.map((order) => order.orderId)
        .sort(),
    ).toEqual(Array.from({ length: 10 }, (_, index) => `order-${(5_990 + index) % 50}`).sort());
  });

  it('keeps what arrives while it runs, an import of old records included', async () => {
    const { core, dispose } = await openTempConsole();
    cleanups.push(dispose);
    core.recorder.recordMany(
      Array.from({ length: 2_000 }, (_, index) => ({ kind: 'webhook' as const, atMs: 1_000_000 + index })),
    );
    // Another process imports a file of old records after the retention started, before it removes.
    const write = core.store.writer.write.bind(core.store.writer);
    let imported = false;
    vi.spyOn(core.store.writer, 'write').mockImplementation((fn) => {
      if (!imported) {
        imported = true;
        core.recorder.recordMany([
          { kind: 'webhook', atMs: 5, imported: true, orderId: 'imported-meanwhile' },
        ]);
      }
      return write(fn);
    });
    expect(await core.history.applyRetention({ mode: 'count', count: 10 })).toEqual({ removed: 1_990 });
    expect(core.events.count()).toBe(11);
    expect(core.eventsQuery.page({ orderId: 'imported-meanwhile' }, { limit: 5 }).items).toHaveLength(1);
  });

  it('never removes more than the person confirmed: records that came since make it refuse, removing nothing', async () => {
    const { core, dispose } = await openTempConsole();
    cleanups.push(dispose);
    const webhooks = (from: number, count: number) =>
      core.recorder.recordMany(
        Array.from({ length: count }, (_, index) => ({
          kind: 'webhook' as const,
          atMs: 1_000 + from + index,
        })),
      );
    webhooks(0, 5);
    const lastTwo = { mode: 'count', count: 2 } as const;
    // The History view asked "Remove 3 records?"; the listener took 4 more before Confirm.
    expect(core.history.retentionPreview(lastTwo)).toEqual({
      remove: 3,
      keep: 2,
      future: 0,
      unreadableTime: 0,
      removing: { kinds: [{ kind: 'webhook', count: 3 }], imported: 0, ordersLeaving: 0, ordersLosing: 0 },
    });
    webhooks(5, 4);
    await expect(core.history.applyRetention(lastTwo, 3)).rejects.toThrow(
      'Applying it now would remove 7 records, not the 3 you confirmed: records arrived meanwhile. Nothing was removed; look at the count again.',
    );
    expect(core.events.count()).toBe(9);
    expect(await core.history.applyRetention(lastTwo, 7)).toEqual({ removed: 7 });
    expect(core.events.count()).toBe(2);
  });

  it('keeps everything by default; the last N events or N days, with a count before removing', async () => {
    // Five webhooks of one order: three of its records go.
    const { open } = await withWebhooks(5);
    expect(open.core.history.retention()).toEqual({ mode: 'all' });
    expect(open.core.history.retentionPreview()).toEqual({
      remove: 0,
      keep: 5,
      future: 0,
      unreadableTime: 0,
      removing: { kinds: [], imported: 0, ordersLeaving: 0, ordersLosing: 0 },
    });
    const lastTwo = { mode: 'count', count: 2 } as const;
    expect(open.core.history.retentionPreview(lastTwo)).toEqual({
      remove: 3,
      keep: 2,
      future: 0,
      unreadableTime: 0,
      removing: { kinds: [{ kind: 'webhook', count: 3 }], imported: 0, ordersLeaving: 0, ordersLosing: 1 },
    });
    expect(open.core.events.count()).toBe(5);
    open.core.history.setRetention(lastTwo);
    expect(await open.core.history.applyRetention()).toEqual({ removed: 3 });
    expect(open.core.events.count()).toBe(2);
    expect(open.core.history.retentionPreview({ mode: 'days', days: 1 })).toEqual({
      remove: 0,
      keep: 2,
      future: 0,
      unreadableTime: 0,
      removing: { kinds: [], imported: 0, ordersLeaving: 0, ordersLosing: 0 },
    });
    // The search index follows the deletes.
    expect(open.core.eventsQuery.page({ text: 'R-0' }, { limit: 5 }).items).toHaveLength(0);
    expect(open.core.eventsQuery.page({ text: 'R-4' }, { limit: 5 }).items).toHaveLength(1);
  });
});
