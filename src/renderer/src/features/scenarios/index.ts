// The one entry of features/scenarios: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { CheckEndpointButton } from './check-endpoint-button';
export { SaveAsScenarioButton } from './save-as-scenario';
