import type { ConsoleCommand } from '../../shared/console-command';
import { shellQuote } from '../../shared/shell-quote';
import { ConsoleError } from '../console-error';

/** A stored secret this process cannot open: what it is, and why. */
export interface UnopenedSecret {
  /** `Sandbox's API token`, `a former token`, `the registered webhook's header X-Api-Key`. */
  what: string;
  why: string;
  /** A profile's token now (not a former one, not a webhook header value). */
  current: boolean;
  /**
   * The command that forgets it (`profiles forget-secret Sandbox`, `… --former`), or how else
   * it leaves (a registered webhook header value is replaced first): the way out of a refusal.
   */
  wayOut: string;
}

/** Every stored secret this process can open, and every one it cannot, named. */
export interface SecretsHere {
  secrets: string[];
  unopened: UnopenedSecret[];
}

/**
 * The way out for a profile's token that cannot be opened here, on this data directory (`command`).
 * Without `--yes`: run as named, it says what it would forget and what that means before
 * anything is forgotten.
 */
export const forgetTokenCommand = (command: ConsoleCommand, profileName: string) =>
  command(`profiles forget-secret ${shellQuote(profileName)}`);

/** The way out for former secrets that cannot be opened here (without `--yes`, as above). */
export const forgetFormerCommand = (command: ConsoleCommand) => command('profiles forget-secret --former');

/** A token that must be used or masked here and cannot be opened: which, why, and the way out. */
export function unopenedTokenError(what: string, why: string, wayOut: string): ConsoleError {
  return new ConsoleError(
    'failed',
    `${what} cannot be opened here: ${why}. Use the console that sealed it, or forget it (${wayOut}) and set it again (profiles set).`,
  );
}
