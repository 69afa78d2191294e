export declare function findElectronBinary(): { path: string } | { path: null; reason: string };
export declare function electronAbi(): string | null;
