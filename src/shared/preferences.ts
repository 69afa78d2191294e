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

/**
 * Reads stored preferences leniently: a field that is missing or no longer valid (written by
 * another version) falls back to its default instead of discarding the rest.
 */
const storedPreferencesSchema = z.object({
  colorScheme: colorSchemePreferenceSchema.catch(DEFAULT_PREFERENCES.colorScheme),
  firstRunGuide: firstRunGuideSchema.catch(DEFAULT_PREFERENCES.firstRunGuide),
  builderFormShare: builderFormShareSchema.catch(DEFAULT_PREFERENCES.builderFormShare),
});

export function parseStoredPreferences(raw: unknown): Preferences {
  const parsed = storedPreferencesSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}
