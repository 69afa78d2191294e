// electron-builder `beforePack` hook: builds better-sqlite3 for Electron's ABI and the target
// architecture into native/electron-<abi>/, which electron-builder.yml packs and unpacks from
// app.asar (asarUnpack: native/**) for src/main/store/native-binding.ts to load. A native addon
// cannot be cross-compiled for another OS, so each OS's installers are built on that OS.
import { Arch } from 'electron-builder';
import { rebuildElectronSqlite } from '../rebuild-electron-sqlite.mjs';

/** @param {import('electron-builder').BeforePackContext} context */
export default async function beforePack(context) {
  const arch = Arch[context.arch];
  if (context.electronPlatformName !== process.platform) {
    throw new Error(
      `Packaging for ${context.electronPlatformName} on ${process.platform}: better-sqlite3 must be built on the target OS. Run "npm run dist" there.`,
    );
  }
  if (arch === 'universal') {
    throw new Error(
      'Universal macOS builds need one better-sqlite3 per architecture; build x64 and arm64 separately.',
    );
  }
  rebuildElectronSqlite({ arch });
}
