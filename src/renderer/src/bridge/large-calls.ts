import type { BridgeResult, CommandName } from '@shared/contract';
import {
  CALL_INPUT_MAX_CHARS,
  describeChars,
  DIRECT_CALL_MAX_CHARS,
  UPLOAD_PART_MAX_CHARS,
} from '@shared/contract/transfer';
import { BridgeError } from './bridge-error';

/**
 * Calls of any size over a transport that has a ceiling per message (see
 * shared/contract/transfer.ts): small inputs go as they are, large ones as an upload in parts
 * that each stay far below the ceiling, and a file's text streams into an upload without
 * ever being one string here.
 */
export type TransportCall = (command: CommandName, input: unknown) => Promise<BridgeResult<unknown>>;

/** Sends text, piece by piece, as one upload in parts of at most UPLOAD_PART_MAX_CHARS; returns its id. */
export async function uploadText(
  call: TransportCall,
  pieces: AsyncIterable<string> | Iterable<string>,
): Promise<string> {
  const uploadId = crypto.randomUUID();
  let index = 0;
  const send = async (text: string) => {
    const result = await call('uploadPart', { uploadId, index, text });
    if (!result.ok) throw new BridgeError(result.error);
    index += 1;
  };
  let pending = '';
  for await (const piece of pieces) {
    pending += piece;
    while (pending.length >= UPLOAD_PART_MAX_CHARS) {
      await send(pending.slice(0, UPLOAD_PART_MAX_CHARS));
      pending = pending.slice(UPLOAD_PART_MAX_CHARS);
    }
  }
  if (pending.length > 0 || index === 0) await send(pending);
  return uploadId;
}

function* slices(text: string, size: number): Iterable<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** One call, whatever the size of its input; a too-large input is refused before anything is sent. */
export async function callAnySize(
  call: TransportCall,
  command: CommandName,
  input: unknown,
): Promise<BridgeResult<unknown>> {
  const json = JSON.stringify(input ?? {});
  if (json.length <= DIRECT_CALL_MAX_CHARS) return call(command, input);
  if (json.length > CALL_INPUT_MAX_CHARS) {
    const message = `This request is ${describeChars(json.length)} as JSON; the console takes at most ${describeChars(CALL_INPUT_MAX_CHARS)} in one request.`;
    return { ok: false, error: { code: 'invalid_input', message, issues: [] } };
  }
  const uploadId = await uploadText(call, slices(json, UPLOAD_PART_MAX_CHARS));
  return call('runCallFromUpload', { uploadId, command });
}

/** Why a file that is not UTF-8 is not sent (its bytes would arrive with U+FFFD for each bad one). */
export const FILE_NOT_UTF8 =
  'The file is not UTF-8 text (an export always is; was it saved as Latin-1, UTF-16 or another encoding?); nothing was imported.';

/**
 * A file's text as it is decoded, chunk by chunk: UTF-8, strictly. A byte that is not UTF-8
 * stops it (File.text() would have made it U+FFFD, and the file imported altered).
 */
export async function* fileTextPieces(file: Blob): AsyncIterable<string> {
  const reader = file
    .stream()
    .pipeThrough(new TextDecoderStream('utf-8', { fatal: true }))
    .getReader();
  for (;;) {
    const step = await reader.read().catch((error: unknown) => {
      throw error instanceof TypeError ? new Error(FILE_NOT_UTF8) : error;
    });
    if (step.done) return;
    yield step.value;
  }
}

/**
 * Runs `command` with a file's text as its string field `field` (the rest of the input in
 * `input`): the text streams up as an upload, never as one message.
 */
export async function callWithFileText(
  call: TransportCall,
  command: CommandName,
  field: string,
  file: Blob,
  input: Record<string, unknown> = {},
): Promise<BridgeResult<unknown>> {
  const uploadId = await uploadText(call, fileTextPieces(file));
  return call('runCallFromUpload', { uploadId, command, into: { field, input } });
}
