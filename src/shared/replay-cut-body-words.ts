/**
 * A webhook stored cut (over the listener's body limit) is refused a replay as it came: what to
 * do instead depends on where it is asked. The Replay view can edit the body; with its editor on
 * and left as loaded, the stored (cut) bytes are what would go, so the body is to be changed;
 * `replay` in a terminal has no way to edit one. Main says the window's words as the refusal's
 * message and the terminal's as its issue (the CLI says an issue in place of the message); the
 * view swaps in the editor's while its editor is on.
 */
export const CUT_BODY_WAYS_OUT = {
  window: 'Edit the body to replay it, or leave it out.',
  editorOn:
    'Change the body in the editor to replay it (as loaded, it holds the stored bytes, cut), or leave it out.',
  terminal:
    'Leave it out: replay sends stored bodies as they are, and only the Replay view (Edit the body) can send another.',
} as const;

/** The refusal of a webhook stored cut, `cause` saying what was stored, for one place. */
export function cutBodyRefusal(cause: string, place: keyof typeof CUT_BODY_WAYS_OUT): string {
  return `${cause} ${CUT_BODY_WAYS_OUT[place]}`;
}

/** Main's refusal as the Replay view says it while Edit the body is on; any other unchanged. */
export function cutBodyRefusalWhileEditing(message: string): string {
  const { window, editorOn } = CUT_BODY_WAYS_OUT;
  return message.endsWith(` ${window}`) ? `${message.slice(0, -window.length)}${editorOn}` : message;
}
