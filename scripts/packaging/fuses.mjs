// Electron fuses for packaged builds: switches compiled into the Electron binary that turn off
// ways to run other code than ours. Pure (no @electron/fuses import) so a unit test checks the
// list; after-pack.mjs flips them with @electron/fuses before electron-builder signs.
import { join } from 'node:path';

/**
 * The fuses, by their @electron/fuses `FuseV1Options` names.
 * @param {string} platform electron-builder's electronPlatformName: darwin | mas | win32 | linux
 * @returns {Record<string, boolean>}
 */
export function fuseSettings(platform) {
  return {
    // ELECTRON_RUN_AS_NODE would turn the app into a plain Node.js interpreter.
    RunAsNode: false,
    // NODE_OPTIONS / NODE_EXTRA_CA_CERTS could inject code or trust into the main process.
    EnableNodeOptionsEnvironmentVariable: false,
    // --inspect and friends (and SIGUSR1) would attach a debugger to the main process.
    EnableNodeCliInspectArguments: false,
    // Load the app only from app.asar, never from a loose app/ folder dropped beside it.
    OnlyLoadAppFromAsar: true,
    // Check app.asar against the hash electron-builder embeds; Electron supports it on macOS
    // and Windows only.
    EnableEmbeddedAsarIntegrityValidation:
      platform === 'darwin' || platform === 'mas' || platform === 'win32',
    // Chromium's cookie store encrypted with the OS key, like Chrome.
    EnableCookieEncryption: true,
    // One V8 snapshot for every process, as by default: we ship no separate browser snapshot.
    LoadBrowserProcessSpecificV8Snapshot: false,
    // We serve the UI from app://, never file://, so file pages need no extra powers.
    GrantFileProtocolExtraPrivileges: false,
  };
}

/**
 * Flipping fuses breaks the ad-hoc signature of an Apple Silicon binary; @electron/fuses re-signs
 * it ad hoc so an unsigned local build still starts (a real signature replaces it afterwards).
 * @param {string} platform
 * @param {string} arch x64 | arm64 | universal | ia32 | armv7l
 */
export function needsAdHocResign(platform, arch) {
  return platform === 'darwin' && (arch === 'arm64' || arch === 'universal');
}

/**
 * The file @electron/fuses patches: the .app bundle on macOS, the .exe on Windows, the
 * executable on Linux.
 * @param {{ platform: string, appOutDir: string, productFilename: string, executableName: string }} target
 */
export function electronBinaryPath({ platform, appOutDir, productFilename, executableName }) {
  if (platform === 'darwin' || platform === 'mas') return join(appOutDir, `${productFilename}.app`);
  if (platform === 'win32') return join(appOutDir, `${productFilename}.exe`);
  return join(appOutDir, executableName);
}
