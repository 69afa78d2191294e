import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import type { HandlerGroup } from './types';

type TimelineCommand = 'listEvents' | 'getEvent' | 'countEvents' | 'copyAsCurl';

export function timelineHandlers({
  events,
  eventsQuery,
  curl,
  desktopClipboard,
}: Pick<
  ConsoleServices,
  'events' | 'eventsQuery' | 'curl' | 'desktopClipboard'
>): HandlerGroup<TimelineCommand> {
  return {
    listEvents: ({ filter, beforeId, limit }) => eventsQuery.page(filter, { beforeId, limit }),
    getEvent: ({ id }) => {
      const detail = events.getDetail(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      return detail;
    },
    countEvents: ({ filter }) => ({ count: eventsQuery.count(filter) }),
    copyAsCurl: async ({ id, withToken }, context) => {
      const detail = events.getSummary(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      // Redacted commands, and notification JWTs that arrived with a webhook, may reach the window.
      if (!withToken || detail.kind !== 'request') {
        const built = curl.commandFor(id, withToken);
        return { command: built.command, copied: false, redacted: built.redacted, notes: built.notes };
      }
      // An outbound request's API token is a profile secret: it goes from main to the clipboard
      // in the desktop app, and nowhere at all from a browser tab.
      if (desktopClipboard === null || context.transport === 'websocket') {
        throw new ConsoleError(
          'unavailable',
          `The API token never leaves the console process, so a browser tab cannot copy it. ` +
            `In a terminal, run: npx checkout-console curl ${id} --with-token`,
        );
      }
      const built = curl.commandFor(id, true);
      await desktopClipboard(built.command);
      return { command: null, copied: true, redacted: false, notes: built.notes };
    },
  };
}
