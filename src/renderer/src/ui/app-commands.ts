import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import {
  APP_COMMAND_IDS,
  appCommandIdSchema,
  appCommandShortcut,
  type AppCommandId,
} from '@shared/app-commands';
import { frontDoorHint } from '@bridge';
import { desktopShell } from './desktop-shell-store';
import { createAppCommandRegistry, type AppCommandHandler } from './app-command-registry';

/**
 * App commands in the renderer: one registry behind both front doors. In the desktop app the
 * menu's accelerators send an `app.command` push event; in browser mode Mantine's useHotkeys
 * catches the same shortcuts; the command palette runs them too. All three end in
 * runAppCommand(), so a shortcut behaves the same everywhere.
 *
 * For features — handle a command while your component is mounted:
 *
 *   useAppCommand('send', () => void form.handleSubmit(send)());               // builder
 *   useAppCommand('focus-timeline-filter', () => filterRef.current?.focus());  // timeline
 *
 * The most recently mounted feature handler wins (a dialog over a view takes the command) and
 * the previous one is back when it unmounts. App-wide defaults (useAppCommandDefaults, used by
 * the layout) run only when no feature handles the command. With neither, `send` shows "Open
 * the builder to send" and the rest do nothing. Ids and shortcuts: src/shared/app-commands.ts.
 */
type Handler = AppCommandHandler;

const registry = createAppCommandRegistry({
  send: () =>
    notifications.show({
      id: 'app-command-send',
      message: 'Open the builder to send',
      autoClose: 2500,
    }),
});

/** Registers a feature handler outside React; returns the function that removes it. */
export const registerAppCommand = registry.register;
export const registerAppCommandDefault = registry.registerDefault;
/** Whether anything but the built-in fallback would run (e.g. to offer a palette entry). */
export const hasAppCommandHandler = registry.has;
export const runAppCommand = registry.run;
export const runAppCommandWhenHandled = registry.runWhenHandled;

function useRegistered(
  register: (command: AppCommandId, handler: Handler) => () => void,
  handlers: Partial<Record<AppCommandId, Handler>>,
): void {
  const ids = APP_COMMAND_IDS.filter((id) => handlers[id] !== undefined).join(' ');
  const run = useEffectEvent((command: AppCommandId) => handlers[command]?.());
  useEffect(() => {
    const commands = ids.split(' ').flatMap((id) => {
      const parsed = appCommandIdSchema.safeParse(id);
      return parsed.success ? [parsed.data] : [];
    });
    const removers = commands.map((command) => register(command, () => run(command)));
    return () => removers.forEach((remove) => remove());
  }, [register, ids]);
}

/** Handles `command` while the calling component is mounted; always calls the latest `handler`. */
export function useAppCommand(command: AppCommandId, handler: Handler): void {
  useRegistered(registerAppCommand, { [command]: handler });
}

/** Several feature handlers at once (hooks cannot be called in a loop). */
export function useAppCommands(handlers: Partial<Record<AppCommandId, Handler>>): void {
  useRegistered(registerAppCommand, handlers);
}

/** App-wide defaults, overridden by any feature handler. */
export function useAppCommandDefaults(handlers: Partial<Record<AppCommandId, Handler>>): void {
  useRegistered(registerAppCommandDefault, handlers);
}

/** Browser-mode hotkeys for every command with a shortcut; they fire from inside inputs and editors too. */
export const BROWSER_HOTKEYS: HotkeyItem[] = APP_COMMAND_IDS.flatMap((command): HotkeyItem[] => {
  const shortcut = appCommandShortcut(command);
  return shortcut === null ? [] : [[shortcut, () => runAppCommand(command)]];
});

/**
 * Connects the front door to the registry: the menu's push events in the desktop app (whose
 * accelerators own the keys there, so nothing fires twice), Mantine hotkeys in the browser.
 * Mounted once, by the layout.
 */
export function useAppCommandFrontDoor(): void {
  const desktop = frontDoorHint === 'desktop';
  useHotkeys(desktop ? [] : BROWSER_HOTKEYS, [], true);
  useEffect(() => {
    if (!desktop) return;
    return desktopShell.onPush((event) => {
      if (event.name === 'app.command') runAppCommand(event.payload.command);
    });
  }, [desktop]);
}
