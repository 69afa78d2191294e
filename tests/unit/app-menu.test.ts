import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAppMenuTemplate,
  HELP_LINKS,
  menuAccelerators,
  type AppMenuOptions,
} from '../../src/main/desktop/app-menu';
import { isExternalLink } from '../../src/main/desktop/trusted-url';

function options(overrides: Partial<AppMenuOptions> = {}): AppMenuOptions {
  return {
    platform: 'linux',
    isDevelopment: false,
    appName: 'Checkout Console',
    profiles: [
      { name: 'Local', environment: 'local', isActive: true, liveAddress: null },
      { name: 'Sandbox', environment: 'sandbox', isActive: false, liveAddress: null },
      { name: 'Live', environment: 'live', isActive: false, liveAddress: null },
    ],
    runCommand: vi.fn(),
    openExternal: vi.fn(),
    showDataFolder: vi.fn(),
    ...overrides,
  };
}

function flatten(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function byId(template: readonly MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions {
  const item = flatten(template).find((candidate) => candidate.id === id);
  if (item === undefined) throw new Error(`no menu item ${id}`);
  return item;
}

function click(item: MenuItemConstructorOptions): void {
  if (item.click === undefined) throw new Error(`${item.id ?? item.label} has no click`);
  // Our click handlers ignore Electron's arguments; the types want them anyway.
  (item.click as () => void)();
}

const roles = (template: readonly MenuItemConstructorOptions[]) =>
  flatten(template).flatMap((item) => (item.role === undefined ? [] : [item.role]));

describe('application menu', () => {
  it('has the usual menus, with the app menu first on macOS only', () => {
    const linux = buildAppMenuTemplate(options());
    expect(linux.map((menu) => menu.label ?? menu.role)).toEqual([
      'File',
      'editMenu',
      'View',
      'Profile',
      'windowMenu',
      'help',
    ]);
    expect(roles(linux)).toContain('quit');

    const mac = buildAppMenuTemplate(options({ platform: 'darwin' }));
    expect(mac[0]?.label).toBe('Checkout Console');
    expect(roles(mac.slice(0, 1))).toEqual(
      expect.arrayContaining(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']),
    );
    // Settings lives in the app menu on macOS, in File elsewhere.
    expect(flatten(mac.slice(0, 1)).some((item) => item.id === 'open-settings')).toBe(true);
    expect(flatten(linux.slice(0, 1)).some((item) => item.id === 'open-settings')).toBe(true);
    expect(roles(mac)).toContain('close');
  });

  it('offers reload and developer tools only in development', () => {
    const production = roles(buildAppMenuTemplate(options()));
    for (const role of ['reload', 'forceReload', 'toggleDevTools'] as const)
      expect(production).not.toContain(role);
    expect(roles(buildAppMenuTemplate(options({ isDevelopment: true })))).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']),
    );
  });

  it('binds our shortcuts as accelerators', () => {
    const accelerators = menuAccelerators(buildAppMenuTemplate(options()));
    expect(accelerators.get('send')).toBe('CmdOrCtrl+Enter');
    expect(accelerators.get('command-palette')).toBe('CmdOrCtrl+K');
    expect(accelerators.get('focus-timeline-filter')).toBe('CmdOrCtrl+L');
    expect(accelerators.get('open-settings')).toBe('CmdOrCtrl+,');
    expect(accelerators.get('switch-profile-1')).toBe('CmdOrCtrl+1');
    expect(accelerators.get('switch-profile-3')).toBe('CmdOrCtrl+3');
    // No accelerator is bound twice.
    const values = [...accelerators.values()];
    expect(new Set(values).size).toBe(values.length);
  });

  it('lists the first nine profiles, the active one checked', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      name: `P${index + 1}`,
      environment: 'sandbox',
      isActive: index === 4,
      liveAddress: null,
    }));
    const template = buildAppMenuTemplate(options({ profiles: many }));
    const profileMenu = template.find((menu) => menu.label === 'Profile');
    const items = Array.isArray(profileMenu?.submenu) ? profileMenu.submenu : [];
    const radios = items.filter((item) => item.type === 'radio');
    expect(radios.map((item) => item.label)).toEqual(
      Array.from({ length: 9 }, (_, index) => `P${index + 1} (sandbox)`),
    );
    expect(radios.filter((item) => item.checked).map((item) => item.id)).toEqual(['switch-profile-5']);
    expect(radios.at(-1)?.accelerator).toBe('CmdOrCtrl+9');

    const none = buildAppMenuTemplate(options({ profiles: [] }));
    expect(byId(none, 'no-profiles').enabled).toBe(false);
  });

  it('marks a profile that is not live but reaches a live address, as the Profiles view does', () => {
    // A duplicate of Live set to Sandbox keeps Live's base URL: its calls reach production.
    const liveAddress = {
      profileName: 'Live',
      field: 'base URL',
      url: 'https://api.example.com',
      server: 'https://api.example.com',
    } as const;
    const template = buildAppMenuTemplate(
      options({
        profiles: [
          { name: 'Sandbox', environment: 'sandbox', isActive: true, liveAddress: null },
          { name: 'Live', environment: 'live', isActive: false, liveAddress: null },
          { name: 'Live copy', environment: 'sandbox', isActive: false, liveAddress },
        ],
      }),
    );
    expect(
      ['switch-profile-1', 'switch-profile-2', 'switch-profile-3'].map((id) => byId(template, id).label),
    ).toEqual(['Sandbox (sandbox)', 'Live (live)', 'Live copy (sandbox, live address)']);
  });

  it('sends our items to the renderer as app commands', () => {
    const runCommand = vi.fn();
    const template = buildAppMenuTemplate(options({ runCommand }));
    for (const id of [
      'send',
      'command-palette',
      'focus-timeline-filter',
      'switch-profile-2',
      'new-profile',
    ]) {
      click(byId(template, id));
    }
    expect(runCommand.mock.calls.map(([command]: unknown[]) => command)).toEqual([
      'send',
      'command-palette',
      'focus-timeline-filter',
      'switch-profile-2',
      'new-profile',
    ]);
  });

  it('opens help links externally, and they are web links', () => {
    const openExternal = vi.fn();
    const template = buildAppMenuTemplate(options({ openExternal }));
    for (const link of HELP_LINKS) {
      expect(isExternalLink(link.url)).toBe(true);
      expect(new URL(link.url).protocol).toBe('https:');
      click(byId(template, link.id));
    }
    expect(openExternal.mock.calls.map(([url]: unknown[]) => url)).toEqual(
      HELP_LINKS.map((link) => link.url),
    );
  });
});
