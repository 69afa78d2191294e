/** Every view of the navigation, as its route (`#/<view>`): what a first look around visits. */
export const VIEWS = [
  'builder',
  'profiles',
  'timeline',
  'replay',
  'history',
  'orders',
  'scenarios',
  'emulator',
  'listener',
  'jwt',
  'settings',
] as const;
