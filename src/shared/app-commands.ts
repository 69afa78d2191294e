import { z } from 'zod';

/**
 * App commands: things the user can ask for from anywhere (a menu item in the desktop app, a
 * keyboard shortcut in browser mode, the command palette). Their ids travel over the bridge
 * as the `app.command` push event, so they are a closed zod enum.
 *
 * Adding one: add its id to APP_COMMAND_IDS, a label in FIXED_LABELS and optionally a shortcut
 * in FIXED_SHORTCUTS; place it in the desktop menu (src/main/desktop/app-menu.ts) and handle it
 * in the renderer with `useAppCommand(id, handler)` (src/renderer/src/app/app-commands.ts).
 */
export const PROFILE_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type ProfileSlot = (typeof PROFILE_SLOTS)[number];

export const APP_COMMAND_IDS = [
  'send',
  'command-palette',
  'focus-timeline-filter',
  'toggle-theme',
  'open-settings',
  'new-profile',
  'switch-profile-1',
  'switch-profile-2',
  'switch-profile-3',
  'switch-profile-4',
  'switch-profile-5',
  'switch-profile-6',
  'switch-profile-7',
  'switch-profile-8',
  'switch-profile-9',
] as const;
export const appCommandIdSchema = z.enum(APP_COMMAND_IDS);
export type AppCommandId = z.infer<typeof appCommandIdSchema>;

export const appCommandEventSchema = z.object({ command: appCommandIdSchema });
export type AppCommandEvent = z.infer<typeof appCommandEventSchema>;

type SwitchProfileCommandId = `switch-profile-${ProfileSlot}`;
type FixedCommandId = Exclude<AppCommandId, SwitchProfileCommandId>;

export function switchProfileCommand(slot: ProfileSlot): SwitchProfileCommandId {
  return `switch-profile-${slot}`;
}

function isSwitchProfileCommand(command: AppCommandId): command is SwitchProfileCommandId {
  return command.startsWith('switch-profile-');
}

/** The 1-based profile slot a `switch-profile-N` command targets, or null for other commands. */
export function profileSlotOf(command: AppCommandId): ProfileSlot | null {
  if (!isSwitchProfileCommand(command)) return null;
  return PROFILE_SLOTS.find((slot) => command === switchProfileCommand(slot)) ?? null;
}

const FIXED_LABELS: Record<FixedCommandId, string> = {
  send: 'Send',
  'command-palette': 'Command palette…',
  'focus-timeline-filter': 'Focus timeline filter',
  'toggle-theme': 'Toggle light/dark theme',
  'open-settings': 'Settings',
  'new-profile': 'New profile',
};

export function appCommandLabel(command: AppCommandId): string {
  const slot = profileSlotOf(command);
  if (slot !== null) return `Switch to profile ${slot}`;
  return isSwitchProfileCommand(command) ? command : FIXED_LABELS[command];
}

/**
 * Shortcuts, written once as `mod+<key>`: `mod` is Cmd on macOS and Ctrl elsewhere. The menu
 * turns them into Electron accelerators, browser mode into Mantine hotkeys.
 */
const FIXED_SHORTCUTS: Partial<Record<FixedCommandId, string>> = {
  send: 'mod+Enter',
  'command-palette': 'mod+K',
  'focus-timeline-filter': 'mod+L',
  'open-settings': 'mod+,',
};

export function appCommandShortcut(command: AppCommandId): string | null {
  const slot = profileSlotOf(command);
  if (slot !== null) return `mod+${slot}`;
  return isSwitchProfileCommand(command) ? null : (FIXED_SHORTCUTS[command] ?? null);
}

function keyOf(shortcut: string): { mod: boolean; shift: boolean; key: string } {
  const parts = shortcut.split('+');
  const key = parts.at(-1) ?? '';
  return { mod: parts.includes('mod'), shift: parts.includes('shift'), key };
}

/** `mod+K` → `CmdOrCtrl+K` (Electron's accelerator syntax). */
export function toElectronAccelerator(shortcut: string): string {
  const { mod, shift, key } = keyOf(shortcut);
  return [mod ? 'CmdOrCtrl' : null, shift ? 'Shift' : null, key].filter((part) => part !== null).join('+');
}

/** `mod+K` → `⌘K` on macOS, `Ctrl+K` elsewhere: what people read in menus and tooltips. */
export function formatShortcut(shortcut: string, mac: boolean): string {
  const { mod, shift, key } = keyOf(shortcut);
  const name = key === 'Enter' && mac ? '↩' : key.length === 1 ? key.toUpperCase() : key;
  if (mac) return `${shift ? '⇧' : ''}${mod ? '⌘' : ''}${name}`;
  return [mod ? 'Ctrl' : null, shift ? 'Shift' : null, name].filter((part) => part !== null).join('+');
}
