import { z } from 'zod';
import { damagedStoredWords } from './damaged-stored-words';

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

// The columns, in the table's order, as the one list zod's enum reads: the words' own keys.
const COLUMN_NAMES = Object.keys(DAMAGED_PROFILE_COLUMNS) as [
  DamagedProfileColumn,
  ...DamagedProfileColumn[],
];

/** A damaged column as a profile's view carries it (profileViewSchema). */
export const damagedProfileFieldSchema = z.object({ column: z.enum(COLUMN_NAMES), message: z.string() });

/**
 * `Profile Sandbox's stored operations is damaged in the database: …. The stored value is kept as
 * it is until the profile is saved.`: the sentence of damaged-stored-words.ts, with why.
 */
export function damagedProfileWords(name: string, column: DamagedProfileColumn, why: string): string {
  return `${damagedStoredWords(`Profile ${name}`, [DAMAGED_PROFILE_COLUMNS[column]])}: ${why}. The stored value is kept as it is until the profile is saved.`;
}

/**
 * The columns a save writes from what it is given: the fields and the two tokens (the times are
 * the store's own). A damaged one holds a guess in its place (stored-profile-row.ts), which a
 * save would store as though the user had chosen it: a damaged environment became live in
 * silence when only a port was changed.
 */
const SAVED_COLUMNS: ReadonlySet<DamagedProfileColumn> = new Set(
  COLUMN_NAMES.filter((column) => column !== 'createdAt' && column !== 'updatedAt'),
);

/** The damaged columns a save would write a guess into: those it does not set itself. */
export function guessedColumnsOfSave(
  damaged: readonly { column: DamagedProfileColumn }[],
  setsColumn: (column: DamagedProfileColumn) => boolean,
): DamagedProfileColumn[] {
  return damaged
    .map(({ column }) => column)
    .filter((column) => SAVED_COLUMNS.has(column) && !setsColumn(column));
}

/**
 * `Profile Sandbox's stored environment is damaged: set it with --env`: a save refused for
 * guessedColumnsOfSave, `how` saying where it is set (a flag, the form).
 */
export function damagedSaveWords(name: string, column: DamagedProfileColumn, how: string): string {
  return `Profile ${name}'s stored ${DAMAGED_PROFILE_COLUMNS[column]} is damaged: set it ${how}`;
}
