import type { Environment } from '@shared/profile';

/** Live is always red, everywhere; the others are calm. */
export const ENVIRONMENT_COLOR: Record<Environment, string> = {
  local: 'teal',
  sandbox: 'blue',
  live: 'red',
};

export const ENVIRONMENT_LABEL: Record<Environment, string> = {
  local: 'Local emulator',
  sandbox: 'Sandbox',
  live: 'Live (production)',
};
