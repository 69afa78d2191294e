import { connect } from 'node:net';
import { classifyNetworkFailure, ExchangeTimeoutError } from '../outbound/network-failure';

/** How long the hosted page waits to learn whether a merchant URL can be reached. */
export const REACH_TIMEOUT_MS = 1500;

/**
 * Whether a customer's browser could open `url`: a name lookup and a TCP connection to its host
 * and port, nothing sent over it. Null when it can; otherwise why not, in the words the
 * console uses for every network failure. The hosted page redirects to a merchant URL only when
 * it can be reached, so a newcomer never lands on "This site can't be reached" after paying.
 */
export function whyUnreachable(url: string, timeoutMs = REACH_TIMEOUT_MS): Promise<string | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve('It is not a URL.');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.resolve(`Only http and https URLs are opened (this one is ${target.protocol}).`);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = target.port === '' ? (target.protocol === 'https:' ? 443 : 80) : Number(target.port);
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (reason: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(
      () => done(classifyNetworkFailure(new ExchangeTimeoutError(timeoutMs), host).message),
      timeoutMs,
    );
    socket.once('connect', () => done(null));
    socket.once('error', (error) => done(classifyNetworkFailure(error, host).message));
  });
}
