import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
// electron-builder's own loader and schema check: offline, no Electron download.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import afterPack from '../../scripts/packaging/after-pack.mjs';
import beforePack from '../../scripts/packaging/before-pack.mjs';
import { electronBinaryPath, fuseSettings, needsAdHocResign } from '../../scripts/packaging/fuses.mjs';
import { nativeBindingCandidates } from '../../src/main/store/native-binding';
import { PROJECT_HOMEPAGE, PROJECT_ISSUES } from '../../src/shared/project-links';
import { makeTempDir } from './helpers/temp-console';

const root = join(import.meta.dirname, '..', '..');
type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};
const targetsOf = (platform: unknown) => asRecord(platform)['target'];
/** electron-builder normalises `files` into `[{ filter: [...] }]`. */
const filesOf = (config: Json): unknown[] =>
  (Array.isArray(config['files']) ? config['files'] : []).flatMap((entry: unknown) => {
    const filter = asRecord(entry)['filter'];
    return Array.isArray(filter) ? filter : [entry];
  });

async function loadConfig(): Promise<Json> {
  const config = await getConfig(root, 'electron-builder.yml', null);
  await validateConfiguration(config, new DebugLogger(false));
  return asRecord(config);
}

describe('electron-builder configuration', () => {
  it("passes electron-builder's schema and names the app", async () => {
    const config = await loadConfig();
    expect(config['appId']).toBe('io.github.checkoutconsole.app');
    expect(config['productName']).toBe('Checkout Console');
  }, 30_000);

  it('builds AppImage and deb, dmg, and nsis', async () => {
    const config = await loadConfig();
    expect(targetsOf(config['linux'])).toEqual(['AppImage', 'deb']);
    expect(targetsOf(config['mac'])).toEqual(['dmg']);
    expect(targetsOf(config['win'])).toEqual(['nsis']);
  }, 30_000);

  it('packs only the build output, and unpacks the native addon from asar', async () => {
    const config = await loadConfig();
    const files = filesOf(config);
    expect(files).toEqual(expect.arrayContaining(['out/**', 'package.json', 'native/**']));
    expect(files.filter((pattern) => typeof pattern === 'string' && !pattern.startsWith('!'))).toEqual([
      'out/**',
      'package.json',
      'native/**',
    ]);
    expect(config['asar']).toBe(true);
    expect(config['asarUnpack']).toEqual(
      expect.arrayContaining(['native/**', 'node_modules/better-sqlite3/**']),
    );
    // node_modules keeps its Node build; the hook builds the Electron one into native/.
    expect(config['npmRebuild']).toBe(false);
    for (const hook of ['beforePack', 'afterPack']) {
      const path = config[hook];
      expect(typeof path).toBe('string');
      expect(existsSync(join(root, String(path)))).toBe(true);
    }
  }, 30_000);

  it('finds the Electron build of better-sqlite3 where asarUnpack puts it', () => {
    const resources = join('/opt', 'Checkout Console', 'resources');
    expect(nativeBindingCandidates(join(resources, 'app.asar'), '140')[0]).toBe(
      join(resources, 'app.asar.unpacked', 'native', 'electron-140', 'better_sqlite3.node'),
    );
    expect(nativeBindingCandidates('/work/checkout-console', '140')).toEqual([
      join('/work/checkout-console', 'native', 'electron-140', 'better_sqlite3.node'),
    ]);
  });

  it('has every icon electron-builder needs, at the right sizes', async () => {
    const config = await loadConfig();
    const pngSize = (file: string) => {
      const bytes = readFileSync(file);
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    };
    const linuxIcons = join(root, String(asRecord(config['linux'])['icon']));
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(join(linuxIcons, `${size}x${size}.png`))).toEqual([size, size]);
    }
    expect(pngSize(join(root, 'resources', 'icon.png'))).toEqual([1024, 1024]);

    const icns = readFileSync(join(root, String(asRecord(config['mac'])['icon'])));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic10'))).toBe(true);

    const ico = readFileSync(join(root, String(asRecord(config['win'])['icon'])));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const widths = Array.from({ length: count }, (_, index) => ico.readUInt8(6 + index * 16) || 256);
    expect(widths).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  }, 30_000);

  it('documents the project where the Help menu points', () => {
    const pkg = asRecord(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
    expect(pkg['homepage']).toBe(PROJECT_HOMEPAGE);
    expect(asRecord(pkg['bugs'])['url']).toBe(PROJECT_ISSUES);
    expect(asRecord(pkg['scripts'])['dist']).toContain('electron-builder');
  });
});

describe('Electron fuses', () => {
  it('turn off every way to run other code, and name real fuses', () => {
    for (const platform of ['linux', 'darwin', 'win32']) {
      const fuses = fuseSettings(platform);
      expect(fuses).toMatchObject({
        RunAsNode: false,
        EnableNodeOptionsEnvironmentVariable: false,
        EnableNodeCliInspectArguments: false,
        OnlyLoadAppFromAsar: true,
        EnableCookieEncryption: true,
        GrantFileProtocolExtraPrivileges: false,
      });
      for (const name of Object.keys(fuses)) expect(FuseV1Options).toHaveProperty(name);
    }
  });

  it('validate asar integrity where Electron supports it (macOS, Windows)', () => {
    expect(fuseSettings('darwin')['EnableEmbeddedAsarIntegrityValidation']).toBe(true);
    expect(fuseSettings('win32')['EnableEmbeddedAsarIntegrityValidation']).toBe(true);
    expect(fuseSettings('linux')['EnableEmbeddedAsarIntegrityValidation']).toBe(false);
    expect(needsAdHocResign('darwin', 'arm64')).toBe(true);
    expect(needsAdHocResign('darwin', 'x64')).toBe(false);
    expect(needsAdHocResign('linux', 'arm64')).toBe(false);
  });

  it('patch the right file on each platform', () => {
    const target = {
      appOutDir: join('dist', 'out'),
      productFilename: 'Checkout Console',
      executableName: 'checkout-console',
    };
    expect(electronBinaryPath({ ...target, platform: 'darwin' })).toBe(
      join('dist', 'out', 'Checkout Console.app'),
    );
    expect(electronBinaryPath({ ...target, platform: 'win32' })).toBe(
      join('dist', 'out', 'Checkout Console.exe'),
    );
    expect(electronBinaryPath({ ...target, platform: 'linux' })).toBe(
      join('dist', 'out', 'checkout-console'),
    );
  });

  it('are flipped by the afterPack hook in the packed binary', async () => {
    const temp = makeTempDir('cc-fuses-');
    try {
      // A stand-in binary: @electron/fuses looks for its sentinel, then version, length and wire.
      const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX', 'latin1');
      const wire = Buffer.from('111111111', 'latin1'); // nine fuses: one newer than our list
      const binary = join(temp.dir, 'checkout-console');
      mkdirSync(temp.dir, { recursive: true });
      writeFileSync(
        binary,
        Buffer.concat([Buffer.from('ELF…'), sentinel, Buffer.from([1, wire.length]), wire]),
      );
      await afterPack({
        electronPlatformName: 'linux',
        arch: 1,
        appOutDir: temp.dir,
        packager: { appInfo: { productFilename: 'Checkout Console' }, executableName: 'checkout-console' },
      });
      const patched = readFileSync(binary);
      const start = patched.indexOf(sentinel) + sentinel.length + 2;
      const states = patched.subarray(start, start + wire.length).toString('latin1');
      const expected = Array.from({ length: 8 }, (_, index) => {
        const name = FuseV1Options[index];
        return name !== undefined && fuseSettings('linux')[name] === true ? '1' : '0';
      }).join('');
      expect(states).toBe(`${expected}1`);
      expect(states.slice(0, 6)).toBe('010001');
    } finally {
      temp.remove();
    }
  });
});

describe('beforePack', () => {
  it('refuses to cross-compile the native addon for another OS', async () => {
    const other = process.platform === 'win32' ? 'linux' : 'win32';
    await expect(beforePack({ electronPlatformName: other, arch: 1 })).rejects.toThrow(
      /must be built on the target OS/,
    );
  });

  it('refuses universal macOS builds, which need one addon per architecture', async () => {
    await expect(beforePack({ electronPlatformName: process.platform, arch: 4 })).rejects.toThrow(
      /Universal/,
    );
  });
});
