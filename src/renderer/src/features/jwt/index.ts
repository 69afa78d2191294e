// The one entry of features/jwt: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { DecodedToken } from './decoded-token';
export { VerdictBadge, verdictLook, type VerdictRef } from './verdict-badge';
