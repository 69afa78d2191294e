import type { BridgeResult, CommandName } from '@shared/contract';
import {
  CALL_INPUT_MAX_CHARS,
  describeChars,
  DIRECT_CALL_MAX_CHARS,
  UPLOAD_PART_MAX_CHARS,
} from '@shared/contract/transfer';
import { historyFileText, NOTHING_IMPORTED } from '@shared/history-file';
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

/**
 * Why a file that is not UTF-8 is not sent (its bytes would arrive with U+FFFD for each bad
 * one), in the words the `import` command uses: the bytes read up to the fault hold the first
 * byte that is not UTF-8, so they name it, its line and column, as the whole file would.
 */
async function notUtf8Words(readSoFar: Blob): Promise<string> {
  const read = historyFileText(new Uint8Array(await readSoFar.arrayBuffer()));
  return `${NOTHING_IMPORTED} ${read.ok ? 'The file is not UTF-8 text.' : read.problem}`;
}

/**
 * A file's text as it is decoded, chunk by chunk: UTF-8, strictly. A byte that is not UTF-8
 * stops it (File.text() would have made it U+FFFD, and the file imported altered).
 */
export async function* fileTextPieces(file: Blob): AsyncIterable<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = file.stream().getReader();
  let bytesRead = 0;
  for (;;) {
    const step = await reader.read();
    bytesRead += step.value?.length ?? 0;
    let text: string;
    try {
      text = step.done ? decoder.decode() : decoder.decode(step.value, { stream: true });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      await reader.cancel();
      throw new Error(await notUtf8Words(file.slice(0, bytesRead)));
    }
    if (text !== '') yield text;
    if (step.done) return;
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
