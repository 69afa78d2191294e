import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import { maskWith } from '../../../shared/secrets/redact-secrets';
import { recordJudgement } from '../../../shared/jwt/record-judgement';
import { provenanceMarkOf } from '../../../shared/provenance-note';
import { findNotificationTokens } from '../../../shared/webhook/find-notification-tokens';
import { webhookDetailsSchema } from '../../../shared/webhook-details';
import type { HandlerGroup } from './types';

type JwtCommand = 'decodeJwt' | 'verifyJwt' | 'signJwt' | 'getEventTokens' | 'revealEventToken';

/**
 * The commands that only compute (no record, no stored secret needed): the CLI serves them
 * with a pasted secret without opening a data directory, through the same handlers.
 */
export function jwtComputeHandlers({
  jwt,
}: Pick<ConsoleServices, 'jwt'>): HandlerGroup<'decodeJwt' | 'signJwt'> {
  return {
    decodeJwt: ({ token }) => jwt.decodePasted(token),
    signJwt: ({ lifetimeMinutes, lifetimeSeconds, ...input }) => {
      const seconds = lifetimeSeconds ?? (lifetimeMinutes === undefined ? undefined : lifetimeMinutes * 60);
      return jwt.sign({ ...input, ...(seconds === undefined ? {} : { lifetimeSeconds: seconds }) });
    },
  };
}

export function jwtHandlers({
  jwt,
  events,
  recordSecrets,
}: Pick<ConsoleServices, 'jwt' | 'events' | 'recordSecrets'>): HandlerGroup<JwtCommand> {
  /** A stored record's token, for main's own use (verification): it does not go back to the window. */
  const storedToken = (eventId: number, source: 'header' | 'query'): string => {
    const found = recordSecrets.notificationToken(eventId, source);
    if (found.token === null)
      throw ConsoleError.invalid(
        'stored',
        found.problem ??
          `Record ${eventId} carried no token in its ${source === 'header' ? 'Authorization header' : 'query'}.`,
      );
    return found.token;
  };
  return {
    ...jwtComputeHandlers({ jwt }),
    verifyJwt: async ({ token, stored, ...input }) => {
      if (stored === undefined) return jwt.verify({ ...input, token: token ?? '', pasted: true });
      const verified = await jwt.verify({ ...input, token: storedToken(stored.eventId, stored.source) });
      // A stored token is checked by reference: its signature does not go back to the window.
      return { ...verified, decoded: { ...verified.decoded, signature: '' } };
    },
    getEventTokens: ({ id }) => {
      // Checks that the record carries notification tokens (never an outbound request's API token).
      recordSecrets.notificationToken(id);
      const detail = events.getDetail(id);
      if (detail === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
      const found = findNotificationTokens(detail.query, detail.requestHeaders);
      const details = webhookDetailsSchema.safeParse(detail.details);
      const judgement = recordJudgement(detail, () => recordSecrets.shown(id).secretsMasked);
      const shown = (source: 'header' | 'query') => {
        const { token, problem } = found[source];
        return {
          source,
          masked: token === null ? null : maskWith(token),
          // Without its signature: header and claims alone cannot be used as the token.
          decoded: token === null ? null : { ...jwt.decode(token), signature: '' },
          problem,
        };
      };
      return {
        id,
        kind: detail.kind,
        notSent: detail.notSent,
        relatedId: detail.relatedId,
        provenance: detail.provenance,
        marked: provenanceMarkOf(detail.details),
        ...(detail.damaged === undefined ? {} : { damaged: detail.damaged }),
        tokens: [shown('header'), shown('query')],
        sameInBoth: found.header.token !== null && found.header.token === found.query.token,
        checks: details.success ? details.data.token.checks : [],
        judgement,
        judgedAgainst:
          judgement.state === 'judged' && detail.profileId !== null && detail.profileName !== null
            ? { profileId: detail.profileId, profileName: detail.profileName }
            : null,
      };
    },
    revealEventToken: ({ eventId, source }) => ({
      token: recordSecrets.notificationToken(eventId, source).token,
    }),
  };
}
