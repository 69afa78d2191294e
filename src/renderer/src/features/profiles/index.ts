// The one entry of features/profiles: other features and the app shell import only this file.
// Kept by scripts/renderer-floors.mjs, which adds what they import; lines may be added by hand.
export { ProfileFilterSelect } from './profile-filter-select';
export { selectActiveProfile, useProfilesStore } from './profiles-store';
export { switchProfile, switchProfileSlot } from './switch-profile';
