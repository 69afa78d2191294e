import { DEFAULT_EMULATOR_SETTINGS, emulatorSettingsSchema } from '../shared/emulator';
import { DEFAULT_LISTENER_SETTINGS, listenerSettingsSchema } from '../shared/listener';
import { DEFAULT_RETENTION, retentionSchema } from '../shared/history-file';
import { unreadablePreferencesWords } from '../shared/preferences';
import { readFormerSecrets } from './profiles/former-secrets';
import { readWebhookHeaders } from './profiles/webhook-header-secrets';
import {
  EMULATOR_SETTINGS_SETTING,
  FORMER_SECRETS_SETTING,
  WEBHOOK_HEADERS_SETTING,
  LISTENER_SETTINGS_SETTING,
  RETENTION_SETTING,
  unreadableSettingWords,
} from '../shared/stored-settings';
import { readPreferences } from './bridge/handlers/preferences';
import type { SettingsRepository } from './store/settings-repository';

export type UnreadableSettingKind =
  'preferences' | 'listener' | 'retention' | 'emulator' | 'former-secrets' | 'webhook-headers';

/**
 * What of the stored settings cannot be read, one line a setting naming its key and each field
 * (stored value, default used): said in the log at start and on the terminal by the commands
 * that use them, so a damaged value never falls back to defaults in silence. Reading never
 * writes: the stored value stays as evidence until the user saves.
 */
export function unreadableSettingsWarnings(
  settings: SettingsRepository,
  kinds: readonly UnreadableSettingKind[],
): string[] {
  const lines: string[] = [];
  for (const kind of kinds) {
    if (kind === 'preferences') {
      const { unreadable } = readPreferences(settings);
      if (unreadable.length > 0) lines.push(unreadablePreferencesWords(unreadable));
    } else if (kind === 'listener') {
      const { key } = LISTENER_SETTINGS_SETTING;
      const { unreadable } = settings.read(key, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
      if (unreadable.length > 0) lines.push(unreadableSettingWords(LISTENER_SETTINGS_SETTING, unreadable));
    } else if (kind === 'emulator') {
      const { key } = EMULATOR_SETTINGS_SETTING;
      const { unreadable } = settings.read(key, emulatorSettingsSchema, DEFAULT_EMULATOR_SETTINGS);
      if (unreadable.length > 0) lines.push(unreadableSettingWords(EMULATOR_SETTINGS_SETTING, unreadable));
    } else if (kind === 'former-secrets') {
      const { unreadable } = settings.readWith(FORMER_SECRETS_SETTING.key, readFormerSecrets);
      if (unreadable.length > 0) lines.push(unreadableSettingWords(FORMER_SECRETS_SETTING, unreadable));
    } else if (kind === 'webhook-headers') {
      const { unreadable } = settings.readWith(WEBHOOK_HEADERS_SETTING.key, readWebhookHeaders);
      if (unreadable.length > 0) lines.push(unreadableSettingWords(WEBHOOK_HEADERS_SETTING, unreadable));
    } else {
      const { unreadable } = settings.read(RETENTION_SETTING.key, retentionSchema, DEFAULT_RETENTION);
      if (unreadable.length > 0) lines.push(unreadableSettingWords(RETENTION_SETTING, unreadable));
    }
  }
  return lines;
}

/**
 * Each column of a stored profile that cannot be read (stored-profile-row.ts), one line each:
 * said with the settings' lines, in the log at start and by `serve`, `listen` and `profiles list`.
 */
export function damagedProfilesWarnings(
  profiles: readonly { damaged: readonly { message: string }[] }[],
): string[] {
  return profiles.flatMap((profile) => profile.damaged.map((field) => field.message));
}
