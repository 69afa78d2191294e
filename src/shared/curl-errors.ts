import type { ConsoleCommand } from './console-command';

/** Thrown when an outbound request's API token is asked for without main supplying it. */
export class CurlApiTokenRequired extends Error {
  constructor(id: number, consoleCommand: ConsoleCommand) {
    super(
      `Record ${id} is an outbound request: its API token is a profile secret that only the console process can add ` +
        `(the desktop app's "Copy with API token", or \`${consoleCommand(`curl ${id} --with-token`)}\`).`,
    );
    this.name = 'CurlApiTokenRequired';
  }
}

/**
 * Thrown for a record curl cannot send again as it arrived: the raw bytes of a request the
 * listener could not parse (no method, no target), a request whose target is not an http(s)
 * address (CONNECT names a tunnel), or an absolute-form one (it names a host the sender chose).
 * The message says why, and how to send it again another way.
 */
export class CurlCannotReproduce extends Error {
  /** The refusal as the window says it: the message is the terminal's, and names its commands. */
  readonly inWindow: string;
  /**
   * The command with the token is refused alike (the target, not a token, is what stops it): the
   * window's token switch has nothing to offer. A raw request's refusal with its token says how
   * to send its bytes, which it cannot say with them REDACTED.
   */
  readonly whateverTheToken: boolean;

  constructor(message: string, options: { inWindow?: string; whateverTheToken?: boolean } = {}) {
    super(message);
    this.name = 'CurlCannotReproduce';
    this.inWindow = options.inWindow ?? message;
    this.whateverTheToken = options.whateverTheToken ?? false;
  }
}
