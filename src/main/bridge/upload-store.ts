import {
  describeChars,
  MAX_OPEN_UPLOADS,
  UPLOAD_IDLE_TIMEOUT_MS,
  UPLOAD_MAX_CHARS,
} from '../../shared/contract/transfer';
import { ConsoleError } from '../console-error';

/**
 * Text that crosses the bridge in parts (see shared/contract/transfer.ts): a large call's
 * input, or a file being imported. Parts arrive in order and are joined once, when the upload
 * is taken. Bounded: a few open uploads, a cap on their characters together, and an upload
 * idle past the timeout is dropped (swept lazily, so no timer keeps a process alive).
 */
export interface UploadStore {
  /** Appends part `index` (0, 1, 2…) and returns the characters received so far. */
  append(uploadId: string, index: number, text: string): number;
  /** The whole text, removed from the store; refused when it is over `maxChars`. */
  take(uploadId: string, maxChars: number, what: string): string;
}

interface OpenUpload {
  parts: string[];
  chars: number;
  lastPartAtMs: number;
}

export function createUploadStore(
  options: { now?: () => number; maxChars?: number; maxOpen?: number; idleMs?: number } = {},
): UploadStore {
  const now = options.now ?? Date.now;
  const maxChars = options.maxChars ?? UPLOAD_MAX_CHARS;
  const maxOpen = options.maxOpen ?? MAX_OPEN_UPLOADS;
  const idleMs = options.idleMs ?? UPLOAD_IDLE_TIMEOUT_MS;
  const open = new Map<string, OpenUpload>();

  const sweep = () => {
    for (const [id, upload] of open) if (now() - upload.lastPartAtMs > idleMs) open.delete(id);
  };
  const charsHeld = () => [...open.values()].reduce((sum, upload) => sum + upload.chars, 0);

  return {
    append(uploadId, index, text) {
      sweep();
      let upload = open.get(uploadId);
      if (upload === undefined) {
        if (index !== 0)
          throw new ConsoleError(
            'invalid_input',
            `Upload part ${index} arrived for an upload that is not open (it may have been idle for more than ${idleMs / 1000} s); send it again from the start.`,
          );
        if (open.size >= maxOpen)
          throw new ConsoleError(
            'unavailable',
            `${open.size} uploads are already in progress (at most ${maxOpen}); wait for one to finish.`,
          );
        upload = { parts: [], chars: 0, lastPartAtMs: now() };
        open.set(uploadId, upload);
      }
      if (index !== upload.parts.length) {
        open.delete(uploadId);
        throw new ConsoleError(
          'invalid_input',
          `Upload part ${index} arrived where part ${upload.parts.length} was expected; the upload was dropped.`,
        );
      }
      if (charsHeld() + text.length > maxChars) {
        open.delete(uploadId);
        throw new ConsoleError(
          'invalid_input',
          `Too large: uploads in progress may hold at most ${describeChars(maxChars)} together; this one was dropped at ${describeChars(upload.chars + text.length)}.`,
        );
      }
      upload.parts.push(text);
      upload.chars += text.length;
      upload.lastPartAtMs = now();
      return upload.chars;
    },
    take(uploadId, limit, what) {
      sweep();
      const upload = open.get(uploadId);
      open.delete(uploadId);
      if (upload === undefined)
        throw new ConsoleError(
          'invalid_input',
          `${what}: the upload is not open (nothing was sent, or it was idle for more than ${idleMs / 1000} s).`,
        );
      if (upload.chars > limit)
        throw new ConsoleError(
          'invalid_input',
          `${what} is ${describeChars(upload.chars)}; at most ${describeChars(limit)} are taken.`,
        );
      return upload.parts.join('');
    },
  };
}
