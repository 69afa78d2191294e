import { z } from 'zod';
import {
  namedDefaultsOutcome,
  readStoredSettings,
  readStoredSettingsText,
  unreadableSettingWords,
  type StoredSetting,
} from './stored-settings';

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

/** The preferences setting, as the words about it name it. */
export const PREFERENCES_SETTING: StoredSetting = {
  key: 'preferences',
  name: 'preferences',
  outcome: namedDefaultsOutcome('a preference is saved in Settings'),
};

/**
 * Reads stored preferences leniently, one field at a time, with the one reader of stored
 * settings (stored-settings.ts): a field that is missing (written by an older version) takes its
 * default; one that is there but not valid takes its default too, and is said in `unreadable`,
 * never dropped silently. Fields of a newer version are left out.
 */
export function readStoredPreferences(raw: unknown): PreferencesAsRead {
  const { value, unreadable } = readStoredSettings(
    raw,
    preferencesSchema,
    DEFAULT_PREFERENCES,
    FIELD_EXPECTED,
  );
  return { ...value, unreadable };
}

/**
 * Reads the stored text of the preferences setting: what is not JSON is unreadable as a whole,
 * said with its start, and every preference takes its default.
 */
export function readStoredPreferencesText(text: string | undefined): PreferencesAsRead {
  const { value, unreadable } = readStoredSettingsText(
    text,
    preferencesSchema,
    DEFAULT_PREFERENCES,
    FIELD_EXPECTED,
  );
  return { ...value, unreadable };
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
  return unreadableSettingWords(PREFERENCES_SETTING, unreadable);
}
