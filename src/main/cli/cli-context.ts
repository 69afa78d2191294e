import { z } from 'zod';
import { createConsole, type ConsoleCore, type ConsoleOptions } from '../app';
import { consoleCommandOn, type ConsoleCommand } from '../console-command';
import { join } from 'node:path';
import { DATABASE_FILE_NAME, resolveDataDir } from '../data-dir';
import { UsageError } from './cli-errors';
import { isDecimalText, numberRefusal } from '../../shared/decimal-text';

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
  /** Lock waits shorter than the defaults, for tests of what happens past them; never set by the CLI itself. */
  lockWaits?: Pick<ConsoleOptions, 'lockWaitMs' | 'syncBusyTimeoutMs'>;
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
    ...context.lockWaits,
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

/**
 * `withConsole` for a command that only reads or exports (history, export, orders, curl, runs,
 * retention): it never makes a data directory; one that is not there is refused, naming it.
 * Commands that set one up (serve, listen, emulator, profiles, send, test, import) make it.
 * Unless it `writes` (retention --apply, or a policy to save), one that cannot be written (a
 * backup on read-only media) is read through a copy, said once on standard error.
 */
export function withExistingConsole<T>(
  context: CliContext,
  fn: (core: ConsoleCore) => Promise<T>,
  options: { writes?: boolean } = {},
): Promise<T> {
  return withConsole(
    context,
    (core) => {
      if (core.store.readOnly !== null)
        context.io.stderr(
          `warning: ${join(core.dataDir, DATABASE_FILE_NAME)} cannot be written (${core.store.readOnly}): this command reads a copy of it, and keeps nothing it writes there.\n`,
        );
      return fn(core);
    },
    { existingDataDir: true, ...(options.writes === true ? {} : { readOnlyFallback: true }) },
  );
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
 * `Infinity`). `limits` (whole, in range) are checked here too, in their own words. Every
 * refusal quotes the text given (numberRefusal): `--listener-port 44,056`, `8080.5` and `0x10`
 * said "must be a number", "must be a whole number" and "must be a number, written in decimal
 * digits (not "0x10")", only the last naming what was given. A flag whose limits are a contract
 * command's leaves them to it (its words, named as the flag, as a window gets them).
 */
export const numberFlag = (words = 'must be a number', limits: z.ZodType<number, number> = z.number()) =>
  z.union([z.number(), z.string()], { error: words }).transform((value, ctx) => {
    // A number given as one (not through argv) has no text to judge, only limits.
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (typeof value === 'string' && text === '') {
      ctx.addIssue({ code: 'custom', message: 'must not be empty' });
      return z.NEVER;
    }
    if (typeof value === 'string' && !isDecimalText(text)) {
      ctx.addIssue({ code: 'custom', message: numberRefusal(words, text) });
      return z.NEVER;
    }
    const checked = limits.safeParse(typeof value === 'number' ? value : Number(text));
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        message: numberRefusal(checked.error.issues[0]?.message ?? words, text),
      });
      return z.NEVER;
    }
    return checked.data;
  });

/**
 * The text each number flag in `keys` was given on the command line, by flag (`--token-minutes`
 * → "2.5"), for commandCaller: a flag whose limits are a contract command's is refused in the
 * contract's words, and quotes what was given as numberFlag's own refusals do. Only the keys
 * named: a token flag's value is never repeated in an error.
 */
export function numberFlagTexts(
  rawFlags: unknown,
  keys: readonly string[],
): (flag: string) => string | undefined {
  return (flag) => {
    const key = flag.replace(/^--/, '').replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
    if (!keys.includes(key) || typeof rawFlags !== 'object' || rawFlags === null) return undefined;
    const value: unknown = Object.getOwnPropertyDescriptor(rawFlags, key)?.value;
    return typeof value === 'string' ? value.trim() : undefined;
  };
}

/**
 * A whole number a flag gives as text, whose other limits are a contract command's: not a
 * number and not whole are refused here in `words` ("must be a whole number of days (not
 * "2.5")"), the range by the contract, in its words, quoting the text too (numberFlagTexts).
 */
export const wholeNumberFlag = (words: string) => numberFlag(words, z.number().int(words));

const PORT_RANGE = 'must be between 0 and 65535, where 0 picks a free port';

export const portFlag = numberFlag(
  'must be a whole number',
  z.number().int('must be a whole number').min(0, PORT_RANGE).max(65535, PORT_RANGE),
);

/** A count a flag sets (a limit, how many at once): a whole number from 1 to `max`. */
export const countFlag = (max: number) =>
  numberFlag(
    'must be a whole number',
    z.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`),
  );
