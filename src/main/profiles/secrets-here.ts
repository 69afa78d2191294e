import type { ProfilesRepository } from '../store/profiles-repository';
import type { FormerSecrets } from './former-secrets';
import type { ConsoleCommand } from '../../shared/console-command';
import {
  forgetFormerCommand,
  forgetTokenCommand,
  type SecretsHere,
  type UnopenedSecret,
} from './unopened-secret';
import type { Vault } from './vault';
import type { WebhookHeaderSecrets } from './webhook-header-secrets';

interface Sources {
  profiles: Pick<ProfilesRepository, 'sealedTokens'>;
  webhookHeaders: Pick<WebhookHeaderSecrets, 'sealed'>;
  former: Pick<FormerSecrets, 'sealedNow'>;
  vault: Vault;
  consoleCommand: ConsoleCommand;
}

/**
 * Every stored secret (profiles' tokens, registered webhook header values, former secrets) this
 * process can open, and every one it cannot, named with why and the way out. Never throws for
 * one: nothing here can mask an echo of an unopened one, and the callers say so.
 */
export function createSecretsHere({
  profiles,
  webhookHeaders,
  former,
  vault,
  consoleCommand,
}: Sources): () => SecretsHere {
  const forgetFormer = forgetFormerCommand(consoleCommand);
  // What the last call opened, by sealed text: the list is read again on every call (a token
  // set by another process on the data directory is in the next one), but opening every sealed
  // value again each time cost ~80 µs with four profiles, and the timeline's rows ask for it on
  // every push to a window. A sealed text opens to one value only; main holds these values in
  // memory anyway. Kept to the last list's values, so a forgotten one leaves it.
  let openedBefore = new Map<string, string>();
  return () => {
    const secrets: string[] = [];
    const unopened: UnopenedSecret[] = [];
    const opened = new Map<string, string>();
    const add = (sealed: string | null, what: string, current: boolean, wayOut: string) => {
      if (sealed === null) return;
      try {
        const value = openedBefore.get(sealed) ?? vault.open(sealed);
        opened.set(sealed, value);
        secrets.push(value);
      } catch {
        unopened.push({ what, why: vault.whyUnopened(sealed), current, wayOut });
      }
    };
    for (const { name, apiTokenSealed, notificationTokenSealed } of profiles.sealedTokens()) {
      const wayOut = forgetTokenCommand(consoleCommand, name);
      add(apiTokenSealed, `${name}'s API token`, true, wayOut);
      add(notificationTokenSealed, `${name}'s notification token`, true, wayOut);
    }
    for (const { name, sealed } of webhookHeaders.sealed())
      add(
        sealed,
        `the registered webhook's header ${name}`,
        false,
        `register that header's value again (Emulator → Settings), then ${forgetFormer}`,
      );
    for (const sealed of former.sealedNow())
      add(sealed, 'a former token (replaced or removed)', false, forgetFormer);
    openedBefore = opened;
    return { secrets: [...new Set(secrets)], unopened };
  };
}
