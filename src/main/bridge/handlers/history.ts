import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { createExportParts } from '../../history/export-parts';
import { ImportError, ImportLeftRecordsError } from '../../history/history-service';
import { importFileSource } from '../../history/import-file-source';
import type { CallContext, HandlerGroup } from './types';
import { errorWords } from '../../../shared/error-words';
import { NOTHING_IMPORTED } from '../../../shared/history-file';

type HistoryCommand =
  'exportHistory' | 'importHistory' | 'getRetention' | 'setRetention' | 'previewRetention' | 'applyRetention';

const EXTENSION = { json: 'json', ndjson: 'ndjson', har: 'har' } as const;

/**
 * A file path names a file where the console runs: the command line's own machine. A window
 * (or a browser tab) sends a file's text and saves the text it is answered instead.
 */
function commandLineOnly(field: string, context: CallContext): void {
  if (context.transport !== 'direct')
    throw ConsoleError.invalid(field, 'a file path is taken from the command line only');
}

/** The file, opened to be read (as a stream, or whole if it is one JSON document). */
async function openImportFile(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw ConsoleError.invalid('path', `cannot be read (${errorWords(error)})`);
  }
  // A directory opens, and would say so only once read.
  if ((await handle.stat()).isDirectory()) {
    await handle.close();
    throw ConsoleError.invalid('path', 'cannot be read (it is a directory)');
  }
  return handle;
}

export function historyHandlers({ history }: Pick<ConsoleServices, 'history'>): HandlerGroup<HistoryCommand> {
  const parts = createExportParts();
  return {
    exportHistory: async ({ format, filter, includeTokens, out, part }, context) => {
      const request = { format, filter, includeTokens };
      if (out !== undefined) {
        commandLineOnly('out', context);
        const { count, damaged } = await history.exportToFile(request, out);
        return { text: '', count, fileName: basename(out.path), damaged };
      }
      // UTC, and the name says so with its Z: without it 00-03-47 read as a local time in Riyadh at 03:03.
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z`;
      const fileName = `checkout-console-${stamp}.${EXTENSION[format]}`;
      if (part !== undefined) {
        const answered =
          part.next === undefined ? parts.start(history.exportChunks(request)) : parts.next(part.next);
        return { ...answered, fileName };
      }
      return { ...history.exportText(request), fileName };
    },
    importHistory: async ({ text, path }, context) => {
      if (path !== undefined) commandLineOnly('path', context);
      const handle = text === undefined ? await openImportFile(path ?? '') : null;
      try {
        return handle === null
          ? await history.importText(text ?? '')
          : await history.importFile(await importFileSource(handle));
      } catch (error) {
        if (error instanceof ImportError)
          throw new ConsoleError('invalid_input', `${NOTHING_IMPORTED} ${error.message}`);
        // Some of the file's records stayed: said as what it is, a failure, never "nothing imported".
        if (error instanceof ImportLeftRecordsError) throw new ConsoleError('failed', error.message);
        throw error;
      } finally {
        await handle?.close();
      }
    },
    getRetention: () => history.retentionAsRead(),
    setRetention: ({ expected, ...retention }) => history.setRetention(retention, expected),
    previewRetention: ({ retention, detail }) =>
      history.retentionPreview(retention, detail === undefined ? {} : { detail }),
    applyRetention: ({ retention, confirmedRemove }) => history.applyRetention(retention, confirmedRemove),
  };
}
