import type { ConsoleServices } from '../../app';
import { ConsoleError } from '../../console-error';
import { findNotificationTokens } from '../../../shared/webhook/find-notification-tokens';
import { webhookDetailsSchema } from '../../../shared/webhook-details';
import type { HandlerGroup } from './types';

type JwtCommand = 'decodeJwt' | 'verifyJwt' | 'signJwt' | 'getEventTokens';

export function jwtHandlers({ jwt, events }: ConsoleServices): HandlerGroup<JwtCommand> {
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
