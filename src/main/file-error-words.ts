import { errorWords } from '../shared/error-words';

/** What the file system's error codes mean, in the words the console prints after a path. */
const FILE_ERROR_WORDS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EISDIR: 'it is a directory',
  // mkdir's answer when a file (or a link to nothing) holds the folder's name.
  EEXIST: 'a file of that name is in the way',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'the file system is read-only',
  EFBIG: 'the file is too large for the file system',
  EIO: 'an input/output error',
  ELOOP: 'too many symbolic links in the path',
  ENAMETOOLONG: 'the name is too long',
};

/**
 * Why a file could not be read or written, as one phrase ("no such file or directory") instead of
 * Node's "ENOENT: no such file or directory, open '…'"; anything else in its own words.
 */
export function fileErrorWords(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && FILE_ERROR_WORDS[code] !== undefined) return FILE_ERROR_WORDS[code];
  return errorWords(error);
}

/**
 * "<path> cannot be opened: it is a directory": one of the console's own files or folders in its
 * data directory that cannot be used, in the words every such message says it.
 */
export function cannotOpenWords(path: string, error: unknown): string {
  return `${path} cannot be opened: ${fileErrorWords(error)}`;
}
