import { EXTENSION_EVENTS_TO_REQUEST_URL_LABEL, type EmulatorSettings } from '../../shared/emulator';
import { SPEC_EVENT_TYPES } from '../../shared/orders/order-states';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { isServiceTokenPart, serviceTokenPart } from '../http/service-token-query';

/**
 * Where a notification goes and the URL it goes out on: the emulator's deliveries and the
 * console's own sends (check-endpoint, scenarios) place `serviceToken` the same way.
 */

/**
 * Why a notification cannot go out (null: it can): nowhere to send it, or a URL the service
 * cannot POST to. The spec delivers notifications by HTTP POST; a checkout request may still
 * name any URI (ftp://…), and such a one would otherwise be attempted, and fail before it left,
 * again after every lease, with nothing recorded but an empty attempt.
 */
export function whyNotSendable(url: string | null, eventType: string): string | null {
  if (url === null)
    return `Not sent: the checkout request had no notification URL, and no webhook is registered for ${eventType} (Emulator → Settings → Registered webhook).`;
  const protocol = URL.parse(url)?.protocol;
  if (protocol === 'http:' || protocol === 'https:') return null;
  return `Not sent: the notification URL ${url} is not an http:// or https:// URL, and the service delivers notifications by HTTP POST.`;
}

/**
 * The notification URL with `serviceToken` added (null: with none). The merchant's own query is
 * kept as written (`x=a%20b` stays, where URLSearchParams would rewrite every parameter as
 * `x=a+b`): an endpoint that checks or signs its URL sees the one it registered. A
 * `serviceToken` the URL already has is taken out first, so only the one sent is there. The
 * emulator's deliveries and the console's own sends (check-endpoint, scenarios) both place it here.
 */
export function withServiceToken(notificationUrl: string, token: string | null): URL {
  const url = new URL(notificationUrl);
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !isServiceTokenPart(part));
  if (token !== null) kept.push(serviceTokenPart(token));
  url.search = kept.length === 0 ? '' : `?${kept.join('&')}`;
  return url;
}

type TargetSettings = Pick<EmulatorSettings, 'webhookUrl' | 'webhookEvents' | 'extensionEventsToRequestUrl'>;

/**
 * Whether an event the spec does not name is kept from the checkout request's own notification
 * URL: the spec leaves such events "not shown", so whether the service sends any there is the
 * setting extensionEventsToRequestUrl (on by default, as the emulator always did).
 */
function withheldFromRequestUrl(eventType: string, settings: TargetSettings): boolean {
  return (
    !settings.extensionEventsToRequestUrl && !(SPEC_EVENT_TYPES as readonly string[]).includes(eventType)
  );
}

/** The webhook registered for `eventType` (the emulator's settings), or null: none, or not for it. */
function registeredFor(eventType: string, settings: TargetSettings): string | null {
  if (settings.webhookUrl === null) return null;
  return (settings.webhookEvents as readonly string[]).includes(eventType) ? settings.webhookUrl : null;
}

/**
 * Where a notification goes: the checkout request's notification URL (an event beyond the
 * spec's three only while extensionEventsToRequestUrl is on), else the webhook registered for
 * its event (the emulator's settings), else nowhere (null). The spec delivers "to the URL given
 * in the checkout request or to the URL registered for the event": an event withheld from the
 * first still goes to the second, as it would for an order that named no URL.
 */
export function notificationTarget(
  order: Pick<EmulatorOrderRow, 'notificationUrl'>,
  eventType: string,
  settings: TargetSettings,
): string | null {
  if (order.notificationUrl !== null && !withheldFromRequestUrl(eventType, settings))
    return order.notificationUrl;
  return registeredFor(eventType, settings);
}

/**
 * Why a notification being queued will not go out (null: it will), in the words its "Not sent"
 * record carries: withheld from the request's URL by the settings with no webhook registered for
 * it (both said, so neither reads as the whole story), or whyNotSendable's reasons.
 */
export function whyNotQueued(
  order: Pick<EmulatorOrderRow, 'notificationUrl'>,
  eventType: string,
  settings: TargetSettings,
): string | null {
  if (
    order.notificationUrl !== null &&
    withheldFromRequestUrl(eventType, settings) &&
    registeredFor(eventType, settings) === null
  )
    return `Not sent: ${eventType} is not one of the spec's three event types, and "${EXTENSION_EVENTS_TO_REQUEST_URL_LABEL}" is off (Emulator → Settings), so it does not go to ${order.notificationUrl}; and no webhook is registered for ${eventType} (Emulator → Settings → Registered webhook).`;
  return whyNotSendable(notificationTarget(order, eventType, settings), eventType);
}

/**
 * Whether a queued notification goes to the registered webhook, so that the headers registered
 * with it go too: it was queued for the registered webhook, not for the order's own URL (the
 * order named none, named another, or this event is withheld from it: notificationTarget's
 * choice), and the registered URL is still the one it was queued for. Once the registration
 * moved to another URL, its headers (often that endpoint's key) are the new URL's: a
 * notification still bound for the old one goes without them. When the order named the
 * registered URL itself, only the settings tell which it was queued for; they are read as the
 * attempt goes out, as the headers are.
 */
export function goesToRegisteredWebhook(
  order: Pick<EmulatorOrderRow, 'notificationUrl'> | undefined,
  queued: { url: string | null; eventType: string },
  settings: TargetSettings,
): boolean {
  if (order === undefined || queued.url === null || queued.url !== settings.webhookUrl) return false;
  return order.notificationUrl !== queued.url || withheldFromRequestUrl(queued.eventType, settings);
}
