import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { isLoopbackHost } from '../../shared/loopback-host';
import { sameSecret } from './session-gate';

/**
 * The one thing `checkout-console open` may ask a running browser-mode server: a new one-time
 * sign-in link. Only a program on this machine that read the owner-only control file knows the
 * secret; a browser page never can, and anything that looks like one (an Origin header) is
 * refused before the secret is even looked at.
 */
export const CONTROL_LAUNCH_LINK_PATH = '/control/launch-link';

/** The answer, parsed by `open` before it prints or opens anything. */
export const launchLinkAnswerSchema = z.strictObject({ url: z.url({ protocol: /^http$/ }) });
export type LaunchLinkAnswer = z.infer<typeof launchLinkAnswerSchema>;

export interface ControlEndpoint {
  secret: string;
  /** A new one-time launch URL. */
  mintLaunchUrl: () => string;
  headers: Readonly<Record<string, string>>;
}

function answer(response: ServerResponse, status: number, body: unknown, endpoint: ControlEndpoint): void {
  response.writeHead(status, {
    ...endpoint.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(status === 405 ? { Allow: 'POST' } : {}),
  });
  response.end(JSON.stringify(body));
}

/** The request came from this machine: over loopback, or to the bound address from itself. */
function fromThisMachine(request: IncomingMessage): boolean {
  const remote = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const local = (request.socket.localAddress ?? '').replace(/^::ffff:/, '');
  return remote !== '' && (isLoopbackHost(remote) || remote === local);
}

/** `Authorization: Bearer <secret>`, or null when the header is missing or of another scheme. */
function bearer(header: string | undefined): string | null {
  const match = /^Bearer ([\w-]+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}

export function answerControlRequest(
  request: IncomingMessage,
  response: ServerResponse,
  endpoint: ControlEndpoint,
): void {
  // The request carries no body worth reading; drain it so the connection ends cleanly.
  request.resume();
  if (request.method !== 'POST') {
    answer(response, 405, { error: 'Only POST is answered here.' }, endpoint);
    return;
  }
  if (request.headers.origin !== undefined || !fromThisMachine(request)) {
    answer(response, 403, { error: 'Forbidden: only checkout-console open on this machine.' }, endpoint);
    return;
  }
  const presented = bearer(request.headers.authorization);
  if (presented === null) {
    answer(response, 401, { error: 'Unauthorized: the control secret is missing.' }, endpoint);
    return;
  }
  if (!sameSecret(presented, endpoint.secret)) {
    answer(response, 403, { error: 'Forbidden: the control secret is wrong.' }, endpoint);
    return;
  }
  answer(response, 200, { url: endpoint.mintLaunchUrl() } satisfies LaunchLinkAnswer, endpoint);
}
