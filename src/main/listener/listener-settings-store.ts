import { z } from 'zod';
import {
  DEFAULT_LISTENER_SETTINGS,
  listenerSettingsInputSchema,
  listenerSettingsSchema,
  type ListenerSettings,
} from '../../shared/listener';
import { withoutCredentials } from '../../shared/http-url';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { parseInput } from '../parse-input';
import type { SettingsRepository } from '../store/settings-repository';
import { LISTENER_SETTINGS_SETTING } from '../../shared/stored-settings';

const SETTINGS_KEY = LISTENER_SETTINGS_SETTING.key;
/**
 * The forward-to URL last saved with the yes a live profile's address needs (or null): kept
 * beside the settings, not in them, since no one types it. A forward-to that is a live address
 * is forwarded to only while it is this one (listener-service.ts holds it otherwise), so a URL
 * saved before its profile became live, or saved by another door, is never sent on unasked.
 */
const LIVE_CONFIRMED_KEY = 'listener.forwardToConfirmedLive';
const liveConfirmedSchema = z.string().nullable();

/**
 * Settings as read: a forward-to URL an earlier version stored with a user name or password
 * (refused as input now) is read without them. They were never sent, so forwards go where they
 * went; the other settings keep their values (a failed parse would reset them all to the
 * defaults); the next save writes the URL without them.
 */
function asRead(stored: ListenerSettings): ListenerSettings {
  if (stored.forwardTo === null) return stored;
  const forwardTo = withoutCredentials(stored.forwardTo);
  return forwardTo === stored.forwardTo ? stored : { ...stored, forwardTo };
}

/**
 * Listener settings in the settings table (one JSON value), defaults when absent. Read as
 * stored each time (another process on the data directory may have saved them), and a patch
 * goes over what is stored now, so it never puts back fields another process changed; with
 * `expected`, neither does it overwrite a patched field changed elsewhere since (a conflict).
 * `transaction` makes the read, the check and the write one.
 */
export function createListenerSettingsStore(
  settings: SettingsRepository,
  transaction: <T>(fn: () => T) => T = (fn) => fn(),
) {
  // Field by field: a damaged forwardTo reset all of them before (200 answered, 503 stored).
  const readStored = settings.lenientReader(SETTINGS_KEY, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
  // Read on every webhook: the URL is looked at again only when the stored value changed.
  let last: { stored: ListenerSettings; read: ListenerSettings } | null = null;
  const read = (): ListenerSettings => {
    const stored = readStored().value;
    if (last?.stored !== stored) last = { stored, read: asRead(stored) };
    return last.read;
  };
  return {
    get(): ListenerSettings {
      return read();
    },
    /** What of the stored value could not be read (each field, its stored value, the default used), for the window to say. */
    unreadable(): string[] {
      return readStored().unreadable;
    },
    /** The forward-to URL saved with a live profile's yes, if any (unreadable: none). */
    liveConfirmedForwardTo(): string | null {
      const text = settings.storedText(LIVE_CONFIRMED_KEY);
      if (text === undefined) return null;
      try {
        return liveConfirmedSchema.catch(null).parse(JSON.parse(text));
      } catch {
        return null;
      }
    },
    /**
     * `confirmedLive`: the forward-to given was confirmed for a live profile's address. Any
     * forward-to saved replaces the confirmation: a new URL is never taken as the one confirmed.
     */
    update(
      patch: Partial<ListenerSettings>,
      expected?: Partial<ListenerSettings>,
      confirmedLive = false,
    ): ListenerSettings {
      // The patch is input (whatever door it came through); what is stored already is not.
      const checked = parseInput(listenerSettingsInputSchema.partial(), patch);
      return transaction(() => {
        const stored = read();
        refuseChangedElsewhere('Listener settings', stored, checked, expected);
        const next = parseInput(listenerSettingsSchema, { ...stored, ...checked });
        settings.set(SETTINGS_KEY, next);
        if (checked.forwardTo !== undefined)
          settings.set(LIVE_CONFIRMED_KEY, confirmedLive ? checked.forwardTo : null);
        return next;
      });
    },
  };
}
export type ListenerSettingsStore = ReturnType<typeof createListenerSettingsStore>;
