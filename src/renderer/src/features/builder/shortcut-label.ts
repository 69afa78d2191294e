import { appCommandShortcut, type AppCommandId } from '@shared/app-commands';
import { shortcutLabel } from '@ui/platform';

/** A command's shortcut as this platform writes it (Ctrl+Enter, ⌘↵), or '' when it has none. */
export function appCommandShortcutLabel(command: AppCommandId): string {
  const shortcut = appCommandShortcut(command);
  return shortcut === null ? '' : shortcutLabel(shortcut);
}
