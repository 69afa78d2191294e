import { describe, expect, it, vi } from 'vitest';
import { createAppCommandRegistry } from '../../src/renderer/src/ui/app-command-registry';
import {
  APP_COMMAND_IDS,
  appCommandEventSchema,
  appCommandLabel,
  appCommandShortcut,
  formatShortcut,
  profileSlotOf,
  toElectronAccelerator,
} from '../../src/shared/app-commands';

describe('app command ids and shortcuts', () => {
  it('maps every switch-profile command to its slot and nothing else', () => {
    expect(profileSlotOf('switch-profile-1')).toBe(1);
    expect(profileSlotOf('switch-profile-9')).toBe(9);
    expect(profileSlotOf('send')).toBeNull();
    expect(appCommandLabel('switch-profile-4')).toBe('Switch to profile 4');
    expect(appCommandShortcut('switch-profile-4')).toBe('mod+4');
  });

  it('gives every command a label and distinct shortcuts', () => {
    for (const id of APP_COMMAND_IDS) expect(appCommandLabel(id)).not.toBe('');
    const shortcuts = APP_COMMAND_IDS.flatMap((id) => appCommandShortcut(id) ?? []);
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
    expect(appCommandShortcut('toggle-theme')).toBeNull();
  });

  it('writes shortcuts for Electron, macOS and the rest', () => {
    expect(toElectronAccelerator('mod+Enter')).toBe('CmdOrCtrl+Enter');
    expect(toElectronAccelerator('mod+shift+K')).toBe('CmdOrCtrl+Shift+K');
    expect(formatShortcut('mod+K', true)).toBe('⌘K');
    expect(formatShortcut('mod+k', false)).toBe('Ctrl+K');
    expect(formatShortcut('mod+Enter', true)).toBe('⌘↩');
    expect(formatShortcut('mod+Enter', false)).toBe('Ctrl+Enter');
  });

  it('accepts only known commands on the wire', () => {
    expect(appCommandEventSchema.safeParse({ command: 'send' }).success).toBe(true);
    expect(appCommandEventSchema.safeParse({ command: 'rm -rf' }).success).toBe(false);
  });
});

describe('app command registry', () => {
  it('runs the newest feature handler, then the previous one once it is removed', () => {
    const registry = createAppCommandRegistry({});
    const first = vi.fn();
    const second = vi.fn();
    registry.register('focus-timeline-filter', first);
    const removeSecond = registry.register('focus-timeline-filter', second);
    registry.run('focus-timeline-filter');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    removeSecond();
    registry.run('focus-timeline-filter');
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('prefers features over defaults over the fallback, whatever the registration order', () => {
    const fallback = vi.fn();
    const registry = createAppCommandRegistry({ send: fallback });
    registry.run('send');
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(registry.has('send')).toBe(false);

    const feature = vi.fn();
    const fallbackDefault = vi.fn();
    const removeFeature = registry.register('send', feature);
    // Parents mount after children: the default arrives last but must not win.
    registry.registerDefault('send', fallbackDefault);
    registry.run('send');
    expect(feature).toHaveBeenCalledTimes(1);
    expect(fallbackDefault).not.toHaveBeenCalled();

    removeFeature();
    registry.run('send');
    expect(fallbackDefault).toHaveBeenCalledTimes(1);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('hands a command asked for with no feature mounted to the next feature that registers, once', () => {
    const registry = createAppCommandRegistry({});
    const navigating = vi.fn();
    registry.registerDefault('focus-timeline-filter', navigating);
    registry.runWhenHandled('focus-timeline-filter');
    // The default is what asked: it is not run again, and neither is any other command's feature.
    expect(navigating).not.toHaveBeenCalled();
    const other = vi.fn();
    registry.register('send', other);
    expect(other).not.toHaveBeenCalled();

    const arrived = vi.fn();
    const remove = registry.register('focus-timeline-filter', arrived);
    expect(arrived).toHaveBeenCalledTimes(1);
    remove();
    const later = vi.fn();
    registry.register('focus-timeline-filter', later);
    expect(later).not.toHaveBeenCalled();

    // With a feature mounted it runs at once.
    registry.runWhenHandled('focus-timeline-filter');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a command nobody handles', () => {
    const registry = createAppCommandRegistry({});
    expect(() => registry.run('focus-timeline-filter')).not.toThrow();
  });

  it('removes exactly the registration it was given, even for the same function twice', () => {
    const registry = createAppCommandRegistry({});
    const handler = vi.fn();
    const removeA = registry.register('toggle-theme', handler);
    registry.register('toggle-theme', handler);
    removeA();
    removeA();
    expect(registry.has('toggle-theme')).toBe(true);
  });
});
