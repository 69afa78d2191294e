import type { EventKind } from '../../../shared/events';
import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { findNotificationTokens } from '../../../shared/webhook/find-notification-tokens';
import { webhookDetailsSchema } from '../../../shared/webhook-details';
import type { HandlerGroup } from './types';

/** Records whose tokens are notification JWTs (never an API token). */
const NOTIFICATION_KINDS: readonly EventKind[] = ['webhook', 'delivery', 'replay', 'forward'];

type JwtCommand = 'decodeJwt' | 'verifyJwt' | 'signJwt' | 'getEventTokens';

export function jwtHandlers({
  jwt,
  events,
}: Pick<ConsoleServices, 'jwt' | 'events'>): HandlerGroup<JwtCommand> {
  return {
    decodeJwt: ({ token }) => jwt.decode(token),
    verifyJwt: (input) => jwt.verify(input),
    signJwt: ({ lifetimeMinutes, ...input }) =>
      jwt.sign({
        ...input,
        ...(lifetimeMinutes === undefined ? {} : { lifetimeSeconds: lifetimeMinutes * 60 }),
      }),
    getEventTokens: ({ id }) => {
      const detail = events.getDetail(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      // Outbound requests carry the API token in Authorization: never hand that to the window.
      if (!NOTIFICATION_KINDS.includes(detail.kind)) {
        throw ConsoleError.invalid(
          'id',
          `Record ${id} is a ${detail.kind}; only webhooks, deliveries, replays and forwards carry notification tokens.`,
        );
      }
      const found = findNotificationTokens(detail.query, detail.requestHeaders);
      const details = webhookDetailsSchema.safeParse(detail.details);
      return {
        id,
        tokens: [
          { source: 'header', ...found.header },
          { source: 'query', ...found.query },
        ],
        checks: details.success ? details.data.token.checks : [],
      };
    },
  };
}
