import type { CommandName, CommandOutput, ParsedCommandInput } from '../../../shared/contract';

/** Who is calling: lets a handler tell the desktop window from a browser tab or the CLI. */
export interface CallContext {
  readonly transport: 'ipc' | 'websocket' | 'direct';
}

export type Handler<K extends CommandName> = (
  input: ParsedCommandInput<K>,
  context: CallContext,
) => Promise<CommandOutput<K>> | CommandOutput<K>;

export type HandlerGroup<K extends CommandName> = { [N in K]: Handler<N> };
