import type { MenuItemConstructorOptions } from 'electron';
import {
  appCommandLabel,
  appCommandShortcut,
  PROFILE_SLOTS,
  switchProfileCommand,
  toElectronAccelerator,
  type AppCommandId,
} from '../../shared/app-commands';
import { environmentWithLiveMark, type LiveAddress } from '../../shared/live-address';
import { PROJECT_HOMEPAGE, PROJECT_ISSUES, PROJECT_README } from '../../shared/project-links';

/**
 * The application menu, as a pure template (no Electron at run time, so it is unit-tested).
 * src/main/index.ts builds it with Menu.buildFromTemplate and rebuilds it when profiles change.
 *
 * Our own items do not act in main: they send an app command to the renderer (the `app.command`
 * push event), where the same registry that serves browser-mode shortcuts runs it. Extending:
 * add the command in src/shared/app-commands.ts, then place `command('<id>')` in a menu below.
 * Every item of ours has `id` = its command id, so tests can find and click it.
 */
export interface MenuProfile {
  name: string;
  environment: string;
  isActive: boolean;
  /** The live profile's address this one reaches (main computes it for every profile view). */
  liveAddress: LiveAddress | null;
}

/**
 * "Live copy (sandbox, live address)": a profile not live whose calls reach production carries
 * the mark the top bar and the Profiles view give it; "(sandbox)" alone would look calm.
 */
function profileLabel(profile: MenuProfile): string {
  return `${profile.name} (${environmentWithLiveMark(profile)})`;
}

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** Unpackaged (`npm start`, tests): adds reload and developer tools to View. */
  isDevelopment: boolean;
  appName: string;
  /** In switcher order; the first nine get Ctrl/Cmd+1…9. */
  profiles: readonly MenuProfile[];
  runCommand: (command: AppCommandId) => void;
  openExternal: (url: string) => void;
  showDataFolder: () => void;
}

export const HELP_LINKS = [
  { id: 'help-readme', label: 'Documentation', url: PROJECT_README },
  { id: 'help-project', label: 'Checkout Console on GitHub', url: PROJECT_HOMEPAGE },
  { id: 'help-issues', label: 'Report an Issue', url: PROJECT_ISSUES },
] as const;

const separator: MenuItemConstructorOptions = { type: 'separator' };

export function buildAppMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';

  const command = (id: AppCommandId, label = appCommandLabel(id)): MenuItemConstructorOptions => {
    const shortcut = appCommandShortcut(id);
    return {
      id,
      label,
      ...(shortcut === null ? {} : { accelerator: toElectronAccelerator(shortcut) }),
      click: () => options.runCommand(id),
    };
  };

  const settings = command('open-settings', mac ? 'Settings…' : 'Settings');

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      separator,
      settings,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      command('send'),
      separator,
      ...(mac ? [] : [settings, separator]),
      { id: 'show-data-folder', label: 'Show Data Folder', click: () => options.showDataFolder() },
      separator,
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };

  const developmentItems: MenuItemConstructorOptions[] = options.isDevelopment
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
    : [];

  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      command('command-palette', 'Command Palette…'),
      command('focus-timeline-filter', 'Focus Timeline Filter'),
      command('toggle-theme', 'Toggle Light/Dark Theme'),
      separator,
      ...developmentItems,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  /*
   * Electron ticks a clicked item before its handler runs, but the switch happens in the
   * renderer, which may refuse it (a confirmation is open) or fail; the menu is rebuilt only when
   * the active profile really changes (profiles.changed). So each click puts the tick back as
   * the snapshot has it. Checkboxes, not radios: setting a radio's `checked` always ticks it and
   * unticks the rest of its group, and a radio group with none ticked shows its first ticked, so
   * an active profile past the ninth (no item) would tick the first.
   */
  const profileItems = PROFILE_SLOTS.flatMap((slot): MenuItemConstructorOptions[] => {
    const profile = options.profiles[slot - 1];
    if (profile === undefined) return [];
    const id = switchProfileCommand(slot);
    return [
      {
        ...command(id, profileLabel(profile)),
        type: 'checkbox',
        checked: profile.isActive,
        click: (item) => {
          item.checked = profile.isActive;
          options.runCommand(id);
        },
      },
    ];
  });
  const profileMenu: MenuItemConstructorOptions = {
    label: 'Profile',
    submenu: [
      ...(profileItems.length === 0
        ? [{ id: 'no-profiles', label: 'No profiles', enabled: false }]
        : profileItems),
      separator,
      command('new-profile', 'New Profile…'),
    ],
  };

  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      ...HELP_LINKS.map((link): MenuItemConstructorOptions => ({
        id: link.id,
        label: link.label,
        click: () => options.openExternal(link.url),
      })),
      ...(mac ? [] : [separator, { role: 'about' } satisfies MenuItemConstructorOptions]),
    ],
  };

  return [
    ...(mac ? [appMenu] : []),
    fileMenu,
    { role: 'editMenu' },
    viewMenu,
    profileMenu,
    { role: 'windowMenu' },
    helpMenu,
  ];
}

/** Every item with an accelerator, flattened: what the tests (and the README table) check. */
export function menuAccelerators(template: readonly MenuItemConstructorOptions[]): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (items: readonly MenuItemConstructorOptions[]): void => {
    for (const item of items) {
      if (item.id !== undefined && typeof item.accelerator === 'string') found.set(item.id, item.accelerator);
      if (Array.isArray(item.submenu)) visit(item.submenu);
    }
  };
  visit(template);
  return found;
}
