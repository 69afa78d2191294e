import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { redactedHistoryRecord } from '../../history/history-record';
import { screenMask } from '../../timeline/screen-summaries';
import type { HandlerGroup } from './types';

type TimelineCommand =
  'listEvents' | 'getEvent' | 'revealEvent' | 'copyEventToken' | 'countEvents' | 'copyAsCurl';

export function timelineHandlers({
  events,
  eventsQuery,
  curl,
  desktopClipboard,
  recordSecrets,
  profiles,
  consoleCommand,
}: Pick<
  ConsoleServices,
  'events' | 'eventsQuery' | 'curl' | 'desktopClipboard' | 'recordSecrets' | 'profiles' | 'consoleCommand'
>): HandlerGroup<TimelineCommand> {
  return {
    listEvents: ({ filter, beforeId, afterId, limit, whole }, context) => {
      if (beforeId !== undefined && afterId !== undefined)
        throw ConsoleError.invalid(
          'afterId',
          'give beforeId (older records) or afterId (newer ones), not both',
        );
      const stored = eventsQuery.page(filter, { beforeId, afterId, limit });
      // Rows as every screen gets them: a profile secret echoed in a path or URL masked.
      const page = { ...stored, items: stored.items.map(screenMask(profiles)) };
      if (!whole) return page;
      // Whole bodies go to the command line's own user only, their secrets redacted as an export's.
      if (context.transport !== 'direct')
        throw ConsoleError.invalid(
          'whole',
          'whole records go to the command line only; open one with getEvent',
        );
      const ids = page.items.map((item) => item.id);
      const rows = ids.length === 0 ? [] : [...eventsQuery.rows({ ids }, 'newest-first', ids.length)];
      const secrets = recordSecrets.secretsForWholeRecords('Printing whole records');
      const firstNamed = new Map(page.items.map((item) => [item.id, item.firstNamedOrderId]));
      return {
        ...page,
        records: rows.map((row) => redactedHistoryRecord(row, secrets, firstNamed.get(row.id) ?? null)),
      };
    },
    // Every secret masked, by meaning (secrets/redact-secrets.ts); Reveal and Copy are explicit.
    getEvent: ({ id }) => recordSecrets.shown(id),
    revealEvent: ({ id }) => recordSecrets.revealed(id),
    copyEventToken: async ({ id, place }, context) => {
      const summary = events.getSummary(id);
      if (summary === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      if (summary.kind !== 'request') {
        const found = recordSecrets.notificationToken(id, place);
        if (found.token === null)
          throw new ConsoleError('failed', found.problem ?? `Record ${id} carried no notification token.`);
        return { token: found.token, copied: false };
      }
      // An outbound request's API token is a profile secret: main copies it in the desktop app;
      // a browser tab never gets it.
      if (desktopClipboard === null || context.transport === 'websocket') {
        throw new ConsoleError(
          'unavailable',
          'The API token never leaves the console process, so a browser tab cannot copy it. ' +
            `In a terminal, run: ${consoleCommand(`curl ${id} --with-token`)}`,
        );
      }
      await desktopClipboard(recordSecrets.apiTokenOf(id));
      return { token: null, copied: true };
    },
    countEvents: ({ filter }) => ({ count: eventsQuery.count(filter) }),
    copyAsCurl: async ({ id, withToken, exactBytes }, context) => {
      const detail = events.getSummary(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      // The stored bytes as they are may echo a profile token: never for a window or a tab.
      if (exactBytes && (!withToken || context.transport !== 'direct'))
        throw ConsoleError.invalid(
          'exactBytes',
          `The stored bytes as they are (profile tokens they echo included) go only to a terminal, with the token: run ${consoleCommand(`curl ${id} --with-token --exact-bytes`)}`,
        );
      // Redacted commands, and notification JWTs that arrived with a webhook, may reach the window;
      // the CLI (a direct call) runs in this process and prints to its own user's terminal.
      if (!withToken || detail.kind !== 'request' || context.transport === 'direct') {
        const built = curl.commandFor(id, withToken, exactBytes);
        return { command: built.command, copied: false, redacted: built.redacted, notes: built.notes };
      }
      // An outbound request's API token is a profile secret: it goes from main to the clipboard
      // in the desktop app, and nowhere at all from a browser tab.
      if (desktopClipboard === null || context.transport === 'websocket') {
        throw new ConsoleError(
          'unavailable',
          `The API token never leaves the console process, so a browser tab cannot copy it. ` +
            `In a terminal, run: ${consoleCommand(`curl ${id} --with-token`)}`,
        );
      }
      const built = curl.commandFor(id, true);
      await desktopClipboard(built.command);
      return { command: null, copied: true, redacted: false, notes: built.notes };
    },
  };
}
