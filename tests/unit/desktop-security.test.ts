import { describe, expect, it } from 'vitest';
import { registerIpcBridge, type IpcInvokeEventLike } from '../../src/main/bridge/ipc';
import { contentSecurityPolicy } from '../../src/main/content-security-policy';
import { isTrustedIpcSender } from '../../src/main/desktop/ipc-sender';
import { decidePermission } from '../../src/main/desktop/permissions';
import { secureWebPreferences } from '../../src/main/desktop/secure-web-preferences';
import {
  decideNavigation,
  decideWindowOpen,
  isAppUrl,
  isExternalLink,
} from '../../src/main/desktop/trusted-url';
import { commandNames } from '../../src/shared/contract';

describe('window defaults', () => {
  it('sandboxes the renderer and isolates its context', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('has a strict content security policy', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('trusted URLs are parsed, never substring-matched', () => {
  it.each([
    ['app://console/index.html', true],
    ['app://console/#/profiles', true],
    ['app://evil/index.html', false],
    ['app://console.evil.com/', false],
    ['https://console/', false],
    ['https://app://console', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('isAppUrl(%s) is %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });

  it('lets only web and mail links out to the system browser', () => {
    expect(isExternalLink('https://example.com/docs')).toBe(true);
    expect(isExternalLink('mailto:qa@example.com')).toBe(true);
    expect(isExternalLink('file:///bin/sh')).toBe(false);
    expect(isExternalLink('smb://host/share')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
  });

  // A web link is no longer opened from main: the renderer asks first, showing the host.
  it('keeps navigation inside the app and offers web links to the system browser, after asking', () => {
    expect(decideNavigation('app://console/index.html#/timeline')).toEqual({ allow: true });
    expect(decideNavigation('https://example.com')).toEqual({ allow: false, askToOpen: true });
    expect(decideNavigation('file:///etc/passwd')).toEqual({ allow: false, askToOpen: false });
  });

  it('denies every window.open, offering web links outside after asking', () => {
    expect(decideWindowOpen('https://example.com')).toEqual({ action: 'deny', askToOpen: true });
    expect(decideWindowOpen('app://console/index.html')).toEqual({ action: 'deny', askToOpen: false });
  });
});

describe('permissions', () => {
  it('denies by default', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'hid',
      'serial',
    ]) {
      expect(decidePermission(permission, 'app://console/index.html')).toBe(false);
    }
  });

  it('allows clipboard writes to the app only', () => {
    expect(decidePermission('clipboard-sanitized-write', 'app://console/index.html')).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', 'https://example.com')).toBe(false);
  });
});

describe('IPC bridge', () => {
  const event = (url: string): IpcInvokeEventLike => ({ senderFrame: { url } });

  it('trusts only our main frame showing our app', () => {
    expect(isTrustedIpcSender(event('app://console/index.html'), true)).toBe(true);
    expect(isTrustedIpcSender(event('app://console/index.html'), false)).toBe(false);
    expect(isTrustedIpcSender(event('https://evil.example/'), true)).toBe(false);
    expect(isTrustedIpcSender({ senderFrame: null }, true)).toBe(false);
  });

  it('registers one channel per command, all through the sender check', async () => {
    const handlers = new Map<string, (event: IpcInvokeEventLike, input: unknown) => Promise<unknown>>();
    const calls: string[] = [];
    const unregister = registerIpcBridge(
      {
        handle: (channel, listener) => handlers.set(channel, listener),
        removeHandler: (channel) => handlers.delete(channel),
      },
      async (command) => {
        calls.push(command);
        return { ok: true, data: null };
      },
      (e) => isTrustedIpcSender(e, true),
    );
    expect([...handlers.keys()].sort()).toEqual(commandNames.map((name) => `bridge:${name}`).sort());
    const listProfiles = handlers.get('bridge:listProfiles');
    expect(await listProfiles?.(event('app://console/index.html'), {})).toEqual({ ok: true, data: null });
    expect(await listProfiles?.(event('https://evil.example/'), {})).toMatchObject({ ok: false });
    expect(calls).toEqual(['listProfiles']);
    unregister();
    expect(handlers.size).toBe(0);
  });
});
