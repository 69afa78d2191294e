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

export const preferencesSchema = z.object({
  /** `system` follows the operating system's light/dark setting. */
  colorScheme: colorSchemePreferenceSchema,
  firstRunGuide: firstRunGuideSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { colorScheme: 'system', firstRunGuide: 'show' };

/** A change: only the fields named, each validated strictly (unknown fields are refused). */
export const preferencesPatchSchema = preferencesSchema.partial().strict();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

/**
 * Reads stored preferences leniently: a field that is missing or no longer valid (written by
 * another version) falls back to its default instead of discarding the rest.
 */
const storedPreferencesSchema = z.object({
  colorScheme: colorSchemePreferenceSchema.catch(DEFAULT_PREFERENCES.colorScheme),
  firstRunGuide: firstRunGuideSchema.catch(DEFAULT_PREFERENCES.firstRunGuide),
});

export function parseStoredPreferences(raw: unknown): Preferences {
  const parsed = storedPreferencesSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}
