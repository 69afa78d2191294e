import { z } from 'zod';

/**
 * How every reader (the log at start, `serve`, `listen`, `profiles list`, the Profiles view, a
 * refused send) names a column of a stored profile that could not be read, in the words a
 * damaged record is named in (damaged-record-words.ts): one wording everywhere.
 */
export const DAMAGED_PROFILE_COLUMNS = {
  name: 'name',
  environment: 'environment',
  baseUrl: 'base URL',
  listenerPort: 'listener port',
  publicListenerUrl: 'public listener URL',
  notificationField: 'notification field',
  operations: 'operations',
  signedTokenMinutes: 'token lifetime',
  apiToken: 'API token',
  notificationToken: 'notification token',
  createdAt: 'creation time',
  updatedAt: 'time of change',
} as const;
export type DamagedProfileColumn = keyof typeof DAMAGED_PROFILE_COLUMNS;

const COLUMN_NAMES = [
  'name',
  'environment',
  'baseUrl',
  'listenerPort',
  'publicListenerUrl',
  'notificationField',
  'operations',
  'signedTokenMinutes',
  'apiToken',
  'notificationToken',
  'createdAt',
  'updatedAt',
] as const satisfies readonly DamagedProfileColumn[];

/** A damaged column as a profile's view carries it (profileViewSchema). */
export const damagedProfileFieldSchema = z.object({ column: z.enum(COLUMN_NAMES), message: z.string() });

/** `Profile Sandbox's stored operations is damaged in the database: …. Saving the profile replaces it.` */
export function damagedProfileWords(name: string, column: DamagedProfileColumn, why: string): string {
  return `Profile ${name}'s stored ${DAMAGED_PROFILE_COLUMNS[column]} is damaged in the database: ${why}. The stored value is kept as it is until the profile is saved.`;
}
