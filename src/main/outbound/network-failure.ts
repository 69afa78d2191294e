import type { NetworkFailure } from '../../shared/merchant-api';
import { errorWords } from '../../shared/error-words';

/** What follows a request that went whole with no answer, in every kind's message. */
const MAY_HAVE_BEEN_CARRIED_OUT = 'it may have been carried out, so look on the timeline for what followed.';

const TLS_CODES =
  /^(EPROTO$|ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/**
 * The exchange's timeout, and whether the whole request had been written by then: once it had,
 * the service may be acting on it (a slow service, an answer lost on the way), so it is said as
 * sent and maybe carried out, as a cancel after sending is.
 */
export class ExchangeTimeoutError extends Error {
  readonly afterSending: boolean;

  constructor(timeoutMs: number, afterSending = false) {
    super(
      afterSending
        ? `The whole request was sent, and no answer came within ${timeoutMs / 1000} s (timeout): ${MAY_HAVE_BEEN_CARRIED_OUT}`
        : `No answer within ${timeoutMs / 1000} s (timeout).`,
    );
    this.name = 'ExchangeTimeoutError';
    this.afterSending = afterSending;
  }
}

/**
 * A cancel, and whether the whole request had been written by then: once it had, the service may
 * have carried it out (a checkout created) though no answer will tell, so it is never said as a
 * network failure or as nothing sent (the tab's lost connection says the same, bridge-error.ts).
 */
export class ExchangeCancelledError extends Error {
  readonly afterSending: boolean;

  constructor(afterSending = false) {
    super(
      afterSending
        ? `Cancelled after the request was sent, before an answer arrived: ${MAY_HAVE_BEEN_CARRIED_OUT}`
        : 'Cancelled before the request was sent whole, so the service cannot have acted on it.',
    );
    this.name = 'ExchangeCancelledError';
    this.afterSending = afterSending;
  }
}

/**
 * A request the exchange refuses before anything leaves (unsendable-method.ts): its message is the
 * whole reason, said as it is, and its kind `not_sent`, never a network failure of the host's.
 */
export class RequestNotSentError extends Error {
  /** The system code of what refused it (Node's ERR_INVALID_CHAR), or null for the console's own. */
  readonly code: string | null;

  constructor(reason: string, code: string | null = null) {
    super(`Not sent: ${reason}`);
    this.name = 'RequestNotSentError';
    this.code = code;
  }
}

/**
 * A request Node refuses to make (text that is no URL, a protocol it cannot speak, a header it
 * will not write): thrown before any connection, so nothing of it left, and it is not sent as a
 * CONNECT is. Classified as an error of the network's, it read "Network failure: other" and
 * `failed`, and a replay run counted it a failure of a send.
 */
export function unmadeRequest(error: unknown, host: string): RequestNotSentError {
  return new RequestNotSentError(
    `the request to ${host} could not be made: ${errorWords(error)}`,
    codeOf(error),
  );
}

const codeOf = (error: unknown): string | null =>
  typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : null;

/**
 * OpenSSL's reason in an error Node passes on whole (`write EPROTO 80…:error:0A00010B:SSL
 * routines:ssl3_get_record:wrong version number:../deps/openssl/…:354:` and a line break): the
 * words between the function and the source file, or null when the message has none.
 */
function openSslReason(message: string): string | null {
  return /:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):/.exec(message)?.[1]?.trim() ?? null;
}

/**
 * A TLS failure in one sentence. `wrong version number` is what an https:// URL meets at a
 * server that speaks plain HTTP (its answer is no TLS record): said as that, with the way out.
 */
function tlsFailure(error: unknown, host: string, code: string): NetworkFailure {
  const detail = errorWords(error);
  const reason = openSslReason(detail);
  if (reason === 'wrong version number' || code === 'ERR_SSL_WRONG_VERSION_NUMBER')
    return { kind: 'tls', message: `${host} answered in plain HTTP, not TLS: use http:// for it.`, code };
  // Never OpenSSL's dump (its address, file and line, a trailing line break): its reason, or the first line.
  const words = (reason ?? detail.split('\n')[0]?.trim() ?? detail).replace(/\.$/, '');
  return { kind: 'tls', message: `TLS handshake with ${host} failed: ${words}.`, code };
}

/**
 * Turns a socket-level error into what a person needs to know: which step failed. `sentWhole`:
 * the whole request had been written and no answer had begun, so a connection closed now may
 * have closed on a request the service is acting on.
 */
export function classifyNetworkFailure(error: unknown, host: string, sentWhole = false): NetworkFailure {
  if (error instanceof ExchangeTimeoutError)
    return {
      kind: error.afterSending ? 'timeout_after_sending' : 'timeout',
      message: error.message,
      code: null,
    };
  if (error instanceof ExchangeCancelledError)
    return {
      kind: error.afterSending ? 'cancelled_after_sending' : 'cancelled',
      message: error.message,
      code: null,
    };
  if (error instanceof RequestNotSentError)
    return { kind: 'not_sent', message: error.message, code: error.code };
  const code = codeOf(error);
  const detail = errorWords(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA')
    return {
      kind: 'name_lookup',
      message: `Name lookup failed: "${host}" could not be resolved (${code}).`,
      code,
    };
  if (code === 'ECONNREFUSED')
    return { kind: 'refused', message: `Connection refused by ${host}: nothing is listening there.`, code };
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT')
    return { kind: 'timeout', message: `Connecting to ${host} timed out (${code}).`, code };
  if ((code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') && sentWhole)
    return {
      kind: 'reset_after_sending',
      message: `${host} closed the connection after the whole request was sent, before answering (${code}): ${MAY_HAVE_BEEN_CARRIED_OUT}`,
      code,
    };
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED')
    return { kind: 'reset', message: `${host} closed the connection before answering (${code}).`, code };
  if (code !== null && TLS_CODES.test(code)) return tlsFailure(error, host, code);
  return { kind: 'other', message: `The request to ${host} failed: ${detail}`, code };
}
