import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '../../shared/contract/transfer';
import { BRIDGE_PATH, SESSION_PATH, type SessionAnswer } from '../../shared/wire';
import type { ConsoleCore } from '../app';
import { serveBridgeOverWebSocket } from '../bridge/ws';
import { contentSecurityPolicy } from '../content-security-policy';
import { createBoundedServer, statusLine } from '../http/server-limits';
import { answerControlRequest, CONTROL_LAUNCH_LINK_PATH } from './control-endpoint';
import { isLoopbackHost } from '../../shared/loopback-host';
import { allowedHostHeaders, isAllowedHost, isAllowedOrigin } from './host-guard';
import { parseRequestTarget, sameOriginLocation } from './request-target';
import { createSessionGate } from './session-gate';
import { renderSignInPage, signInText, type SignInRefusal } from './sign-in-page';
import { serveStatic } from './static-files';

export interface BrowserModeOptions {
  host: string;
  port: number;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /**
   * The command that mints a new link for this console, named on the sign-in page: asked each
   * time (given the port this server took), as it must name the port once another console
   * serves the same data directory (`open` alone then asks which).
   */
  openCommand: string | ((port: number) => string);
}

export interface BrowserModeServer {
  /** The address to print and open, carrying the one-time token. */
  readonly launchUrl: string;
  readonly origin: string;
  readonly port: number;
  /** What `checkout-console open` presents to mint a new link; written only to the control file. */
  readonly controlSecret: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function refuse(response: ServerResponse, status: 400 | 403, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  response.end(message);
}

/** A browser gets the page that says how to get back in; anything else the same words as text. */
function refuseSignIn(
  request: IncomingMessage,
  response: ServerResponse,
  refusal: SignInRefusal,
  openCommand: string,
): void {
  const wantsHtml = (request.headers.accept ?? '').includes('text/html');
  response.writeHead(401, {
    'Content-Type': `${wantsHtml ? 'text/html' : 'text/plain'}; charset=utf-8`,
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
  });
  response.end(wantsHtml ? renderSignInPage(refusal, openCommand) : signInText(refusal, openCommand));
}

function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404): void {
  socket.end(`${statusLine(status)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * A CONNECT asks for a tunnel, as to a proxy: Node drops one without a byte unless 'connect' is
 * handled. Browser mode is no proxy: a plain 405 naming the methods it takes, then closed.
 */
function refuseConnect(socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  const text = 'Method Not Allowed: this console is not a proxy; CONNECT is not served here.\n';
  socket.end(
    `${statusLine(405)}\r\nAllow: GET, HEAD\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${text}`,
  );
}

export function isNonLoopbackHost(host: string): boolean {
  return !isLoopbackHost(host);
}

/**
 * Browser mode: the renderer and the bridge over one loopback HTTP server, guarded by a Host
 * allow-list (DNS rebinding), a one-time launch token traded for a session cookie, and an
 * Origin check on the WebSocket upgrade (cross-site WebSocket hijacking).
 */
export async function startBrowserModeServer(
  core: ConsoleCore,
  options: BrowserModeOptions,
): Promise<BrowserModeServer> {
  const server = createBoundedServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const allowedHosts = allowedHostHeaders(options.host, port);
  const gate = createSessionGate(port);
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  const origin = `http://${hostForUrl}:${port}`;
  const controlSecret = randomBytes(32).toString('base64url');
  const openCommand = () =>
    typeof options.openCommand === 'string' ? options.openCommand : options.openCommand(port);
  const consoleId = randomBytes(16).toString('base64url');
  const sessionAnswer = () =>
    JSON.stringify({ console: consoleId, openCommand: openCommand() } satisfies SessionAnswer);
  const launchUrlFor = (token: string) => `${origin}/?token=${token}`;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isAllowedHost(request.headers.host, allowedHosts)) {
      refuse(response, 403, 'Forbidden: this console only answers to its own address.');
      return;
    }
    const url = parseRequestTarget(request.url, origin);
    if (url === null) {
      refuse(response, 400, 'Bad request: the request target is not a URL.');
      return;
    }
    if (url.pathname === CONTROL_LAUNCH_LINK_PATH) {
      answerControlRequest(request, response, {
        secret: controlSecret,
        mintLaunchUrl: () => launchUrlFor(gate.mintLaunchToken()),
        headers: SECURITY_HEADERS,
      });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', ...SECURITY_HEADERS });
      response.end();
      return;
    }
    const token = url.searchParams.get('token');
    if (token !== null) {
      const hadSession = gate.hasSession(request.headers.cookie);
      const cookie = hadSession ? null : gate.exchange(token);
      if (!hadSession && cookie === null) {
        refuseSignIn(request, response, 'link-spent', openCommand());
        return;
      }
      url.searchParams.delete('token');
      response.writeHead(302, {
        ...(cookie === null ? {} : { 'Set-Cookie': cookie }),
        Location: sameOriginLocation(url),
        ...SECURITY_HEADERS,
      });
      response.end();
      return;
    }
    if (!gate.hasSession(request.headers.cookie)) {
      refuseSignIn(request, response, 'no-session', openCommand());
      return;
    }
    if (url.pathname === SESSION_PATH) {
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        ...SECURITY_HEADERS,
      });
      response.end(sessionAnswer());
      return;
    }
    response.setHeaders(new Map(Object.entries(SECURITY_HEADERS)));
    serveStatic(options.staticDir, url.pathname, response);
  });

  server.on('connect', (_request: IncomingMessage, socket: Duplex) => refuseConnect(socket));

  const wss = new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET_MAX_MESSAGE_BYTES });
  const stopBridge = serveBridgeOverWebSocket(wss, core.dispatcher, core.bus, core.profiles);
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const target = parseRequestTarget(request.url, origin);
    if (target === null) return refuseUpgrade(socket, 400);
    if (target.pathname !== BRIDGE_PATH) return refuseUpgrade(socket, 404);
    if (!isAllowedHost(request.headers.host, allowedHosts)) return refuseUpgrade(socket, 403);
    if (!isAllowedOrigin(request.headers.origin, allowedHosts)) return refuseUpgrade(socket, 403);
    if (!gate.hasSession(request.headers.cookie)) return refuseUpgrade(socket, 401);
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
  });

  return {
    launchUrl: launchUrlFor(gate.launchToken),
    origin,
    port,
    controlSecret,
    async close() {
      stopBridge();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
