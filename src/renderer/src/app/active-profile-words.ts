import type { Environment } from '@shared/profile';
import { profileNameKey } from '@shared/profile-name';

/**
 * The active profile's badge: its name, and its environment when the name does not already say
 * it ("Local", not "LOCAL · LOCAL").
 */
export function activeProfileWords(profile: { name: string; environment: Environment }): string {
  // Read as every lookup reads a name (profile-name.ts): 'ＬＯＣＡＬ' says local as 'Local' does.
  const sameWord = profileNameKey(profile.name) === profile.environment;
  return sameWord ? profile.name : `${profile.name} · ${profile.environment}`;
}
