import { createHmac, timingSafeEqual } from 'node:crypto';
import { array, PhpRuntime, string } from './php-runtime';

/**
 * How the official client checks a notification (src/Tamara/Notification/**): NotificationService
 * takes POST only; Authenticator reads `Authorization` (`/Bearer\s(\S+)/`) or else the
 * `tamaraToken` request parameter, and decodes it with firebase/php-jwt (^6) as HS256 with the
 * notification token, no leeway; then the body, json_decode'd, becomes a WebhookMessage
 * (event_type) or, for the older approved form, an AuthoriseMessage (order_status).
 */

export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class ForbiddenException extends Error {}
export class NotificationException extends Error {}

const base64UrlDecode = (segment: string): Buffer => {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('Invalid base64url');
  return Buffer.from(segment, 'base64url');
};

/** JWT::decode($jwt, new Key($key, 'HS256')) of firebase/php-jwt 6. */
export function decodeJwt(token: string, key: string, nowSeconds: number): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('Wrong number of segments');
  const [head = '', body = '', signature = ''] = parts;
  const header = JSON.parse(base64UrlDecode(head).toString('utf8')) as Record<string, unknown>;
  const payload = JSON.parse(base64UrlDecode(body).toString('utf8')) as unknown;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new Error('Payload must be a JSON object');
  if (typeof header['alg'] !== 'string' || header['alg'] === '') throw new Error('Empty algorithm');
  if (header['alg'] !== 'HS256') throw new Error('Incorrect key for this algorithm');
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = base64UrlDecode(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error('Signature verification failed');
  const claims = payload as Record<string, unknown>;
  const number = (name: string) => (typeof claims[name] === 'number' ? claims[name] : undefined);
  const nbf = number('nbf');
  const iat = number('iat');
  const exp = number('exp');
  if (nbf !== undefined && Math.floor(nbf) > nowSeconds) throw new Error('Cannot handle token prior to nbf');
  if (nbf === undefined && iat !== undefined && Math.floor(iat) > nowSeconds)
    throw new Error('Cannot handle token prior to iat');
  if (exp !== undefined && nowSeconds >= exp) throw new Error('Expired token');
  return claims;
}

const header = (request: ReceivedRequest, name: string): string | null => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

/** Authenticator::authenticate. */
export function authenticate(request: ReceivedRequest, tokenKey: string, nowSeconds: number): void {
  const authorization = header(request, 'Authorization');
  const parameter = request.url.searchParams.get('tamaraToken');
  if (authorization === null && (parameter === null || parameter === ''))
    throw new ForbiddenException('Access denied.');
  let token: string;
  if (authorization !== null && authorization !== '') {
    const match = /Bearer\s(\S+)/.exec(authorization);
    if (match?.[1] === undefined) throw new ForbiddenException('Access denied.');
    token = match[1];
  } else token = parameter ?? '';
  try {
    decodeJwt(token, tokenKey, nowSeconds);
  } catch {
    throw new ForbiddenException('Access denied.');
  }
}

export interface NotificationMessage {
  orderId: string;
  orderReferenceId: string;
  data: unknown;
  /** WebhookMessage: event_type; AuthoriseMessage: order_status. */
  kind: 'webhook' | 'authorise';
  eventOrStatus: string;
  warnings: string[];
}

/**
 * NotificationService::processWebhook() (current form) or processAuthoriseNotification() (the
 * older approved form): POST only, authenticated, then the message built with strict types.
 */
export function processNotification(
  request: ReceivedRequest,
  tokenKey: string,
  kind: NotificationMessage['kind'],
  nowSeconds = Math.floor(Date.now() / 1000),
): NotificationMessage {
  if (request.method !== 'POST') throw new NotificationException('Bad request.');
  authenticate(request, tokenKey, nowSeconds);
  const php = new PhpRuntime();
  const body = array(JSON.parse(request.body), 'json_decode($request->getContent(), true)');
  const name = kind === 'webhook' ? 'WebhookMessage' : 'AuthoriseMessage';
  const last = kind === 'webhook' ? 'event_type' : 'order_status';
  return {
    orderId: string(php.at(body, 'order_id', name), `${name}::__construct() $orderId`),
    orderReferenceId: string(
      php.at(body, 'order_reference_id', name),
      `${name}::__construct() $orderReferenceId`,
    ),
    data: array(php.at(body, 'data', name), `${name}::__construct() $data`),
    kind,
    eventOrStatus: string(php.at(body, last, name), `${name}::__construct() ${last}`),
    warnings: php.warnings,
  };
}
