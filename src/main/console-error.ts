import type { BridgeErrorPayload, BridgeIssue } from '../shared/contract';
import { errorWords } from '../shared/error-words';
import { DatabaseBusyError, databaseBusyWords, isBusyError } from './store/write-lock';
import { isUnreadableDatabaseError, unreadableDatabaseWords } from './store/open-store';

type ErrorCode = BridgeErrorPayload['code'];

/**
 * An error meant for the person at the keyboard: a code the UI can act on, a sentence that
 * says what went wrong, and the fields involved. Anything else thrown is a bug and is
 * reported as `failed` with its message.
 */
export class ConsoleError extends Error {
  readonly code: ErrorCode;
  readonly issues: BridgeIssue[];

  constructor(code: ErrorCode, message: string, issues: BridgeIssue[] = []) {
    super(message);
    this.name = 'ConsoleError';
    this.code = code;
    this.issues = issues;
  }

  static invalid(path: string, message: string): ConsoleError {
    return new ConsoleError('invalid_input', `${path}: ${message}`, [{ path, message }]);
  }

  static notFound(what: string): ConsoleError {
    return new ConsoleError('not_found', `${what} does not exist (it may have been removed).`);
  }
}

/**
 * `databaseFile`, where the caller knows it (the console's dispatcher): a damaged page a command
 * reads later is said in the words opening the file would have used, naming it, never SQLite's
 * bare "database disk image is malformed" (the CLI printed that as it came).
 */
export function toBridgeError(error: unknown, databaseFile?: string): BridgeErrorPayload {
  if (databaseFile !== undefined && isUnreadableDatabaseError(error))
    return { code: 'failed', message: unreadableDatabaseWords(databaseFile, error), issues: [] };
  if (error instanceof ConsoleError)
    return { code: error.code, message: error.message, issues: error.issues };
  // SQLite's own "database is locked", from a write made outside the store's writer: said as the
  // writer's give-up is, never bare (how long it waited is not known here).
  const message =
    isBusyError(error) && !(error instanceof DatabaseBusyError) ? databaseBusyWords(null) : errorWords(error);
  return { code: 'failed', message, issues: [] };
}
