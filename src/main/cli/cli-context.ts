import { z } from 'zod';
import { createConsole, type ConsoleCore, type ConsoleOptions } from '../app';
import { consoleCommandOn, type ConsoleCommand } from '../console-command';
import { resolveDataDir } from '../data-dir';
import { UsageError } from './cli-errors';
import { inDecimalWords, isDecimalText, numberNotInDecimal } from '../../shared/decimal-text';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** Standard input's bytes, for what must be judged as UTF-8 rather than decoded leniently (an import). */
  readStdinBytes?: () => Promise<Uint8Array>;
}

/** What every command receives: where things are, and how to talk to the user. */
export interface CliContext {
  io: CliIo;
  /** The built renderer, for `serve`. */
  rendererDir: string;
  dataDirFlag: () => string | undefined;
}

/**
 * The commands a CLI command prints for a person, on the data directory it runs on (`--data-dir`
 * unless it is the default): the same as its console's `consoleCommand`, for what is said
 * before a console is open, or after it closed.
 */
export const consoleCommandOf = (context: CliContext): ConsoleCommand =>
  consoleCommandOn(resolveDataDir(context.dataDirFlag()));

/** What a command may lay over the composition root's defaults (a long-running one: ports, tokens). */
export type ConsoleOverrides = Omit<ConsoleOptions, 'dataDir' | 'frontDoor'>;

/**
 * Opens the console on the resolved data directory, runs `fn`, and always closes it. Every
 * command opens it here, long-running ones (`listen`, `emulator`, `test`) with their overrides.
 */
export async function withConsole<T>(
  context: CliContext,
  fn: (core: ConsoleCore) => Promise<T>,
  overrides: ConsoleOverrides = {},
): Promise<T> {
  const core = await createConsole({
    ...overrides,
    dataDir: resolveDataDir(context.dataDirFlag()),
    frontDoor: 'cli',
  });
  try {
    return await fn(core);
  } finally {
    await core.close();
  }
}

/** Parses flags with a zod schema; a failure is a usage error naming the flag. */
export function parseFlags<S extends z.ZodType>(schema: S, flags: unknown): z.output<S> {
  const result = schema.safeParse(flags);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const flag = issue?.path[0];
  const name =
    typeof flag === 'string' ? `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'arguments';
  throw new UsageError(`${name}: ${issue?.message ?? 'invalid value'}`);
}

/**
 * A number a flag gives as text, as a person writes one: decimal digits, with a sign or a
 * decimal point. Empty text is refused (`--port ""` was 0: a free port where a fixed one was
 * meant, `--clock-tolerance ""` a tolerance of 0), as is anything not a number, in `words`, and
 * what only Number() reads as one (`history --limit 0x3` printed 3 rows; `2e0`, `0b11`,
 * `Infinity`). A fraction or a negative reaches the limits that follow with
 * `.pipe(z.number()…)`, which say what is wrong with it.
 */

export const numberFlag = (words = 'must be a number') =>
  z.union([z.number(), z.string()], { error: words }).transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const text = value.trim();
    if (text === '' || !isDecimalText(text)) {
      const message =
        text === '' ? 'must not be empty' : numberNotInDecimal(text) ? inDecimalWords(words, text) : words;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });

export const portFlag = numberFlag().pipe(
  z
    .number()
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535 (0 picks a free port)')
    .max(65535, 'must be between 0 and 65535 (0 picks a free port)'),
);

/** A count a flag sets (a limit, how many at once): a whole number from 1 to `max`. */
export const countFlag = (max: number) =>
  numberFlag().pipe(
    z.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`),
  );
