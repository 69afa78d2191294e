import { MASK_PREFIX, maskSecret, type OperationName } from '../../shared/profile';
import type { HeaderList } from '../../shared/events';
import { depthBeyond, JSON_MAX_DEPTH, stringifyIteratively } from '../../shared/bounded-json';
import type { EditedHeader, NotificationPlan, PlannedRequest } from '../../shared/merchant-api';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';
import { APP_VERSION } from '../version';
import { resolveEditedHeaders, type AuthorizationChoice } from './edited-headers';
import { setInJsonText } from '../../shared/json-text-edit';
import { getAtDottedPath, setAtDottedPath } from './json-path-value';
import type { NotificationTarget } from './notification-target';

/** The body of a create-checkout call: a JSON value from the builder, or raw text as typed. */
export type CheckoutBody =
  { kind: 'json'; payload: unknown; sourceText?: string | undefined } | { kind: 'raw'; text: string };

/** A request ready to go: `plan` is what people see (token masked), `headers` what is sent. */
export interface PreparedRequest {
  plan: PlannedRequest;
  headers: HeaderList;
  body: Buffer | null;
  /** How its Authorization was chosen when the headers were edited (absent: the profile's). */
  authorization?: AuthorizationChoice;
}

/** `{base_url}` + path, whether or not the base URL ends with a slash or carries a path. */
export function joinServiceUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The headers every call to the service carries: `real` goes out, `masked` is what records and
 * screens show (the bearer token masked). Scenario steps that call the emulator use it too.
 */
export function serviceRequestHeaders(
  apiToken: string | null,
  hasBody: boolean,
): { real: HeaderList; masked: HeaderList } {
  const common: HeaderList = [
    ['Accept', 'application/json'],
    ['User-Agent', `checkout-console/${APP_VERSION}`],
  ];
  if (hasBody) common.unshift(['Content-Type', 'application/json']);
  if (apiToken === null) return { real: common, masked: common };
  return {
    real: [['Authorization', `Bearer ${apiToken}`], ...common],
    masked: [['Authorization', `Bearer ${maskSecret(apiToken).masked ?? MASK_PREFIX}`], ...common],
  };
}

function prepared(
  operation: PlannedRequest['operation'],
  method: PlannedRequest['method'],
  url: string,
  apiToken: string | null,
  body: string | null,
): PreparedRequest {
  const headers = serviceRequestHeaders(apiToken, body !== null);
  return {
    plan: { operation, method, url, headers: headers.masked, body },
    headers: headers.real,
    body: body === null ? null : Buffer.from(body, 'utf8'),
  };
}

/**
 * Decides whether the listener's URL goes into the payload's notification field: only when
 * asked, only into a JSON object, only when the field is empty, and only when there is a URL.
 */
export function planNotification(
  body: CheckoutBody,
  field: string,
  target: NotificationTarget,
  enabled: boolean,
): { plan: NotificationPlan; payload: unknown } {
  const keep = (url: string | null, reason: string) => ({
    plan: { path: field, url, injected: false, reason },
    payload: body.kind === 'json' ? body.payload : null,
  });
  if (body.kind === 'raw') return keep(null, 'The raw body is sent exactly as typed.');
  const current = getAtDottedPath(body.payload, field);
  const currentUrl = typeof current === 'string' && current.trim() !== '' ? current : null;
  if (currentUrl !== null) return keep(currentUrl, `${field} is already set; it is sent as it is.`);
  if (!enabled) return keep(null, 'Filling in the listener URL is turned off.');
  if (typeof body.payload !== 'object' || body.payload === null || Array.isArray(body.payload))
    return keep(null, 'The payload is not a JSON object, so nothing can be filled in.');
  if (depthBeyond(body.payload, JSON_MAX_DEPTH) !== null)
    return keep(
      null,
      `The payload nests deeper than ${JSON_MAX_DEPTH} levels, so nothing is filled in; it is sent as it is.`,
    );
  if (target.url === null) return keep(null, target.reason);
  return {
    plan: {
      path: field,
      url: target.url,
      injected: true,
      reason: `${field} was empty: filled in with ${target.source}.`,
    },
    payload: setAtDottedPath(body.payload as Record<string, unknown>, field, target.url),
  };
}

/**
 * The text that goes out: raw text as typed; a payload's own text as its author wrote it (a
 * number's digits, a key given twice, the spacing), with the listener URL put into it in place
 * when it was filled in; else (no text, or one that cannot take it in place) the payload written out.
 */
function bodyTextOf(body: CheckoutBody, planned: { plan: NotificationPlan; payload: unknown }): string {
  if (body.kind === 'raw') return body.text;
  if (body.sourceText !== undefined && !planned.plan.injected) return body.sourceText;
  if (body.sourceText !== undefined && planned.plan.url !== null) {
    const edited = setInJsonText(body.sourceText, planned.plan.path.split('.'), planned.plan.url);
    if (edited !== null) return edited;
  }
  // A payload too deep for JSON.stringify's recursion (a negative test) is written without it.
  if (depthBeyond(planned.payload, JSON_MAX_DEPTH) !== null) return stringifyIteratively(planned.payload);
  return JSON.stringify(planned.payload, null, 2);
}

/** How the payload is to be judged: its form, and (education) whether single checkout is on. */
export interface CheckoutJudging {
  form: 'general' | 'education';
  singleCheckout?: boolean;
}

/**
 * The local emulator judges a request by its own settings unless the request names its form;
 * the console names it, so Send to Local judges the document as the builder does. Only local
 * profiles: a real service is never sent the emulator's headers.
 */
function emulatorHeaders(profile: StoredProfile, judging: CheckoutJudging | undefined): HeaderList {
  if (profile.fields.environment !== 'local' || judging === undefined) return [];
  const headers: HeaderList = [['X-Emulator-Checkout-Form', judging.form]];
  if (judging.form === 'education')
    headers.push(['X-Emulator-Single-Checkout', judging.singleCheckout === false ? 'disabled' : 'enabled']);
  return headers;
}

export function prepareCreateCheckout(
  profile: StoredProfile,
  apiToken: string | null,
  body: CheckoutBody,
  notification: { target: NotificationTarget; enabled: boolean },
  judging?: CheckoutJudging,
): { request: PreparedRequest; notification: NotificationPlan; payload: unknown } {
  const planned = planNotification(
    body,
    profile.fields.notificationField,
    notification.target,
    notification.enabled,
  );
  const text = bodyTextOf(body, planned);
  const url = joinServiceUrl(profile.fields.baseUrl, '/checkout');
  const request = prepared('createCheckout', 'POST', url, apiToken, text);
  const extra = emulatorHeaders(profile, judging);
  return {
    request: {
      plan: { ...request.plan, headers: [...request.plan.headers, ...extra] },
      headers: [...request.headers, ...extra],
      body: request.body,
    },
    notification: planned.plan,
    payload: planned.payload,
  };
}

/**
 * A follow-up call as the person edited it. The URL must stay on the profile's own origin:
 * the API token rides along, and must never be sent anywhere else.
 */
export function prepareFollowUp(
  profile: StoredProfile,
  apiToken: string | null,
  operation: OperationName,
  edited: {
    method: PlannedRequest['method'];
    url: string;
    body: string | null;
    /** The headers as edited in the window; absent: the profile's usual ones. */
    headers?: readonly EditedHeader[] | undefined;
  },
): PreparedRequest {
  let target: URL;
  try {
    target = new URL(edited.url);
  } catch {
    throw ConsoleError.invalid('url', 'Enter a full URL, such as the one prepared for you');
  }
  const base = new URL(profile.fields.baseUrl);
  if (target.origin !== base.origin) {
    throw ConsoleError.invalid(
      'url',
      `The URL must stay on the profile's service (${base.origin}); the API token is never sent anywhere else`,
    );
  }
  const body = edited.body === null || edited.body.trim() === '' ? null : edited.body;
  const request = prepared(operation, edited.method, target.toString(), apiToken, body);
  if (edited.headers === undefined) return request;
  const headers = resolveEditedHeaders(edited.headers, apiToken, profile.fields.name);
  return {
    ...request,
    plan: { ...request.plan, headers: headers.shown },
    headers: headers.real,
    authorization: headers.authorization,
  };
}
