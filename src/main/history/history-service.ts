import type { EventFilter } from '../../shared/event-filter';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { ConsoleError } from '../console-error';
import {
  DIFFERING_IDS_SHOWN,
  EXPORT_FORMAT,
  type ImportOutcome,
  IMPORT_MAX_BODY_BYTES,
  DEFAULT_RETENTION,
  retentionSchema,
  type ExportFormat,
  type Retention,
  type RetentionRemoval,
} from '../../shared/history-file';
import type { ProfileService } from '../profiles/profile-service';
import type { EventsQuery } from '../store/events-query';
import type { EventsRepository } from '../store/events-repository';
import type { SettingsRepository } from '../store/settings-repository';
import type { Store } from '../store/open-store';
import { refuseUnopened, secretsHere, WHOLE_RECORDS_INSTEAD } from '../timeline/record-secrets';
import type { EventRecorder } from '../timeline/event-recorder';
import { writeExportFile } from './export-file';
import { DAMAGED_COLUMNS_KEY, exportedEvent, scrubSecrets } from './export-records';
import type { DamagedField } from '../../shared/events';
import { damagedWords } from '../../shared/damaged-record-words';
import { harEntry, harLog } from './har';
import { readImportFile, type ImportLimits } from './import-file';
import { writeImported, type ImportWriterDependencies } from './import-writer';
import { createStoredRecordMatch } from './import-stored-match';
import type { ImportFileSource } from './import-file-source';
import { checkNdjsonStream, recordsAgain } from './import-ndjson-check';
import { checkImportRoom } from './import-room';
import { inPacedWrites } from './paced-writes';
import { countOf } from '../../shared/count-words';
import type { EventBus } from '../event-bus';
import { RETENTION_SETTING } from '../../shared/stored-settings';

export { ImportError, importFileText } from './import-file';
export { ImportLeftRecordsError } from './import-writer';

const RETENTION_KEY = RETENTION_SETTING.key;
const plural = (count: number) => countOf(count, 'record');
/** Records one statement of a retention removes (a few ms), between looks at the chunk's time. */
const REMOVE_AT_ONCE = 200;

export interface HistoryServiceDependencies {
  /** The history repository (uids, links, retention), the writer, and other processes' commits. */
  store: Pick<Store, 'history' | 'writer' | 'dataVersion'>;
  events: EventsRepository;
  eventsQuery: EventsQuery;
  recorder: EventRecorder;
  profiles: ProfileService;
  settings: SettingsRepository;
  /** The console's own directory: exports never write into it. */
  dataDir: string;
  limits?: ImportLimits;
  /** Where a saved retention policy is announced (`history.retention`), so windows show it. */
  bus?: Pick<EventBus, 'publish'>;
}

export interface ExportRequest {
  format: ExportFormat;
  filter: EventFilter;
  includeTokens: boolean;
}

export interface HistoryService {
  /** The export as text (the UI downloads it). */
  exportText(request: ExportRequest): { text: string; count: number; damaged: string[] };
  /** The export piece by piece (standard output); `count()` is final once `chunks` is read. */
  exportChunks(request: ExportRequest): {
    chunks: Iterable<string>;
    count: () => number;
    /** What was said of damaged records since last asked (each once). */
    damaged: () => string[];
  };
  /**
   * The export written to a file (the CLI; any size): never into the data directory, over an
   * existing file only with `force`, through a temporary file renamed into place.
   */
  exportToFile(
    request: ExportRequest,
    target: { path: string; force: boolean },
  ): Promise<{ count: number; damaged: string[] }>;
  /**
   * Validates all of it first, then writes it in short transactions that leave other processes
   * their turn; all of it or nothing (what a failing import wrote is removed again). Links are
   * restored by uid, to the file's records and to those stored, whichever came first.
   */
  importText(text: string): Promise<ImportOutcome>;
  /**
   * The same, for a file the command line names (any size): NDJSON is read as a stream, twice
   * (checked whole, then written), never as one text; a JSON or HAR document is read whole.
   */
  importFile(file: ImportFileSource): Promise<ImportOutcome>;
  retention(): Retention;
  /** `retention()`, with what of the stored policy could not be read, for History to say. */
  retentionAsRead(): Retention & { unreadable: string[] };
  /** With `expected`, refused (conflict) when the stored policy is another since it was read. */
  setRetention(retention: Retention, expected?: Retention): Retention;
  /**
   * How many records the policy would remove now, and keep; `future`: how many of those kept
   * are dated in the future, which no policy removes or counts among the newest N.
   */
  retentionPreview(
    retention?: Retention,
    options?: { detail?: boolean },
  ): {
    remove: number;
    keep: number;
    future: number;
    /** Of those kept, how many have a stored time that is damaged (not a time): no policy removes them. */
    unreadableTime: number;
    /** What those removed are (kinds, imported, orders losing records); null unless `detail` (the default). */
    removing: RetentionRemoval | null;
  };
  /**
   * Removes what the policy does not keep, a chunk per transaction through the writer's queue:
   * other processes (a listener) and this one's requests have their turn between chunks.
   * `confirmedRemove`: how many records the person agreed to remove (the count they were
   * shown); when applying it now would remove more, nothing is removed (a conflict).
   */
  applyRetention(retention?: Retention, confirmedRemove?: number): Promise<{ removed: number }>;
}

/** A JSON export up to its list of events (the list and the closing brace follow). */
const jsonExportHead = (exportedAt: string) =>
  `{"format":"${EXPORT_FORMAT}","version":1,"exportedAt":"${exportedAt}","events":`;

/** A JSON export of no records, on one line. */
const emptyJsonExport = (exportedAt: string) => `${jsonExportHead(exportedAt)}[]}`;

/** The writer's answer as the import's result: the differing records counted, the first few named. */
function importResult(
  written: Awaited<ReturnType<typeof writeImported>>,
  repeated: number,
  format: ExportFormat,
): ImportOutcome {
  const { differingIds, ...rest } = written;
  return {
    ...rest,
    repeated,
    differing: differingIds.length,
    differingIds: differingIds.slice(0, DIFFERING_IDS_SHOWN),
    format,
  };
}

/** Records written so far, and what was said of the damaged ones among them. */
interface ExportCounter {
  count: number;
  damaged: string[];
}
const newCounter = (): ExportCounter => ({ count: 0, damaged: [] });

/**
 * History files: export a filter (or a selection by ids) to JSON, NDJSON or HAR 1.2, import
 * them back (validated, duplicates skipped by uid, marked imported, all or nothing), and the
 * retention policy. Profile tokens never appear in a file; webhook tokens only when asked.
 */
export function createHistoryService(deps: HistoryServiceDependencies): HistoryService {
  // Refused, naming it, while a secret cannot be opened here: a record may echo it, and a file
  // would keep it in plain text.
  const secrets = (): string[] => {
    const here = secretsHere(deps.profiles);
    refuseUnopened(here.unopened, 'The export', WHOLE_RECORDS_INSTEAD);
    return here.secrets;
  };

  function* lines(request: ExportRequest, counter: ExportCounter): Generator<string> {
    const options = {
      includeTokens: request.includeTokens,
      secrets: secrets(),
      uidOf: (id: number) => deps.store.history.uidOf(id),
      // Exported all the same, their stored text kept (export-records.ts), and said.
      onDamaged: (id: number, fields: readonly DamagedField[]) => {
        counter.damaged.push(
          `${damagedWords(id, fields)}; the file keeps what was stored in its details.${DAMAGED_COLUMNS_KEY}.`,
        );
      },
    };
    for (const row of deps.eventsQuery.rows(request.filter, 'oldest-first')) {
      const event = exportedEvent(row, options);
      const json = JSON.stringify(request.format === 'har' ? harEntry(event) : event);
      yield scrubSecrets(json, options.secrets);
    }
  }

  function* chunks(request: ExportRequest, counter: ExportCounter): Generator<string> {
    const exportedAt = new Date().toISOString();
    if (request.format === 'ndjson') {
      for (const line of lines(request, counter)) {
        counter.count++;
        yield `${line}\n`;
      }
      // No records: the JSON export's empty form on one line, never an empty file, which an
      // import refuses as the wrong file (emptyFileWords). An NDJSON reader sees one object with
      // no uid; the import reads it as the export of no records it is.
      if (counter.count === 0) yield `${emptyJsonExport(exportedAt)}\n`;
      return;
    }
    const head =
      request.format === 'har'
        ? JSON.stringify(harLog([])).replace(/\[\]\}\}$/, '')
        : jsonExportHead(exportedAt);
    yield `${head}[`;
    for (const line of lines(request, counter)) {
      yield `${counter.count === 0 ? '\n' : ',\n'}${line}`;
      counter.count++;
    }
    yield request.format === 'har' ? '\n]}}\n' : '\n]}\n';
  }

  /** An import's writer, which compares the records it skips with the stored ones. */
  const writerFor = (format: ExportFormat): ImportWriterDependencies => ({
    history: deps.store.history,
    recorder: deps.recorder,
    dataVersion: deps.store.dataVersion,
    matchesStored: createStoredRecordMatch(
      {
        getRow: (id) => deps.events.getRow(id),
        uidOf: (id) => deps.store.history.uidOf(id),
        // Not refused for a secret that cannot be opened, as an export is: nothing is written out.
        secrets: () => secretsHere(deps.profiles).secrets,
      },
      format,
      deps.limits?.maxBodyBytes ?? IMPORT_MAX_BODY_BYTES,
    ),
  });

  const service: HistoryService = {
    exportText(request) {
      const counter = newCounter();
      const text = [...chunks(request, counter)].join('');
      return { text, count: counter.count, damaged: counter.damaged };
    },
    exportChunks(request) {
      const counter = newCounter();
      return {
        chunks: chunks(request, counter),
        count: () => counter.count,
        damaged: () => counter.damaged.splice(0),
      };
    },
    async exportToFile(request, target) {
      const counter = newCounter();
      await writeExportFile({ ...target, dataDir: deps.dataDir }, chunks(request, counter));
      return { count: counter.count, damaged: counter.damaged };
    },
    async importText(text) {
      const { format, records, repeated } = readImportFile(text, deps.limits);
      if (records.length > 0) await checkImportRoom(deps.dataDir, Buffer.byteLength(text, 'utf8'));
      const written = await writeImported(writerFor(format), records);
      return importResult(written, repeated, format);
    },
    async importFile(file) {
      if (!file.seekable) return service.importText(await file.wholeText());
      const maxBody = deps.limits?.maxBodyBytes ?? IMPORT_MAX_BODY_BYTES;
      const checked = await checkNdjsonStream(file.chunks(), maxBody);
      if (checked.kind === 'document') return service.importText(await file.wholeText());
      // An NDJSON answer holds two records or more: none is refused, one is read as a document.
      await checkImportRoom(deps.dataDir, file.size);
      // Checked, and about to be read again to be written: it must be the file that was checked.
      await file.assertUnchanged();
      const written = await writeImported(writerFor('ndjson'), recordsAgain(file.chunks(), checked, maxBody));
      return importResult(written, checked.repeated, 'ndjson');
    },
    retention() {
      // The one lenient reader: what of a damaged policy cannot be read is said at start
      // (unreadable-settings.ts), not read as "keep everything" in silence.
      return deps.settings.read(RETENTION_KEY, retentionSchema, DEFAULT_RETENTION).value;
    },
    retentionAsRead() {
      const { value, unreadable } = deps.settings.read(RETENTION_KEY, retentionSchema, DEFAULT_RETENTION);
      return { ...value, unreadable };
    },
    setRetention(retention, expected) {
      const checked = retentionSchema.parse(retention);
      deps.store.writer.writeNow(() => {
        refuseChangedElsewhere(
          'Retention',
          { policy: service.retention() },
          { policy: checked },
          expected === undefined ? undefined : { policy: expected },
        );
        deps.settings.set(RETENTION_KEY, checked);
      });
      deps.bus?.publish('history.retention', checked);
      return checked;
    },
    retentionPreview(retention = service.retention(), { detail = true } = {}) {
      const total = deps.events.count();
      const now = Date.now();
      const remove = deps.store.history.retentionCount(retention, now);
      return {
        remove,
        keep: total - remove,
        future: deps.store.history.datedAfter(now),
        unreadableTime: deps.store.history.undated(),
        removing: detail ? deps.store.history.retentionRemoval(retention, now) : null,
      };
    },
    async applyRetention(retention = service.retention(), confirmedRemove) {
      const { history, writer, dataVersion } = deps.store;
      // Fixed at the start: records that come meanwhile are newer than what the policy removes.
      const found = history.retentionBound(retention, Date.now());
      if (found === null) return { removed: 0 };
      // "Keep the newest N" removes more as records arrive: a window that asked "Remove 50
      // records?" a while ago removed 550 on Confirm.
      const removing = confirmedRemove === undefined ? 0 : history.countBelow(found);
      if (confirmedRemove !== undefined && removing > confirmedRemove)
        throw new ConsoleError(
          'conflict',
          `Applying it now would remove ${plural(removing)}, not the ${confirmedRemove} you confirmed: records arrived meanwhile. Nothing was removed; look at the count again.`,
        );
      let removed = 0;
      await inPacedWrites({ dataVersion, write: (fn) => writer.write(fn) }, () => {
        const removedNow = history.removeBelow(found, REMOVE_AT_ONCE);
        removed += removedNow;
        return removedNow === REMOVE_AT_ONCE;
      });
      if (removed > 0) deps.bus?.publish('history.removed', {});
      return { removed };
    },
  };
  return service;
}
