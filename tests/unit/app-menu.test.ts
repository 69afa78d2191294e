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
  // Electron passes the clicked item first (a profile's item puts its tick back); the window and
  // event are not used.
  (item.click as (menuItem: { checked: boolean }) => void)({ checked: item.checked === true });
}

/**
 * The profile items as Electron's Menu.buildFromTemplate makes them, in what matters here
 * (electron/lib/browser/api/menu-item.ts and menu.ts): a click flips a checkbox or radio item's
 * `checked` before our handler runs; setting a radio's `checked` ticks it and unticks the rest of
 * its group, whatever the value set; and a radio group with nothing ticked shows its first ticked.
 */
function fakeElectronItems(items: readonly MenuItemConstructorOptions[]) {
  const radios = new Set<FakeItem>();
  const ticked = new Map<FakeItem, boolean>();
  interface FakeItem {
    id: string | undefined;
    type: MenuItemConstructorOptions['type'];
    checked: boolean;
    click: () => void;
  }
  const built = items.map((options) => {
    const item: FakeItem = {
      id: options.id,
      type: options.type,
      get checked() {
        return ticked.get(item) ?? false;
      },
      set checked(value: boolean) {
        if (item.type !== 'radio') {
          ticked.set(item, value);
          return;
        }
        for (const other of radios) ticked.set(other, false);
        ticked.set(item, true);
      },
      click: () => {
        if (item.type === 'checkbox' || item.type === 'radio') item.checked = !item.checked;
        (options.click as ((menuItem: FakeItem) => void) | undefined)?.(item);
      },
    };
    if (item.type === 'radio') radios.add(item);
    ticked.set(item, options.checked === true);
    return item;
  });
  // Menu._menuWillShow: a radio group always shows one item ticked.
  const first = [...radios][0];
  if (first !== undefined && ![...radios].some((item) => item.checked)) ticked.set(first, true);
  return {
    click: (id: string) => built.find((item) => item.id === id)?.click(),
    ticked: () => built.filter((item) => item.checked).map((item) => item.id),
  };
}

function profileMenuItems(template: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  const profileMenu = template.find((menu) => menu.label === 'Profile');
  return Array.isArray(profileMenu?.submenu) ? profileMenu.submenu : [];
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
    const listed = items.filter((item) => item.type === 'checkbox');
    expect(listed.map((item) => item.label)).toEqual(
      Array.from({ length: 9 }, (_, index) => `P${index + 1} (sandbox)`),
    );
    expect(listed.filter((item) => item.checked).map((item) => item.id)).toEqual(['switch-profile-5']);
    expect(listed.at(-1)?.accelerator).toBe('CmdOrCtrl+9');

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

  it('ticks only the active profile, whatever a click did, until the profiles change', () => {
    // The switch runs in the renderer, which may refuse it (a confirmation open, a failure): the
    // menu is rebuilt only when the active profile really changes (profiles.changed).
    const runCommand = vi.fn();
    const menu = fakeElectronItems(profileMenuItems(buildAppMenuTemplate(options({ runCommand }))));
    expect(menu.ticked()).toEqual(['switch-profile-1']);
    menu.click('switch-profile-3');
    expect(runCommand).toHaveBeenCalledWith('switch-profile-3');
    expect(menu.ticked()).toEqual(['switch-profile-1']);
    menu.click('switch-profile-1');
    expect(menu.ticked()).toEqual(['switch-profile-1']);

    // The active profile past the ninth has no item: none is ticked, not the first.
    const many = Array.from({ length: 12 }, (_, index) => ({
      name: `P${index + 1}`,
      environment: 'sandbox',
      isActive: index === 9,
      liveAddress: null,
    }));
    const beyond = fakeElectronItems(profileMenuItems(buildAppMenuTemplate(options({ profiles: many }))));
    expect(beyond.ticked()).toEqual([]);
    beyond.click('switch-profile-2');
    expect(beyond.ticked()).toEqual([]);
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
