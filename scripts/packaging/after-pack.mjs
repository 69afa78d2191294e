// electron-builder `afterPack` hook: flips the Electron fuses (scripts/packaging/fuses.mjs) in
// the packed binary. electron-builder runs it before signing, so the signature covers them.
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { Arch } from 'electron-builder';
import { electronBinaryPath, fuseSettings, needsAdHocResign } from './fuses.mjs';

/** @param {import('electron-builder').AfterPackContext} context */
export default async function afterPack(context) {
  const platform = context.electronPlatformName;
  const config = {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: needsAdHocResign(platform, Arch[context.arch]),
  };
  for (const [name, enabled] of Object.entries(fuseSettings(platform))) {
    const option = FuseV1Options[name];
    if (option === undefined) throw new Error(`@electron/fuses has no fuse named ${name}`);
    config[option] = enabled;
  }
  const binary = electronBinaryPath({
    platform,
    appOutDir: context.appOutDir,
    productFilename: context.packager.appInfo.productFilename,
    executableName: context.packager.executableName ?? context.packager.appInfo.productFilename,
  });
  await flipFuses(binary, config);
  console.log(`Electron fuses set on ${binary}: ${JSON.stringify(fuseSettings(platform))}`);
}
