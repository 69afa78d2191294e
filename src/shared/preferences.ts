import { z } from 'zod';

/**
 * What the user prefers about the console itself (not about a profile). Stored in the settings
 * table through the bridge, so the desktop app and browser mode remember the same choice.
 */
export const COLOR_SCHEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export const colorSchemePreferenceSchema = z.enum(COLOR_SCHEME_PREFERENCES);
export type ColorSchemePreference = z.infer<typeof colorSchemePreferenceSchema>;

/** The builder's first-run guide: shown until the first order is captured or it is closed. */
export const firstRunGuideSchema = z.enum(['show', 'done']);

/**
 * The share of the builder's width its form takes, the raw JSON the rest: dragged on the line
 * between them. The default is the layout's old fixed 1.15 : 1; either side keeps at least 30 %.
 */
export const BUILDER_FORM_SHARE = { min: 0.3, max: 0.7, default: 0.535 } as const;
export const builderFormShareSchema = z
  .number()
  .min(BUILDER_FORM_SHARE.min, 'The form takes at least 30 % of the builder')
  .max(BUILDER_FORM_SHARE.max, 'The raw JSON takes at least 30 % of the builder');

export const preferencesSchema = z.object({
  /** `system` follows the operating system's light/dark setting. */
  colorScheme: colorSchemePreferenceSchema,
  firstRunGuide: firstRunGuideSchema,
  builderFormShare: builderFormShareSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  colorScheme: 'system',
  firstRunGuide: 'show',
  builderFormShare: BUILDER_FORM_SHARE.default,
};

/** A change: only the fields named, each validated strictly (unknown fields are refused). */
export const preferencesPatchSchema = preferencesSchema.partial().strict();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

/** Each preference's own check, to read a stored value one field at a time. */
const FIELD_SCHEMAS: { [K in keyof Preferences]: z.ZodType<Preferences[K]> } = {
  colorScheme: colorSchemePreferenceSchema,
  firstRunGuide: firstRunGuideSchema,
  builderFormShare: builderFormShareSchema,
};

/** What a field holds when it cannot be read, in words: `one of system, light, dark`. */
const FIELD_EXPECTED: Record<keyof Preferences, string> = {
  colorScheme: `one of ${COLOR_SCHEME_PREFERENCES.join(', ')}`,
  firstRunGuide: `one of ${firstRunGuideSchema.options.join(', ')}`,
  builderFormShare: `a number from ${BUILDER_FORM_SHARE.min} to ${BUILDER_FORM_SHARE.max}`,
};

/** The preferences as main read them, with what of the stored value it could not read. */
export const preferencesAsReadSchema = preferencesSchema.extend({
  /**
   * What of the stored value could not be read, in words (`colorScheme "purple" is not one of
   * system, light, dark`); defaults stand in for it until a preference is saved. Empty when all
   * could be read, or nothing is stored.
   */
  unreadable: z.array(z.string()),
});
export type PreferencesAsRead = z.infer<typeof preferencesAsReadSchema>;

/** A stored value as a message quotes it: JSON, cut at 40 characters. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The start of a stored text that is not JSON, as written, cut at 60 characters; a control
 * character is shown as its `\u` escape, so the log and the terminal print it as text.
 */
function textStart(text: string): string {
  const start = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return start.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what it finds
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Reads stored preferences leniently, one field at a time: a field that is missing (written by
 * an older version) takes its default; one that is there but not valid takes its default too,
 * and is said in `unreadable`, never dropped silently. Fields of a newer version are left out.
 */
export function readStoredPreferences(raw: unknown): PreferencesAsRead {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return {
      ...DEFAULT_PREFERENCES,
      unreadable: raw === null ? [] : [`the value ${quoted(raw)} is not an object of preferences`],
    };
  const stored: Record<string, unknown> = { ...raw };
  const preferences: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  const unreadable: string[] = [];
  for (const field of Object.keys(FIELD_SCHEMAS) as (keyof Preferences)[]) {
    if (!(field in stored)) continue;
    const parsed = FIELD_SCHEMAS[field].safeParse(stored[field]);
    if (parsed.success) preferences[field] = parsed.data;
    else unreadable.push(`${field} ${quoted(stored[field])} is not ${FIELD_EXPECTED[field]}`);
  }
  return { ...preferencesSchema.parse(preferences), unreadable };
}

/**
 * Reads the stored text of the preferences setting: what is not JSON is unreadable as a whole,
 * said with its start, and every preference takes its default.
 */
export function readStoredPreferencesText(text: string | undefined): PreferencesAsRead {
  if (text === undefined) return readStoredPreferences(null);
  try {
    return readStoredPreferences(JSON.parse(text));
  } catch {
    return { ...DEFAULT_PREFERENCES, unreadable: [`the value is not JSON (it reads ${textStart(text)})`] };
  }
}

/** The stored preferences, each field valid (see readStoredPreferences); what could not be read is not said. */
export function parseStoredPreferences(raw: unknown): Preferences {
  const { unreadable: _unreadable, ...preferences } = readStoredPreferences(raw);
  return preferences;
}

/**
 * What the console says when stored preferences cannot be read, in the log and the terminal
 * at start; Settings says the same in its alert.
 */
export function unreadablePreferencesWords(unreadable: readonly string[]): string {
  return (
    `The stored preferences (the "preferences" setting) cannot be read: ${unreadable.join('; ')}. ` +
    UNREADABLE_PREFERENCES_OUTCOME
  );
}

/** What happens next, said after what could not be read. */
export const UNREADABLE_PREFERENCES_OUTCOME =
  'Defaults are used in their place until a preference is saved in Settings; until then the stored value is kept as it is.';
