import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { ImportError } from '../../history/history-service';
import type { HandlerGroup } from './types';

type HistoryCommand =
  'exportHistory' | 'importHistory' | 'getRetention' | 'setRetention' | 'previewRetention' | 'applyRetention';

const EXTENSION = { json: 'json', ndjson: 'ndjson', har: 'har' } as const;

export function historyHandlers({ history }: Pick<ConsoleServices, 'history'>): HandlerGroup<HistoryCommand> {
  return {
    exportHistory: ({ format, filter, includeTokens }) => {
      const { text, count } = history.exportText({ format, filter, includeTokens });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
      return { text, count, fileName: `checkout-console-${stamp}.${EXTENSION[format]}` };
    },
    importHistory: async ({ text }) => {
      try {
        return await history.importText(text);
      } catch (error) {
        if (error instanceof ImportError)
          throw new ConsoleError('invalid_input', `Nothing imported. ${error.message}`);
        throw error;
      }
    },
    getRetention: () => history.retention(),
    setRetention: (retention) => history.setRetention(retention),
    previewRetention: ({ retention }) => history.retentionPreview(retention),
    applyRetention: ({ retention }) => history.applyRetention(retention),
  };
}
