import { networkFailureText, type ForwardRefusalKind, type NetworkFailure } from '../../shared/merchant-api';

/**
 * A failure of an outbound exchange as every record words it, whatever the kind (request,
 * forward, delivery, replay, scenario send): the error line is the failure's one sentence
 * (network-failure.ts, its system code named once) and `details.failure` is the failure itself,
 * so a screen or a test reads the same `kind`, `message` and `code` everywhere.
 */
export interface RecordedFailure {
  error: string;
  details: { failure: ExchangeFailure };
}

/**
 * A network failure, a refusal decided before anything was sent (a forward to itself, round a
 * loop, or held as a live profile's address not confirmed: merchant-api.ts FORWARD_REFUSAL_KINDS,
 * read as not sent), or an exchange whose process stopped before the answer
 * (interrupted-exchanges.ts: it may have gone, so it stays a failure).
 */
export type ExchangeFailure =
  NetworkFailure | { kind: ForwardRefusalKind | 'interrupted'; message: string; code: null };

export function recordedFailure(
  failure: ExchangeFailure,
  error = networkFailureText(failure),
): RecordedFailure {
  return { error, details: { failure } };
}
