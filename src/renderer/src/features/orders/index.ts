// The one entry of features/orders: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { ExchangeAnswer } from './exchange-answer';
export { LifecycleStrip } from './lifecycle-strip';
export { StateBadge } from './state-badge';
export { useOrderLifecycle } from './use-order-lifecycle';
export { useEmulatorHeldState } from './use-emulator-held-state';
