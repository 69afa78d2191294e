import type { BridgeErrorPayload, BridgeIssue, CommandInput, CommandOutput } from '../../shared/contract';
import type { HandledCommandName } from '../bridge/handlers';
import type { Dispatcher } from '../bridge/dispatch';
import { ConsoleError } from '../console-error';
import { liveRefusalWords } from '../profiles/live-guard';
import { numberRefusal } from '../../shared/decimal-text';

/** A contract command called from the CLI: its output, or a ConsoleError with its code. */
export type CommandCaller = <K extends HandledCommandName>(
  command: K,
  input: CommandInput<K>,
) => Promise<CommandOutput<K>>;

/** A field's path in a command's input (`target.url`) → the flag that sets it (`--to`). */
type FlagOf = (path: string) => string | undefined;

/**
 * A command's input fields as the flags that fill them (`{ 'target.url': '--to' }`): an issue
 * at a listed path, or anywhere below it (`ids[3]` under `ids`), is named by that flag; the
 * longest listed path wins.
 */
export function flagsOf(flags: Readonly<Record<string, string>>): FlagOf {
  const paths = Object.keys(flags).sort((a, b) => b.length - a.length);
  return (path) => {
    const field = paths.find(
      (candidate) =>
        path === candidate || path.startsWith(`${candidate}.`) || path.startsWith(`${candidate}[`),
    );
    return field === undefined ? undefined : flags[field];
  };
}

/**
 * Request/response CLI commands call the contract through the same dispatcher as the desktop's
 * IPC and browser mode's WebSocket: the same input schemas, the same handlers, the same errors.
 * `flagOf` names a field as the command line spells it (`fields.baseUrl` → `--base-url`), so
 * an error points at the flag to change.
 */
export function commandCaller(
  dispatcher: Dispatcher,
  flagOf: FlagOf = () => undefined,
  numberTextOf: NumberTextOf = () => undefined,
): CommandCaller {
  return async (command, input) => {
    const result = await dispatcher(command, input, { transport: 'direct' });
    if (result.ok) return result.data as CommandOutput<typeof command>;
    throw namedError(result.error.code, result.error.message, result.error.issues, flagOf, numberTextOf);
  };
}

/** The text a number flag was given (`--token-minutes` → "2.5"); see numberFlagTexts. */
export type NumberTextOf = (flag: string) => string | undefined;

function namedError(
  code: BridgeErrorPayload['code'],
  message: string,
  issues: BridgeIssue[],
  flagOf: FlagOf,
  numberTextOf: NumberTextOf,
) {
  const named = issues.map((issue) => ({ ...issue, path: flagOf(issue.path) ?? issue.path }));
  // A number flag's refusal quotes what was given, as numberFlag's own refusals do.
  const said = (issue: BridgeIssue) => {
    const text = numberTextOf(issue.path);
    return text === undefined ? issue.message : numberRefusal(issue.message, text);
  };
  return new ConsoleError(
    code,
    code === 'invalid_input' && named.length > 0
      ? named.map((issue) => `${issue.path}: ${said(issue)}`).join('; ')
      : (liveRefusalOnCommandLine(code, issues, flagOf) ?? message),
    named,
  );
}

/** A refused live call said in a terminal: the command's own flag, not "confirm it in the UI". */
function liveRefusalOnCommandLine(
  code: BridgeErrorPayload['code'],
  issues: BridgeIssue[],
  flagOf: FlagOf,
): string | null {
  if (code !== 'live_confirmation_required') return null;
  const refused = issues.find((issue) => issue.path === 'confirmLive')?.message;
  const flag = flagOf('confirmLive');
  return refused === undefined || flag === undefined ? null : liveRefusalWords(refused, flag);
}
