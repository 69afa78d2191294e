import type { AppCommandId } from '@shared/app-commands';

export type AppCommandHandler = () => void;

export interface AppCommandRegistry {
  /** A feature's handler; the most recent one wins until it is removed. Returns its remover. */
  register(command: AppCommandId, handler: AppCommandHandler): () => void;
  /** An app-wide default, used only while no feature handles the command. */
  registerDefault(command: AppCommandId, handler: AppCommandHandler): () => void;
  /** Whether a feature or a default handles the command (the fallback does not count). */
  has(command: AppCommandId): boolean;
  run(command: AppCommandId): void;
  /**
   * Runs the command's feature handler now or, with none mounted, the next one to register: a
   * default that navigates to a view hands the command on to the view as it mounts.
   */
  runWhenHandled(command: AppCommandId): void;
}

/**
 * The app-command registry without React: two layers of handler stacks (features over
 * defaults) and, under both, a fixed fallback per command. See app-commands.ts for its use.
 */
export function createAppCommandRegistry(
  fallbacks: Partial<Record<AppCommandId, AppCommandHandler>>,
): AppCommandRegistry {
  const features = new Map<AppCommandId, AppCommandHandler[]>();
  const defaults = new Map<AppCommandId, AppCommandHandler[]>();
  const awaited = new Set<AppCommandId>();

  const push = (
    layer: Map<AppCommandId, AppCommandHandler[]>,
    command: AppCommandId,
    handler: AppCommandHandler,
  ) => {
    const stack = layer.get(command) ?? [];
    // A wrapper per registration, so registering the same function twice needs two removals.
    const entry: AppCommandHandler = () => handler();
    stack.push(entry);
    layer.set(command, stack);
    return () => {
      const index = stack.indexOf(entry);
      if (index !== -1) stack.splice(index, 1);
    };
  };

  const top = (command: AppCommandId) => features.get(command)?.at(-1) ?? defaults.get(command)?.at(-1);

  return {
    register(command, handler) {
      const remove = push(features, command, handler);
      if (awaited.delete(command)) handler();
      return remove;
    },
    registerDefault: (command, handler) => push(defaults, command, handler),
    has: (command) => top(command) !== undefined,
    run(command) {
      (top(command) ?? fallbacks[command])?.();
    },
    runWhenHandled(command) {
      const feature = features.get(command)?.at(-1);
      if (feature === undefined) awaited.add(command);
      else feature();
    },
  };
}
