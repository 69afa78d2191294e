/** Why a replay was refused, in a window's words and, where they differ, a terminal's. */
export class ReplayError extends Error {
  constructor(
    message: string,
    /**
     * The refusal as a terminal says it, where the message's way out (the Replay view's) is not
     * there: said as the chosen webhooks' issue, which the CLI says in place of the message.
     */
    readonly inTerminal: string | null = null,
  ) {
    super(message);
  }
}
