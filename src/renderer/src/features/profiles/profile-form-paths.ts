import { profileFieldsSchema, type ProfileFields } from '@shared/profile';

// How the Profiles form names its fields (a save refused as changed elsewhere names them so), and
// which field or token a refusal's path (`fields.listenerPort`, `apiToken.value`) is about.

export type SecretName = 'apiToken' | 'notificationToken';
export type SecretErrors = Partial<Record<SecretName, string>>;

/** The secret a refused value belongs to (`apiToken.value`), or null. */
export function pathToSecret(path: string): SecretName | null {
  const name = path.split('.')[0];
  return name === 'apiToken' || name === 'notificationToken' ? name : null;
}

export function pathToField(path: string): keyof ProfileFields | null {
  const field = path.replace(/^fields\./, '').split(/[.[]/)[0];
  return field !== undefined && field in profileFieldsSchema.shape ? (field as keyof ProfileFields) : null;
}

/** The fields by the labels the form shows (a save refused as changed elsewhere names them so). */
export const LABELS: Readonly<Record<keyof ProfileFields | SecretName, string>> = {
  name: 'Name',
  environment: 'Environment',
  baseUrl: 'Base URL',
  listenerPort: 'Listener port',
  publicListenerUrl: 'Public listener URL',
  notificationField: 'Notification URL field',
  operations: 'Operations',
  signedTokenMinutes: 'Signed token lifetime (minutes)',
  apiToken: 'API token',
  notificationToken: 'Notification token',
};
