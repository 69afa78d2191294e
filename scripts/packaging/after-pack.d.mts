/** The parts of electron-builder's AfterPackContext the hook reads. */
export interface AfterPackContextLike {
  electronPlatformName: string;
  /** electron-builder's Arch enum value. */
  arch: number;
  appOutDir: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}
export default function afterPack(context: AfterPackContextLike): Promise<void>;
