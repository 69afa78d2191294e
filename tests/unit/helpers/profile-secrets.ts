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

/** Every byte percent-encoded, as a client may write any character of a path, query or form body. */
export const percentEncodedWhole = (text: string): string =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Every character as a JSON `\uXXXX` escape, as a JSON body may write any of them. */
export const jsonEscapedWhole = (text: string): string =>
  [...text].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
