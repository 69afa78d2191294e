/**
 * A webhook that arrived in absolute form (`POST http://evil.example/hook HTTP/1.1`) gets no cURL
 * command (curl.ts says why); Replay sends it to the listener again. How to ask for that depends
 * on where the refusal is read: a terminal runs `replay <id>`, the window has no terminal to run
 * it in and replays from the Timeline (a ticked row's Replay…, which opens the Replay view).
 */
export const ABSOLUTE_FORM_WAYS_OUT = {
  window: "Replay sends it to the listener again: tick its row, then Replay… in the Timeline's toolbar.",
  terminal: (replayCommand: string) => `\`${replayCommand}\` sends it to the listener again.`,
} as const;

/** The refusal of an absolute-form webhook, `cause` saying what it named, in each place's words. */
export function absoluteFormRefusal(
  cause: string,
  replayCommand: string,
): { terminal: string; window: string } {
  return {
    terminal: `${cause} ${ABSOLUTE_FORM_WAYS_OUT.terminal(replayCommand)}`,
    window: `${cause} ${ABSOLUTE_FORM_WAYS_OUT.window}`,
  };
}
