import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

function onPath(command: string): boolean {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // keep looking
    }
  }
  return false;
}

/** Whether this machine has a way to show a page to a person (a desktop session and an opener). */
export function canOpenBrowser(): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  const hasDisplay = Boolean(process.env['DISPLAY'] ?? process.env['WAYLAND_DISPLAY']);
  return hasDisplay && onPath('xdg-open');
}

export async function openBrowser(url: string): Promise<boolean> {
  if (!canOpenBrowser()) return false;
  try {
    const { default: open } = await import('open');
    const child = await open(url);
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
