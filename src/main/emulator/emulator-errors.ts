/**
 * The service's error body (message, errors[].error_code, data, title, screen_type), which the
 * emulator answers for every refusal. `errors` entries may add `path` and `message`.
 */
export interface ErrorBody {
  message: string;
  errors: { error_code: string; path?: string; message?: string }[];
  data: Record<string, unknown>;
  title: string | null;
  screen_type: string | null;
}

export class EmulatorError extends Error {
  /** Headers its answer carries (a 405's Allow). */
  headers: Record<string, string> = {};

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly entries: ErrorBody['errors'] = [{ error_code: code }],
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { message: this.message, errors: this.entries, data: this.data, title: null, screen_type: null };
  }
}
