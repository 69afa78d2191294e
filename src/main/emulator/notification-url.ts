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

/**
 * Where a notification goes: the checkout request's notification URL (an event beyond the
 * spec's three only while extensionEventsToRequestUrl is on), else the webhook registered for
 * its event (the emulator's settings), else nowhere (null).
 */
export function notificationTarget(
  order: Pick<EmulatorOrderRow, 'notificationUrl'>,
  eventType: string,
  settings: TargetSettings,
): string | null {
  if (order.notificationUrl !== null)
    return withheldFromRequestUrl(eventType, settings) ? null : order.notificationUrl;
  if (settings.webhookUrl === null) return null;
  return (settings.webhookEvents as readonly string[]).includes(eventType) ? settings.webhookUrl : null;
}

/**
 * Why a notification being queued will not go out (null: it will), in the words its "Not sent"
 * record carries: withheld from the request's URL by the settings, or whyNotSendable's reasons.
 */
export function whyNotQueued(
  order: Pick<EmulatorOrderRow, 'notificationUrl'>,
  eventType: string,
  settings: TargetSettings,
): string | null {
  if (order.notificationUrl !== null && withheldFromRequestUrl(eventType, settings))
    return `Not sent: ${eventType} is not one of the spec's three event types, and "${EXTENSION_EVENTS_TO_REQUEST_URL_LABEL}" is off (Emulator → Settings), so it does not go to ${order.notificationUrl}.`;
  return whyNotSendable(notificationTarget(order, eventType, settings), eventType);
}

/**
 * Whether a queued notification goes to the registered webhook, so that the headers registered
 * with it go too: the order's checkout request named no URL of its own, and the registered URL
 * is still the one it was queued for. Once the registration moved to another URL, its headers
 * (often that endpoint's key) are the new URL's: a notification still bound for the old one
 * goes without them.
 */
export function goesToRegisteredWebhook(
  order: Pick<EmulatorOrderRow, 'notificationUrl'> | undefined,
  url: string | null,
  settings: Pick<EmulatorSettings, 'webhookUrl'>,
): boolean {
  return order !== undefined && order.notificationUrl === null && url !== null && url === settings.webhookUrl;
}
