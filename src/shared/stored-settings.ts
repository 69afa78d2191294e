import { z } from 'zod';
import { namesSecret, textWithoutSecrets, valueWithoutSecrets } from './secrets/stored-value-secrets';

/**
 * The one reader of a stored settings value (a key of the settings table, edited by hand or
 * damaged): what parses is kept, what does not takes its default and is said in `unreadable`,
 * never dropped in silence. One bad field reset every field before: a damaged forwardTo made
 * the listener answer 200 where 503 was stored. Reading never writes: the stored value stays
 * as evidence until the user saves.
 */
export interface StoredSettingsRead<T> {
  value: T;
  /** What could not be read, each naming the field, the stored value and the default used. */
  unreadable: string[];
}

/**
 * On an answer a view reads (the listener settings, the retention policy): what of the stored
 * value could not be read, the `unreadable` words, for the view to say; empty when all could.
 */
export const unreadableWordsSchema = z.array(z.string());

/** A stored setting as the words about it name it. */
export interface StoredSetting {
  key: string;
  /** `listener settings`, as in "The stored listener settings (the … setting) cannot be read". */
  name: string;
  /** What happens next, said after what could not be read. */
  outcome: string;
}

/**
 * The outcome of a setting read field by field: only the fields named take their defaults (a
 * whole value that cannot be read is named as `the value`). 'Defaults are used in their place'
 * read as every field reset, while the form kept the stored issuer beside it.
 */
export function namedDefaultsOutcome(until: string): string {
  return `Only what is named uses its default, the rest is used as stored, until ${until}; until then the stored value is kept as it is.`;
}

/**
 * The listener's settings and the retention policy (and the emulator's settings, below) as the words about a stored value that cannot
 * be read name them: on the terminal and in the log at start, and in the Listener view's and
 * History's alerts (the window says the same words).
 */
export const LISTENER_SETTINGS_SETTING: StoredSetting = {
  key: 'listener.settings',
  name: 'listener settings',
  outcome: namedDefaultsOutcome(
    'the listener settings are saved in the Listener view (saving replaces the stored value)',
  ),
};
export const RETENTION_SETTING: StoredSetting = {
  key: 'history.retention',
  name: 'retention policy',
  outcome:
    'Keep everything is used in its place (nothing is removed by it) until a retention policy is saved in History (saving replaces the stored value); until then the stored value is kept as it is.',
};

/** The emulator's settings (Emulator → Settings), said alike on the terminal, in the log and in the Emulator view. */
export const EMULATOR_SETTINGS_SETTING: StoredSetting = {
  key: 'emulator.settings',
  name: 'emulator settings',
  outcome: namedDefaultsOutcome(
    'the emulator settings are saved in the Emulator view (saving replaces the stored value)',
  ),
};

/**
 * The sealed secrets kept in the settings (stored-secret lists, readStoredSecretList): what of
 * them cannot be read is kept as a damaged secret that no console opens, never dropped, so no
 * check they take part in weakens; the words about them never quote a stored value.
 */
export const FORMER_SECRETS_SETTING: StoredSetting = {
  key: 'profiles.formerSecrets',
  name: 'former secrets',
  outcome:
    'Nothing can mask an echo of a damaged secret: while one is stored, exports, text searches and history --json are refused; `profiles forget-secret --former` forgets it. Until then the stored value is kept as it is.',
};
export const WEBHOOK_HEADERS_SETTING: StoredSetting = {
  key: 'emulator.webhookHeaders',
  name: 'registered webhook headers',
  outcome:
    'A header whose value cannot be read refuses a delivery to the registered webhook, naming it, rather than let it go without the header, until its value is set again in the Emulator view (saving replaces the stored value); until then the stored value is kept as it is.',
};

/** Per field, what it holds in words (`one of system, light, dark`), where the schema's own message would not say it. */
export type ExpectedWords = Readonly<Record<string, string>>;

const SECRET_NOT_SHOWN = 'not shown: it may hold a secret';

/**
 * A stored value as a message quotes it: JSON with its secrets masked, cut at 40 characters.
 * Masked before it is cut: cut first, a password's start was left with no `@` to know it by.
 */
export function quotedStoredValue(value: unknown): string {
  const text = JSON.stringify(valueWithoutSecrets(value)) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The start of a stored text that is not JSON, as written with its secrets masked (as
 * quotedStoredValue masks them), cut at 60 characters; a control character is shown as its
 * `\u` escape, so the log and the terminal print it as text.
 */
function textStart(written: string): string {
  const text = textWithoutSecrets(written);
  const start = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return start.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what it finds
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let here = raw;
  for (const step of path)
    here = isPlainObject(here) || Array.isArray(here) ? (here as never)[step] : undefined;
  return here;
}

function fieldWords(field: string, stored: unknown, why: string, used: unknown): string {
  return `${field} ${quotedStoredValue(stored)} ${why}, so ${quotedStoredValue(used)} is used`;
}

/**
 * Why a value cannot be read, in the console's words rather than zod's where the value may be a
 * secret: a refinement's own message may quote what it was given.
 */
function secretIssueWords(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'invalid_type')
    return `not ${issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`;
  // A refinement's own words (`not sealed`), written by the console and never of the value.
  const words: unknown = issue?.code === 'custom' ? issue.params?.words : undefined;
  return typeof words === 'string' ? words : 'not valid';
}

/** A field named for a secret, said without its stored value or the one used. */
function secretFieldWords(field: string, issue: z.core.$ZodIssue | undefined): string {
  return `${field} (${SECRET_NOT_SHOWN}) cannot be read (${secretIssueWords(issue)}), so its default is used`;
}

/**
 * Reads a parsed stored value. An object schema is read one field at a time: a field that is
 * missing (an older version did not write it) takes its default without a word, one that is
 * there but not valid takes its default and is named; fields of a newer version are left out.
 * Any other schema (a union such as the retention policy) is read whole: when it does not parse,
 * each issue is named and the whole default is used. `undefined`: nothing stored. A stored
 * JSON `null` is a value like any other: read as stored where the setting holds null (no active
 * profile), named as unreadable where it does not; it read as nothing stored, in silence, before.
 */
export function readStoredSettings<S extends z.ZodType>(
  raw: unknown,
  schema: S,
  defaults: z.output<S>,
  expected: ExpectedWords = {},
): StoredSettingsRead<z.output<S>> {
  if (raw === undefined) return { value: defaults, unreadable: [] };
  if (schema instanceof z.ZodObject) {
    if (!isPlainObject(raw) || !isPlainObject(defaults))
      return { value: defaults, unreadable: [`the value ${quotedStoredValue(raw)} is not an object`] };
    const value: Record<string, unknown> = { ...defaults };
    const unreadable: string[] = [];
    for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (!(field in raw)) continue;
      const parsed = fieldSchema.safeParse(raw[field]);
      if (parsed.success) value[field] = parsed.data;
      else if (namesSecret([field])) unreadable.push(secretFieldWords(field, parsed.error.issues[0]));
      else {
        const why = expected[field] ?? `cannot be read (${parsed.error.issues[0]?.message ?? 'not valid'})`;
        unreadable.push(
          fieldWords(
            field,
            raw[field],
            expected[field] === undefined ? why : `is not ${why}`,
            defaults[field],
          ),
        );
      }
    }
    // A check across fields (none today) would still hold: what it refuses is the default.
    const whole = schema.safeParse(value);
    return whole.success
      ? { value: whole.data, unreadable }
      : {
          value: defaults,
          unreadable: [
            ...unreadable,
            `the fields read together are not valid (${whole.error.issues[0]?.message ?? ''}), so the defaults are used`,
          ],
        };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data, unreadable: [] };
  // A null where an object is held (the retention policy) is said as for an object schema above.
  const [only] = parsed.error.issues;
  if (raw === null && only?.code === 'invalid_type' && only.path.length === 0 && only.expected === 'object')
    return { value: defaults, unreadable: ['the value null is not an object'] };
  return {
    value: defaults,
    unreadable: parsed.error.issues.map((issue) =>
      namesSecret(issue.path)
        ? secretFieldWords(issue.path.map(String).join('.'), issue)
        : fieldWords(
            issue.path.length === 0 ? 'the value' : issue.path.map(String).join('.'),
            valueAt(raw, issue.path),
            `cannot be read (${issue.message})`,
            defaults,
          ),
    ),
  };
}

/** Reads a stored text: one that is not JSON is unreadable as a whole, said with its start. */
export function readStoredSettingsText<S extends z.ZodType>(
  text: string | undefined,
  schema: S,
  defaults: z.output<S>,
  expected?: ExpectedWords,
): StoredSettingsRead<z.output<S>> {
  if (text === undefined) return { value: defaults, unreadable: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { value: defaults, unreadable: [`the value is not JSON (it reads ${textStart(text)})`] };
  }
  return readStoredSettings(raw, schema, defaults, expected);
}

/**
 * Reads a stored list of sealed secrets: each entry that parses is kept; each that does not is
 * kept as `damaged(entry)` (a value no console opens) and named by its place; a value that is not
 * JSON or not a list is one damaged entry, but a null, which holds none: it is said, and read as
 * an empty list. None is dropped: a list read as empty unmasked every
 * former token and sent a delivery without its headers, in silence. No stored value is quoted.
 */
export function readStoredSecretList<T>(
  text: string | undefined,
  entrySchema: z.ZodType<T>,
  damaged: (entry: unknown) => T,
): StoredSettingsRead<T[]> {
  if (text === undefined) return { value: [], unreadable: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      value: [damaged(undefined)],
      unreadable: [`the value is not JSON (${SECRET_NOT_SHOWN}), so it is kept as one damaged secret`],
    };
  }
  // A null holds no secret, so nothing is kept for it (a damaged one refused every export).
  if (raw === null) return { value: [], unreadable: ['the value null is not a list, so none is used'] };
  if (!Array.isArray(raw))
    return {
      value: [damaged(raw)],
      unreadable: [`the value is not a list (${SECRET_NOT_SHOWN}), so it is kept as one damaged secret`],
    };
  const unreadable: string[] = [];
  const value = raw.map((entry: unknown, index) => {
    const parsed = entrySchema.safeParse(entry);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where =
      issue === undefined || issue.path.length === 0 ? '' : ` (its ${issue.path.map(String).join('.')})`;
    // Not zod's message: the console's own quote what they were given, and this may be a secret.
    const why = secretIssueWords(issue);
    unreadable.push(
      `entry ${index + 1}${where} cannot be read (${why}; ${SECRET_NOT_SHOWN}), so it is kept as a damaged secret`,
    );
    return damaged(entry);
  });
  return { value, unreadable };
}

/**
 * What the console says of a stored setting it cannot read, in the log and the terminal (one
 * line, naming the key and each field); Settings says the preferences' in its alert.
 */
export function unreadableSettingWords(setting: StoredSetting, unreadable: readonly string[]): string {
  return `The stored ${setting.name} (the "${setting.key}" setting) cannot be read: ${unreadable.join('; ')}. ${setting.outcome}`;
}
