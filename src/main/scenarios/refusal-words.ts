import type { ServiceError } from '../../shared/merchant-api';

/** How many of a refusal's errors a step's line names before "and N more". */
const ERRORS_SHOWN = 3;
/** A message longer than this is cut: a line names the fields, the record keeps the whole body. */
const MESSAGE_MAX = 200;

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const cut = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text);

/** One `errors[]` entry: `path: message (error_code)`, with what of them the service gave. */
function errorEntryWords(entry: Record<string, unknown>): string {
  const path = textOf(entry['path']);
  const message = textOf(entry['message']);
  const code = textOf(entry['error_code']);
  const said =
    message === null
      ? (code ?? JSON.stringify(entry))
      : `${cut(message)}${code === null ? '' : ` (${code})`}`;
  return path === null ? said : `${path}: ${said}`;
}

/**
 * A step's line for a service answer that was not a checkout or success: the status and, for a
 * refusal, each error's field and message as the service's body names them (a run of
 * `required, required, …` named none), the first few and how many more; the body's own
 * message where it lists no errors.
 */
export function answeredWords(status: number, error: ServiceError | null): string {
  if (error === null) return `answered ${status}`;
  // A success's body may hold a `message` of its own; only a refusal's says why.
  if (error.errors.length === 0)
    return error.message === null || status < 300
      ? `answered ${status}`
      : `answered ${status}: ${cut(error.message)}`;
  const shown = error.errors.slice(0, ERRORS_SHOWN).map(errorEntryWords);
  const more = error.errors.length - shown.length;
  return `answered ${status}: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
