import type { ListenerStatus } from '../../shared/listener';
import { emulatorPortOf } from '../emulator/emulator-port';
import type { RunningListener } from '../running-addresses/address-record';
import type { StoredProfile } from '../store/profiles-repository';

/** Where a profile's notifications can reach a listener, or why no address can be named. */
export type NotificationTarget = { url: string; source: string } | { url: null; reason: string };

/**
 * Where the service can reach our listener for this profile. A public URL (a tunnel) wins; the
 * local emulator runs on this machine, so it can also use the loopback listener directly; a
 * remote service cannot, so without a public URL nothing is filled in.
 *
 * A process that runs no listener (a one-shot `send`, or a console whose listener was stopped)
 * names the address the profile's listener takes in any console on this data directory, its
 * fixed port: `serve` or the desktop app receives the order's notifications there, and while no
 * listener runs the emulator's deliveries fail and are retried, as a merchant's would. Before,
 * nothing was filled in, and an order created from a terminal beside a running console had its
 * notifications go nowhere.
 *
 * Before that guess, the listeners other processes on this data directory say they run
 * (`running`, read only when needed; see address-record.ts, and address-record-cache.ts for a
 * console that sends again and again): one running for this very
 * profile is where its notifications arrive, whatever port it took (port 0, `listen --port`),
 * so a profile whose listener takes any free port is reached too while a console runs it.
 * A listener running for another profile is not used: it verifies with another token.
 *
 * A console whose own listener could not bind the port because something else holds it says so
 * with the port it fills in (`status.portTakenBy`): the notifications go to whatever holds it.
 */
export function notificationUrlFor(
  profile: StoredProfile,
  status: ListenerStatus,
  running: () => readonly RunningListener[] = () => [],
): NotificationTarget {
  const { publicListenerUrl, environment, listenerPort } = profile.fields;
  if (publicListenerUrl !== null)
    return { url: publicListenerUrl, source: "the profile's public listener URL" };
  if (environment !== 'local')
    return {
      url: null,
      reason: "No listener URL: set the profile's public listener URL (a tunnel) to receive webhooks.",
    };
  if (status.running && status.profileId === profile.id && status.url !== null)
    return { url: status.url, source: "this console's listener for the profile" };
  const elsewhere = running().find((listener) => listener.profileId === profile.id);
  if (elsewhere !== undefined)
    return {
      url: elsewhere.url,
      source: `the listener ${elsewhere.runBy} runs for the profile on this data directory`,
    };
  if (status.running)
    return {
      url: null,
      reason: `No listener URL: this console's listener runs for profile ${status.profileName ?? 'another'}, not this one.`,
    };
  if (listenerPort === 0)
    return {
      url: null,
      reason:
        "No listener URL: the profile's listener takes any free port, so its address is not known here; give it a fixed listener port, or a public listener URL.",
    };
  const emulator = emulatorPortOf(profile.fields.baseUrl);
  if ('port' in emulator && emulator.port === listenerPort)
    return {
      url: null,
      reason: `No listener URL: the profile's listener port ${listenerPort} is its base URL's own port (the emulator); give the listener another port.`,
    };
  const url = `http://127.0.0.1:${listenerPort}`;
  // This console tried the port and something it cannot name held it: "a console listens there"
  // would be false while it knows so. Still filled in: what holds it may take them on purpose.
  if (status.portTakenBy === 'other' && status.configuredPort === listenerPort)
    return {
      url,
      source: `the profile's listener port, though this console's listener is not running: something else on this machine held port ${listenerPort} when it tried to listen there (the Listener view says so), and takes what is sent there instead of this console`,
    };
  return {
    url,
    // Not looked at: nothing may listen there yet, or another program may hold the port.
    source:
      "the profile's listener port, where a console on this data directory listens while it runs (not checked from here)",
  };
}
