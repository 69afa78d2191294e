import { z } from 'zod';
import { defineCommand } from './define';

/**
 * How large inputs cross the bridge. Electron IPC and the browser-mode WebSocket both have a
 * ceiling on one message (the WebSocket's is ours, below; IPC's is Chromium's), so nothing the
 * UI sends may depend on fitting into one: a call whose input is large travels as an upload,
 * in parts each far below either ceiling, and a file (a history import) streams into an upload
 * without ever being one string in the renderer. docs/limits.md lists these values.
 */

const MIB = 1024 * 1024;

/** One WebSocket message the console accepts; a longer one closes that socket (1009). */
export const WEBSOCKET_MAX_MESSAGE_BYTES = 8 * MIB;
/**
 * A call whose input is at most this many characters of JSON is sent as it is. In UTF-8 a
 * character is at most 3 bytes, so the message stays under 3 MiB plus its envelope.
 */
export const DIRECT_CALL_MAX_CHARS = MIB;
/**
 * One upload part, in characters. Written as JSON a character takes at most 6 bytes (`\u0001`),
 * so a part's message stays under 6 MiB plus its envelope, whatever the text.
 */
export const UPLOAD_PART_MAX_CHARS = MIB;
/** The input of one call, as JSON: larger is refused before anything is sent. */
export const CALL_INPUT_MAX_CHARS = 64 * MIB;
/** One upload (a call's input or a file), and all unfinished uploads together. */
export const UPLOAD_MAX_CHARS = 256 * MIB;
/** Unfinished uploads at once; another is refused until one completes or expires. */
export const MAX_OPEN_UPLOADS = 4;
/** An upload that receives no part for this long is dropped. */
export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/** "12.5 Mi characters", or the exact count below one Mi. */
export function describeChars(chars: number): string {
  return chars < MIB ? `${chars} characters` : `${Math.round((chars / MIB) * 10) / 10} Mi characters`;
}

export const uploadIdSchema = z.uuid('An upload id is a UUID');

export const transferCommands = {
  /** Appends the next part of an upload (parts are numbered from 0 and must come in order). */
  uploadPart: defineCommand(
    z
      .object({
        uploadId: uploadIdSchema,
        index: z.number().int().min(0),
        text: z
          .string()
          .max(UPLOAD_PART_MAX_CHARS, `An upload part is at most ${UPLOAD_PART_MAX_CHARS} characters`),
      })
      .strict(),
    z.object({ receivedChars: z.number().int() }),
  ),
  /**
   * Runs `command` with the finished upload: read as JSON, it is the command's input; with
   * `into`, it is the string field `into.field` of `into.input` (a file's text, say). Answers
   * exactly what the command answers: the dispatcher runs it; there is no handler of its own.
   */
  runCallFromUpload: defineCommand(
    z
      .object({
        uploadId: uploadIdSchema,
        command: z.string().min(1).max(100),
        into: z
          .object({ field: z.string().min(1).max(100), input: z.record(z.string(), z.unknown()) })
          .strict()
          .optional(),
      })
      .strict(),
    z.unknown(),
  ),
};

export type TransferCommandName = keyof typeof transferCommands;

export const isTransferCommand = (name: string): name is TransferCommandName =>
  Object.hasOwn(transferCommands, name);
