export declare function fuseSettings(platform: string): Record<string, boolean>;
export declare function needsAdHocResign(platform: string, arch: string): boolean;
export declare function electronBinaryPath(target: {
  platform: string;
  appOutDir: string;
  productFilename: string;
  executableName: string;
}): string;
