// The one entry of features/emulator: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { useEmulatorStore } from './emulator-store';
