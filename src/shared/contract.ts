import type { z } from 'zod';
import { appCommands } from './contract/app';
import type { BridgeResult, CommandDefinition } from './contract/define';
import { merchantApiCommands } from './contract/merchant-api';
import { desktopCommands, desktopPushEvents } from './contract/desktop';
import { draftCommands, draftPushEvents } from './contract/drafts';
import { emulatorCommands, emulatorPushEvents } from './contract/emulator';
import { replayCommands, replayPushEvents } from './contract/replay';
import { scenarioCommands, scenarioPushEvents } from './contract/scenarios';
import { historyCommands, historyPushEvents } from './contract/history';
import { preferenceCommands, preferencePushEvents } from './contract/preferences';
import { jwtCommands } from './contract/jwt';
import { listenerCommands, listenerPushEvents } from './contract/listener';
import { orderCommands, orderPushEvents } from './contract/orders';
import { profileCommands, profilePushEvents } from './contract/profiles';
import { timelineCommands, timelinePushEvents } from './contract/timeline';
import { transferCommands } from './contract/transfer';

export * from './contract/define';
export type { AppInfo, VaultStatus } from './contract/app';
export type { ProfilesSnapshot } from './contract/profiles';
export type { EventPageResult } from './contract/timeline';

/**
 * The bridge: every command the renderer (or any other front door) can ask of the main
 * process, and every event main pushes back. Each feature declares its part in
 * `contract/<feature>.ts`; this file is the one place they meet.
 */
export const commands = {
  ...appCommands,
  ...profileCommands,
  ...merchantApiCommands,
  ...preferenceCommands,
  ...desktopCommands,
  ...listenerCommands,
  ...jwtCommands,
  ...timelineCommands,
  ...orderCommands,
  ...draftCommands,
  ...emulatorCommands,
  ...replayCommands,
  ...historyCommands,
  ...scenarioCommands,
  ...transferCommands,
} satisfies Record<string, CommandDefinition>;

export const pushEvents = {
  ...profilePushEvents,
  ...timelinePushEvents,
  ...preferencePushEvents,
  ...desktopPushEvents,
  ...listenerPushEvents,
  ...orderPushEvents,
  ...draftPushEvents,
  ...emulatorPushEvents,
  ...replayPushEvents,
  ...scenarioPushEvents,
  ...historyPushEvents,
} satisfies Record<string, z.ZodType>;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>;
export type ParsedCommandInput<K extends CommandName> = z.output<Commands[K]['input']>;
export type CommandOutput<K extends CommandName> = z.output<Commands[K]['output']>;

export type PushEventName = keyof typeof pushEvents;
export type PushEventPayload<E extends PushEventName> = z.output<(typeof pushEvents)[E]>;
export type PushEvent = { [E in PushEventName]: { name: E; payload: PushEventPayload<E> } }[PushEventName];

export const commandNames = Object.keys(commands) as CommandName[];

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}

export function isPushEventName(name: string): name is PushEventName {
  return Object.hasOwn(pushEvents, name);
}

/** What the preload exposes: one function per command, plus one way to receive pushed events. */
export type PreloadApi = {
  [K in CommandName]: (input: CommandInput<K>) => Promise<BridgeResult<CommandOutput<K>>>;
} & {
  subscribe: (listener: (event: PushEvent) => void) => () => void;
};

/** What the renderer uses: the same commands, unwrapped (they throw a BridgeError on failure). */
export type ConsoleClient = {
  [K in CommandName]: (input: CommandInput<K>) => Promise<CommandOutput<K>>;
} & {
  subscribe: (listener: (event: PushEvent) => void) => () => void;
};
