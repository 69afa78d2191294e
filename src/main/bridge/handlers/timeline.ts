import type { ConsoleServices } from '../../app';
import { ConsoleError } from '../../console-error';
import type { HandlerGroup } from './types';

export function timelineHandlers({
  events,
  eventsQuery,
}: ConsoleServices): HandlerGroup<'listEvents' | 'getEvent'> {
  return {
    listEvents: ({ filter, beforeId, limit }) => eventsQuery.page(filter, { beforeId, limit }),
    getEvent: ({ id }) => {
      const detail = events.getDetail(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      return detail;
    },
  };
}
