import {
  commands,
  isCommandName,
  type BridgeResult,
  type CommandOutput,
  type ParsedCommandInput,
} from '../../shared/contract';
import { isTransferCommand } from '../../shared/contract/transfer';
import { toBridgeError } from '../console-error';
import { bridgeIssuesWords, zodIssuesToBridgeIssues } from '../parse-input';
import type { CallContext, HandledCommandName, Handler, Handlers } from './handlers';
import { createTransferCalls } from './transfer-calls';
import { unknownFieldIssues } from './unknown-fields';
import { createUploadStore, type UploadStore } from './upload-store';

export type Dispatcher = (
  command: string,
  rawInput: unknown,
  context: CallContext,
) => Promise<BridgeResult<unknown>>;

/**
 * The one path every transport takes: known command, input parsed by its zod schema (a field it
 * does not name refused, unknown-fields.ts), handler run, output parsed by its schema (which
 * also strips anything the contract does not name, so nothing unplanned, such as a secret, can
 * ride along), and every failure turned into a result.
 */
export function createDispatcher(
  handlers: Handlers,
  uploads: UploadStore = createUploadStore(),
  /** The console's database file, named when a handler finds it damaged (toBridgeError). */
  databaseFile?: string,
): Dispatcher {
  const dispatch: Dispatcher = async (command, rawInput, context) => {
    if (isTransferCommand(command)) return transfer(command, rawInput, context);
    if (!isHandledCommand(command)) return unknownCommand(command);
    return run(command, handlers[command], rawInput, context, databaseFile);
  };
  const transfer = createTransferCalls(uploads, dispatch);
  return dispatch;
}

/**
 * The same path over a few handlers, for a CLI command that only computes and so opens no
 * console (`jwt sign --secret`, `jwt decode`): the same parsing, handler and errors; any
 * command not given is unknown.
 */
export function createComputeDispatcher(handlers: Partial<Handlers>): Dispatcher {
  return async (command, rawInput, context) => {
    if (!isHandledCommand(command)) return unknownCommand(command);
    const handler = handlers[command];
    if (handler === undefined) return unknownCommand(command);
    return run(command, handler, rawInput, context);
  };
}

const unknownCommand = (command: string): BridgeResult<never> => ({
  ok: false,
  error: { code: 'unknown_command', message: `Unknown command "${command}".`, issues: [] },
});

const isHandledCommand = (command: string): command is HandledCommandName =>
  isCommandName(command) && !isTransferCommand(command);

async function run<K extends HandledCommandName>(
  command: K,
  handler: Handler<K>,
  rawInput: unknown,
  context: CallContext,
  databaseFile?: string,
): Promise<BridgeResult<CommandOutput<K>>> {
  const definition = commands[command];
  const given = rawInput ?? {};
  const input = definition.input.safeParse(given);
  const unknown = unknownFieldIssues(definition.input, given);
  if (!input.success || unknown.length > 0) {
    // A strict object's own refusal says the same as the check's: said once.
    const parsed = input.success ? [] : zodIssuesToBridgeIssues(input.error);
    const issues = [
      ...unknown,
      ...parsed.filter(
        (issue) => !unknown.some((own) => own.path === issue.path && own.message === issue.message),
      ),
    ];
    return { ok: false, error: { code: 'invalid_input', message: bridgeIssuesWords(issues), issues } };
  }
  try {
    const data = await handler(input.data as ParsedCommandInput<K>, context);
    return { ok: true, data: definition.output.parse(data) as CommandOutput<K> };
  } catch (error) {
    return { ok: false, error: toBridgeError(error, databaseFile) };
  }
}
