export declare function findElectronBinary(): { path: string } | { path: null; reason: string };
