import {
  DEFAULT_LISTENER_PORT,
  DEFAULT_NOTIFICATION_FIELD,
  DEFAULT_OPERATIONS,
  DEFAULT_SIGNED_TOKEN_MINUTES,
  environmentSchema,
  operationsSchema,
  type ProfileFields,
} from '../../shared/profile';
import { damagedProfileWords, type DamagedProfileColumn } from '../../shared/damaged-profile-words';
import { sealedTextSchema, STORED_WITHOUT_SCHEME } from '../profiles/sealed-secret';
import { quotedStoredValue, readStoredSettingsText } from '../../shared/stored-settings';

/** A row of the profiles table as SQLite hands it over: any column may hold anything. */
export interface ProfileRow {
  id: number;
  name: unknown;
  environment: unknown;
  base_url: unknown;
  listener_port: unknown;
  public_listener_url: unknown;
  notification_field: unknown;
  operations: unknown;
  signed_token_minutes: unknown;
  api_token_sealed: unknown;
  notification_token_sealed: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** One column of a profile's row that could not be read, and the words that say so. */
export interface DamagedProfileField {
  column: DamagedProfileColumn;
  message: string;
}

export interface ReadProfileRow {
  fields: ProfileFields;
  apiTokenSealed: string | null;
  notificationTokenSealed: string | null;
  createdAt: string;
  updatedAt: string;
  damaged: DamagedProfileField[];
}

/** A stored name, or `#id` where it cannot be read: SQLite keeps the id. */
export const nameAsRead = (stored: unknown, id: number): string =>
  typeof stored === 'string' && stored !== '' ? stored : `#${id}`;

/**
 * A sealed token column: null (none) or its text; anything else is kept as a secret no console
 * opens, never as none: it is shown as set, and cannot be opened (secretsOf says so).
 */
export const sealedAsRead = (stored: unknown): string | null =>
  stored === null || typeof stored === 'string' ? stored : `damaged:${typeof stored}`;

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * A profile's row read column by column, as the stored settings are (stored-settings.ts): what
 * parses is kept, what does not takes its default and is named, so one damaged row (an edit by
 * hand, a bad copy) no longer stops every list of profiles, and with it every command and the
 * listener. Reading never writes: the stored value stays until the user saves the profile.
 * The defaults are guesses and are never sent with: a damaged base URL or environment refuses
 * a send (placeholder-guard.ts), a damaged listener port keeps that listener from starting.
 */
export function readProfileRow(row: ProfileRow): ReadProfileRow {
  const damaged: DamagedProfileField[] = [];
  const name = nameAsRead(row.name, row.id);
  const said = (column: DamagedProfileColumn, why: string): void => {
    damaged.push({ column, message: damagedProfileWords(name, column, why) });
  };
  const value = (stored: unknown, what: string, used: string): string =>
    `${quotedStoredValue(stored)} is not ${what}, so ${used}`;

  if (name !== row.name) said('name', value(row.name, 'a name', `it is called ${name} until it is renamed`));

  const environment = environmentSchema.safeParse(row.environment);
  // Live, the guess that lowers no guard: a live profile's calls are confirmed, and sending with
  // this one is refused anyway until its environment is saved.
  if (!environment.success)
    said('environment', value(row.environment, 'one of local, sandbox or live', 'nothing is sent with it'));

  const baseUrl = typeof row.base_url === 'string' ? row.base_url : null;
  if (baseUrl === null) said('baseUrl', value(row.base_url, 'a URL', 'nothing is sent with it'));

  const listenerPort = isWhole(row.listener_port) ? row.listener_port : null;
  if (listenerPort === null)
    said(
      'listenerPort',
      value(row.listener_port, 'a whole number', 'its listener does not start on a guessed port'),
    );

  const publicListenerUrl =
    row.public_listener_url === null || typeof row.public_listener_url === 'string'
      ? row.public_listener_url
      : null;
  if (row.public_listener_url !== publicListenerUrl)
    said('publicListenerUrl', value(row.public_listener_url, 'a URL', 'none is used'));

  const notificationField = typeof row.notification_field === 'string' ? row.notification_field : null;
  if (notificationField === null)
    said(
      'notificationField',
      value(row.notification_field, 'a field path', `${DEFAULT_NOTIFICATION_FIELD} is used`),
    );

  const operations =
    typeof row.operations === 'string'
      ? readStoredSettingsText(row.operations, operationsSchema, DEFAULT_OPERATIONS)
      : {
          value: DEFAULT_OPERATIONS,
          unreadable: [`the value ${quotedStoredValue(row.operations)} is not text`],
        };
  if (operations.unreadable.length > 0)
    said('operations', `${operations.unreadable.join('; ')}; what cannot be read uses its default`);

  const signedTokenMinutes = isWhole(row.signed_token_minutes) ? row.signed_token_minutes : null;
  if (signedTokenMinutes === null)
    said(
      'signedTokenMinutes',
      value(row.signed_token_minutes, 'a whole number of minutes', `${DEFAULT_SIGNED_TOKEN_MINUTES} is used`),
    );

  const sealed = (stored: unknown, column: 'apiToken' | 'notificationToken'): string | null => {
    const read = sealedAsRead(stored);
    // Text without a scheme prefix (a token pasted in by hand) opens no more than a number: it
    // is named here, where every list reads it, not first when an export refuses it.
    if (read !== null && !sealedTextSchema.safeParse(read).success)
      said(
        column,
        `it is ${STORED_WITHOUT_SCHEME} (not shown: it may hold one), so it is kept as a damaged secret`,
      );
    return read;
  };
  const apiTokenSealed = sealed(row.api_token_sealed, 'apiToken');
  const notificationTokenSealed = sealed(row.notification_token_sealed, 'notificationToken');

  const time = (stored: unknown, column: 'createdAt' | 'updatedAt'): string => {
    if (typeof stored === 'string') return stored;
    said(column, value(stored, 'a time', 'it is shown as unknown'));
    return '';
  };

  return {
    fields: {
      name,
      environment: environment.success ? environment.data : 'live',
      baseUrl: baseUrl ?? '',
      listenerPort: listenerPort ?? DEFAULT_LISTENER_PORT,
      publicListenerUrl,
      notificationField: notificationField ?? DEFAULT_NOTIFICATION_FIELD,
      operations: operations.value,
      signedTokenMinutes: signedTokenMinutes ?? DEFAULT_SIGNED_TOKEN_MINUTES,
    },
    apiTokenSealed,
    notificationTokenSealed,
    createdAt: time(row.created_at, 'createdAt'),
    updatedAt: time(row.updated_at, 'updatedAt'),
    damaged,
  };
}
