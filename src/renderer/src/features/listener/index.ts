// The one entry of features/listener: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { useListenerStore } from './listener-store';
export { listenerNotRunningWords } from './listener-status-words';
