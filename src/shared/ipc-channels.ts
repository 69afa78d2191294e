import type { CommandName } from './contract';

/** Each command has its own IPC channel; the preload exposes one function per channel. */
export function ipcChannelFor(command: CommandName): `bridge:${CommandName}` {
  return `bridge:${command}`;
}

/** Main → renderer pushed events. */
export const IPC_EVENT_CHANNEL = 'bridge-event';
