import type { CliContext } from './cli-context';
import { UsageError } from './cli-errors';

/**
 * How a value from standard input is read. `trimmed`: a secret, whose whitespace around it is no
 * part of it. `pasted token`: a token, passed on as piped, but for the one line break that ends
 * a line (`echo "$TOKEN" |`), so the pasted-token reader (shared/jwt/pasted-token.ts) takes out
 * and says whatever else is around or inside it, as for the token given as an argument.
 */
export type StdinReading = 'trimmed' | 'pasted token';

/** Reads one flag value (a token, a secret) given as "-". */
export type StdinValue = (
  value: string | undefined,
  flag: string,
  reading?: StdinReading,
) => Promise<string | undefined>;

/** The text piped in without the one line break a line of it ends with (`\n`, or `\r\n`). */
export function withoutFinalLineBreak(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/**
 * Values given as "-" come from standard input, so tokens stay out of the shell's history and
 * out of `ps`. Standard input can be read once: a second "-" in the same command is a usage
 * error naming both, never a silently empty token.
 */
export function stdinValues(context: CliContext): StdinValue {
  let readFor: string | null = null;
  return async (value, flag, reading = 'trimmed') => {
    if (value !== '-') return value;
    if (readFor !== null)
      throw new UsageError(
        `${flag}: standard input is already read for ${readFor}; give only one value as "-".`,
      );
    readFor = flag;
    const piped = await context.io.readStdin();
    if (piped.trim() === '') throw new UsageError(`${flag}: standard input was empty.`);
    return reading === 'trimmed' ? piped.trim() : withoutFinalLineBreak(piped);
  };
}
