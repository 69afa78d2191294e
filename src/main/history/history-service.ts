import { createHash } from 'node:crypto';
import type { EventFilter } from '../../shared/event-filter';
import type { NewEvent } from '../store/events-repository';
import {
  exportedEventSchema,
  exportFileSchema,
  EXPORT_FORMAT,
  IMPORT_MAX_BODY_BYTES,
  retentionSchema,
  type ExportedEvent,
  type ExportFormat,
  type Retention,
} from '../../shared/history-file';
import { depthBeyond, describeJsonProblem, JSON_MAX_DEPTH, measureJsonText } from '../../shared/bounded-json';
import { parseJsonText } from '../../shared/json-text';
import type { ProfileService } from '../profiles/profile-service';
import type { SqliteDatabase } from '../store/connection';
import type { EventsQuery } from '../store/events-query';
import type { EventsRepository } from '../store/events-repository';
import type { SettingsRepository } from '../store/settings-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { writeExportFile } from './export-file';
import { exportedEvent, scrubSecrets } from './export-records';
import { eventFromHar, harEntry, harEntrySchema, harFileSchema, harLog } from './har';

export class ImportError extends Error {}

const RETENTION_KEY = 'history.retention';

export interface HistoryServiceDependencies {
  db: SqliteDatabase;
  events: EventsRepository;
  eventsQuery: EventsQuery;
  recorder: EventRecorder;
  profiles: ProfileService;
  settings: SettingsRepository;
  /** The console's own directory: exports never write into it. */
  dataDir: string;
  limits?: { maxBodyBytes?: number };
}

export interface ExportRequest {
  format: ExportFormat;
  filter: EventFilter;
  includeTokens: boolean;
}

export interface HistoryService {
  /** The export as text (the UI downloads it). */
  exportText(request: ExportRequest): { text: string; count: number };
  /** The export piece by piece (standard output); `count()` is final once `chunks` is read. */
  exportChunks(request: ExportRequest): { chunks: Iterable<string>; count: () => number };
  /**
   * The export written to a file (the CLI; any size): never into the data directory, over an
   * existing file only with `force`, through a temporary file renamed into place.
   */
  exportToFile(request: ExportRequest, target: { path: string; force: boolean }): Promise<{ count: number }>;
  /** Validates all of it first; writes all of it or nothing. */
  importText(text: string): { imported: number; skipped: number; format: ExportFormat };
  retention(): Retention;
  setRetention(retention: Retention): Retention;
  /** How many records the policy would remove now. */
  retentionPreview(retention?: Retention): { remove: number; keep: number };
  applyRetention(retention?: Retention): { removed: number };
}

/**
 * History files: export a filter (or a selection by ids) to JSON, NDJSON or HAR 1.2, import
 * them back (validated, duplicates skipped by uid, marked imported, all or nothing), and the
 * retention policy. Profile tokens never appear in a file; webhook tokens only when asked.
 */
export function createHistoryService(deps: HistoryServiceDependencies): HistoryService {
  const uidStatement = deps.db.prepare<[number], { uid: string }>('SELECT uid FROM events WHERE id = ?');
  const idByUid = deps.db.prepare<[string], { id: number }>('SELECT id FROM events WHERE uid = ?');
  const secrets = (): string[] =>
    deps.profiles.snapshot().profiles.flatMap((profile) => {
      const { apiToken, notificationToken } = deps.profiles.secretsOf(profile.id);
      return [apiToken, notificationToken].filter((secret): secret is string => secret !== null);
    });

  function* lines(request: ExportRequest): Generator<string> {
    const options = {
      includeTokens: request.includeTokens,
      secrets: secrets(),
      uidOf: (id: number) => uidStatement.get(id)?.uid ?? null,
    };
    for (const row of deps.eventsQuery.rows(request.filter, 'oldest-first')) {
      const event = exportedEvent(row, options);
      const json = JSON.stringify(request.format === 'har' ? harEntry(event) : event);
      yield scrubSecrets(json, options.secrets);
    }
  }

  function* chunks(request: ExportRequest, counter: { count: number }): Generator<string> {
    const exportedAt = new Date().toISOString();
    if (request.format === 'ndjson') {
      for (const line of lines(request)) {
        counter.count++;
        yield `${line}\n`;
      }
      return;
    }
    const head =
      request.format === 'har'
        ? JSON.stringify(harLog([])).replace(/\[\]\}\}$/, '')
        : `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"${exportedAt}","events":`;
    yield `${head}[`;
    for (const line of lines(request)) {
      yield `${counter.count === 0 ? '\n' : ',\n'}${line}`;
      counter.count++;
    }
    yield request.format === 'har' ? '\n]}}\n' : '\n]}\n';
  }

  const maxBody = deps.limits?.maxBodyBytes ?? IMPORT_MAX_BODY_BYTES;
  // In the file a body is text or base64 (4 characters for 3 bytes), plus its JSON escapes.
  const maxStringChars = Math.ceil((maxBody * 4) / 3) + 16;

  const readEvents = (text: string): { format: ExportFormat; events: unknown[] } => {
    const trimmed = text.trim();
    // An NDJSON export of no records is an empty file.
    if (trimmed === '') return { format: 'ndjson', events: [] };
    // Measured before anything is parsed: nothing larger than a record may be is read into memory.
    const problem = measureJsonText(text, { maxDepth: JSON_MAX_DEPTH + 4, maxStringChars });
    if (problem?.kind === 'string_too_long')
      throw new ImportError(
        `Line ${problem.line}: a value of ${formatBytes(problem.chars)} is larger than a record's body may be (at most ${formatBytes(maxBody)}).`,
      );
    if (problem !== null) throw new ImportError(`The file cannot be read: ${describeJsonProblem(problem)}.`);
    const whole = parseJsonText(text);
    if (whole.ok) {
      const har = harFileSchema.safeParse(whole.value);
      if (har.success) {
        const events = har.data.log.entries.map((entry, index) => {
          assertReadable(entry, `log.entries[${index}]`);
          const parsed = harEntrySchema.safeParse(entry);
          if (!parsed.success) throw new ImportError(`log.entries[${index}]: ${describe(parsed.error)}`);
          const fallback = `har-${createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 32)}`;
          return eventFromHar(parsed.data, fallback);
        });
        return { format: 'har', events };
      }
      const file = exportFileSchema.safeParse(whole.value);
      if (file.success) return { format: 'json', events: file.data.events };
      if (Array.isArray(whole.value)) return { format: 'json', events: whole.value };
      // One object alone is an NDJSON file of one line (an export of one record ends in a newline).
      if (!trimmed.includes('\n')) return { format: 'ndjson', events: [whole.value] };
      throw new ImportError(
        'The file is JSON, but neither a history export, a HAR file nor a list of records.',
      );
    }
    const events: unknown[] = [];
    const rows = text.split(/\r?\n/);
    rows.forEach((line, index) => {
      if (line.trim() === '') return;
      const parsed = parseJsonText(line);
      if (!parsed.ok)
        throw new ImportError(`Line ${index + 1}: not JSON (column ${parsed.column}: ${parsed.message}).`);
      events.push(parsed.value);
    });
    if (events.length === 0) throw new ImportError('The file has no records.');
    return { format: 'ndjson', events };
  };

  const toNewEvent = (event: ExportedEvent): NewEvent => ({
    uid: event.uid,
    kind: event.kind,
    atMs: Date.parse(event.at),
    profileName: event.profile,
    method: event.method,
    url: event.url,
    path: event.path,
    query: event.query,
    remoteAddress: event.remote_address,
    requestHeaders: event.request_headers,
    requestBody: bodyBytes(event.request_body, event.request_body_base64),
    requestTruncated: event.request_truncated,
    status: event.status,
    responseHeaders: event.response_headers,
    responseBody: bodyBytes(event.response_body, event.response_body_base64),
    durationMs: event.duration_ms,
    orderId: event.order_id,
    orderReferenceId: event.order_reference_id,
    eventType: event.event_type,
    tokenVerdict: event.token_verdict,
    bodyVerdict: event.body_verdict,
    error: event.error,
    imported: true,
    details: event.details,
  });

  const service: HistoryService = {
    exportText(request) {
      const counter = { count: 0 };
      const text = [...chunks(request, counter)].join('');
      return { text, count: counter.count };
    },
    exportChunks(request) {
      const counter = { count: 0 };
      return { chunks: chunks(request, counter), count: () => counter.count };
    },
    async exportToFile(request, target) {
      const counter = { count: 0 };
      await writeExportFile({ ...target, dataDir: deps.dataDir }, chunks(request, counter));
      return { count: counter.count };
    },
    importText(text) {
      const { format, events } = readEvents(text);
      const where = (index: number) =>
        format === 'ndjson'
          ? `Record ${index + 1}`
          : format === 'har'
            ? `log.entries[${index}]`
            : `events[${index}]`;
      const parsed = events.map((event, index) => {
        assertReadable(event, where(index));
        const result = exportedEventSchema.safeParse(event);
        if (!result.success) throw new ImportError(`${where(index)}: ${describe(result.error)}`);
        for (const field of ['request_body', 'response_body'] as const) {
          const size = bodySize(result.data[field], result.data[`${field}_base64`]);
          if (size > maxBody)
            throw new ImportError(
              `${where(index)}: ${field} is ${formatBytes(size)}; a record's body may be at most ${formatBytes(maxBody)}.`,
            );
        }
        return result.data;
      });
      const seen = new Set<string>();
      const fresh = parsed.filter((event) => {
        if (seen.has(event.uid) || idByUid.get(event.uid) !== undefined) return false;
        seen.add(event.uid);
        return true;
      });
      deps.db.transaction(() => {
        const summaries = deps.recorder.recordMany(fresh.map(toNewEvent));
        // Links between records (a replay and its original) are restored by uid.
        summaries.forEach((summary, index) => {
          const related = fresh[index]?.related_uid;
          const relatedId = related === null || related === undefined ? undefined : idByUid.get(related)?.id;
          if (relatedId !== undefined)
            deps.db.prepare('UPDATE events SET related_id = ? WHERE id = ?').run(relatedId, summary.id);
        });
      })();
      return { imported: fresh.length, skipped: parsed.length - fresh.length, format };
    },
    retention() {
      return deps.settings.get(RETENTION_KEY, retentionSchema, { mode: 'all' });
    },
    setRetention(retention) {
      const checked = retentionSchema.parse(retention);
      deps.settings.set(RETENTION_KEY, checked);
      return checked;
    },
    retentionPreview(retention = service.retention()) {
      const total = deps.events.count();
      const remove = removableIds(deps.db, retention, Date.now()).count;
      return { remove, keep: total - remove };
    },
    applyRetention(retention = service.retention()) {
      const { where, params } = removableIds(deps.db, retention, Date.now());
      if (where === null) return { removed: 0 };
      const result = deps.db.prepare(`DELETE FROM events WHERE ${where}`).run(...params);
      return { removed: result.changes };
    },
  };
  return service;
}

/** A record no reader could walk (nested too deep) is refused before anything reads it. */
function assertReadable(value: unknown, where: string): void {
  const tooDeep = depthBeyond(value, JSON_MAX_DEPTH);
  if (tooDeep !== null)
    throw new ImportError(
      `${where}: cannot be read: ${describeJsonProblem({ kind: 'too_deep', depth: tooDeep.depth, limit: JSON_MAX_DEPTH })}.`,
    );
}

/** A body's size in bytes, without decoding it. */
function bodySize(text: string | null, base64: string | null): number {
  if (text !== null) return Buffer.byteLength(text, 'utf8');
  if (base64 === null) return 0;
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

const MIB = 1024 * 1024;
const formatBytes = (bytes: number) =>
  bytes % MIB === 0
    ? `${bytes / MIB} MiB`
    : bytes >= MIB
      ? `${(bytes / MIB).toFixed(1)} MiB`
      : `${bytes} bytes`;

function bodyBytes(text: string | null, base64: string | null): Uint8Array | null {
  if (text !== null) return new TextEncoder().encode(text);
  return base64 === null ? null : new Uint8Array(Buffer.from(base64, 'base64'));
}

function describe(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const path = issue.path.map(String).join('.');
  return `${path === '' ? '' : `${path}: `}${issue.message}`;
}

/** The records a policy removes: older than N days, or all but the newest N. */
function removableIds(
  db: SqliteDatabase,
  retention: Retention,
  nowMs: number,
): { where: string | null; params: number[]; count: number } {
  if (retention.mode === 'all') return { where: null, params: [], count: 0 };
  if (retention.mode === 'days') {
    const cutoff = nowMs - retention.days * 86_400_000;
    const count =
      db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM events WHERE at_ms < ?').get(cutoff)
        ?.n ?? 0;
    return { where: 'at_ms < ?', params: [cutoff], count };
  }
  const keepFrom = db
    .prepare<[number], { id: number }>('SELECT id FROM events ORDER BY id DESC LIMIT 1 OFFSET ?')
    .get(retention.count - 1)?.id;
  if (keepFrom === undefined) return { where: null, params: [], count: 0 };
  const count =
    db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM events WHERE id < ?').get(keepFrom)?.n ??
    0;
  return { where: 'id < ?', params: [keepFrom], count };
}
