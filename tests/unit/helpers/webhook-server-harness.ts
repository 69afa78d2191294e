import type { TimelineDetail } from '../../../src/shared/events';
import type { ConsoleCore } from '../../../src/main/app';
import { DEFAULT_LISTENER_SETTINGS, type ListenerSettings } from '../../../src/shared/listener';
import { createIngestWriter } from '../../../src/main/listener/ingest-writer';
import type { ListenerLimits } from '../../../src/main/listener/listener-limits';
import {
  startWebhookServer,
  type RunningWebhookServer,
  type WebhookServerOptions,
} from '../../../src/main/listener/webhook-server';
import { openTempConsole } from './temp-console';
import { withConsoleFile } from './console-file';

export interface ServedListener {
  server: RunningWebhookServer;
  core: ConsoleCore;
  /** A stored row by id. */
  row: (id: number) => TimelineDetail | undefined;
  /** Every stored row, oldest first. */
  rows: () => TimelineDetail[];
  dispose: () => Promise<void>;
}

/** The webhook server alone on a fresh console's store, with the limits given (tests shorten them). */
export async function serveListener(
  limits: Partial<ListenerLimits> = {},
  overrides: Partial<WebhookServerOptions> & { settings?: () => ListenerSettings } = {},
): Promise<ServedListener> {
  const temp = await openTempConsole();
  const server = await startWebhookServer({
    port: 0,
    limits,
    settings: () => DEFAULT_LISTENER_SETTINGS,
    verification: async () => ({ key: null, label: 'none' }),
    profile: () => ({ id: null, name: null }),
    writer: createIngestWriter(temp.core.recorder, () => undefined),
    forward: () => undefined,
    logError: () => undefined,
    ...overrides,
  });
  const row = (id: number) => temp.core.events.getDetail(id);
  return {
    server,
    core: temp.core,
    row,
    rows: () =>
      withConsoleFile(temp.core.dataDir, (db) =>
        db.prepare<[], { id: number }>('SELECT id FROM events ORDER BY id').all(),
      ).flatMap(({ id }) => row(id) ?? []),
    dispose: async () => {
      await server.close();
      await temp.dispose();
    },
  };
}

/** The JSON body of a raw answer (`{ received, id, error }`). */
export function answerBody(answer: string): { received?: boolean; id?: number; error?: string } {
  return JSON.parse(answer.split('\r\n\r\n')[1] ?? '{}') as {
    received?: boolean;
    id?: number;
    error?: string;
  };
}

/** The first row the listener stored, once it is stored (the answer may come before the test reads). */
export async function onlyRow(listener: ServedListener): Promise<TimelineDetail> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const [row] = listener.rows();
    if (row !== undefined) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no row');
}
