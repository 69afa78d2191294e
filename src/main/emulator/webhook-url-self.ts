import { ConsoleError } from '../console-error';
import { namesListenerLiterally } from '../listener/forward-guard';

/**
 * Refuses a registered webhook URL that is this emulator itself (its port on any loopback
 * spelling): the emulator's routes are the service's, never a merchant endpoint, so every
 * notification sent there would fail as "answered 401" after all its attempts, saying nothing of
 * why. The listener's URL or a merchant's endpoint is what belongs there.
 */
export function refuseWebhookAtItself(webhookUrl: string | null | undefined, ownPort: number | null): void {
  if (typeof webhookUrl !== 'string' || ownPort === null) return;
  const url = URL.parse(webhookUrl);
  if (url === null || namesListenerLiterally(url, ownPort) !== true) return;
  const message = `The webhook URL is this emulator itself (port ${ownPort}), which answers as the service and takes no notifications: register the listener's URL or the merchant's endpoint.`;
  throw new ConsoleError('invalid_input', `webhookUrl: ${message}`, [{ path: 'webhookUrl', message }]);
}
