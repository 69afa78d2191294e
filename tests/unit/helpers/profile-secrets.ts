import type { ConsoleCore } from '../../../src/main/app';

export interface EverySecret {
  apiToken: string;
  notificationToken: string;
  /** The registered webhook's `X-Api-Key` value. */
  headerValue: string;
}

/**
 * A profile's API and notification tokens and the registered webhook's header value set: each
 * kind of secret the console knows by its value, and masks wherever a record echoes it.
 */
export function setEverySecret(core: ConsoleCore, profileName: string, secrets: EverySecret): void {
  const profile = core.profiles.findByName(profileName);
  if (profile === undefined) throw new Error(`no profile "${profileName}"`);
  core.profiles.update(
    profile.id,
    {},
    {
      apiToken: { action: 'set', value: secrets.apiToken },
      notificationToken: { action: 'set', value: secrets.notificationToken },
    },
  );
  core.profiles.webhookHeaders.replace([
    { name: 'X-Api-Key', value: { action: 'set', value: secrets.headerValue } },
  ]);
}
