import { MASK_PREFIX } from './mask-secret';
import { changeTextDeep, redactText, redactUserInfoPassword, type Replace } from './redact-secrets';

/*
 * What of a stored setting's value the words about it may quote (stored-settings.ts, the one
 * owner of those words): what the console masks everywhere masked, through redact-secrets.ts.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A field whose name says it holds a secret (`apiToken`, `webhookSecret`, `password`): its
 * stored value is never quoted, whatever it looks like.
 */
const SECRET_NAME = /secret|token|passw(?:or)?d|credential|api[-_]?key/i;

/**
 * Nothing of a secret is kept, not even a screen's last four (`••••abcd`): these words go to
 * the log and the terminal too, and a damaged value has no other to be told apart from.
 */
const hideWhole: Replace = () => MASK_PREFIX;

/**
 * A stored text with what the console masks everywhere masked (redact-secrets.ts, the one
 * owner): a URL's user-info password (a damaged forward-to URL, `ftp://qa:pw@host`, was quoted
 * whole in the Listener alert, the terminal and the log), a serviceToken, a JWT.
 */
function withoutSecrets(text: string): string {
  return redactText(redactUserInfoPassword(text, hideWhole), [], hideWhole);
}

/** A parsed value with each text's secrets masked and each field named for a secret hidden, at any depth. */
export function valueWithoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueWithoutSecrets);
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_NAME.test(key) && item !== null ? MASK_PREFIX : valueWithoutSecrets(item),
      ]),
    );
  return changeTextDeep(value, withoutSecrets);
}

/** Whether a field's path (`apiToken`, `0.secret`) names a secret: its value is never quoted. */
export const namesSecret = (path: readonly PropertyKey[]): boolean =>
  path.some((step) => SECRET_NAME.test(String(step)));

/** A field named for a secret, as it may be written in a stored text that is not JSON: its value is hidden. */
const SECRET_FIELD_IN_TEXT = new RegExp(
  String.raw`("[^"]*(?:${SECRET_NAME.source})[^"]*"\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\s]+)`,
  'gi',
);

/** A stored text that is not JSON with its secrets masked, and each field named for a secret hidden. */
export function textWithoutSecrets(text: string): string {
  return withoutSecrets(text).replace(
    SECRET_FIELD_IN_TEXT,
    (_whole, name: string) => `${name}"${MASK_PREFIX}"`,
  );
}
