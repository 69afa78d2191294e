import type { CliContext } from './cli-context';
import { UsageError } from './cli-errors';

/** Reads one flag value (a token, a secret) given as "-". */
export type StdinValue = (value: string | undefined, flag: string) => Promise<string | undefined>;

/**
 * Values given as "-" come from standard input, so tokens stay out of the shell's history and
 * out of `ps`. Standard input can be read once: a second "-" in the same command is a usage
 * error naming both, never a silently empty token.
 */
export function stdinValues(context: CliContext): StdinValue {
  let readFor: string | null = null;
  return async (value, flag) => {
    if (value !== '-') return value;
    if (readFor !== null)
      throw new UsageError(
        `${flag}: standard input is already read for ${readFor}; give only one value as "-".`,
      );
    readFor = flag;
    const text = (await context.io.readStdin()).trim();
    if (text === '') throw new UsageError(`${flag}: standard input was empty.`);
    return text;
  };
}
