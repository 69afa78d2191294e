import { formatShortcut } from '@shared/app-commands';

/** macOS shows ⌘ where others show Ctrl. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.userAgent);

export function shortcutLabel(shortcut: string): string {
  return formatShortcut(shortcut, isMac);
}
