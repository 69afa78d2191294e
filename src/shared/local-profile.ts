import { profileNamed } from './profile-name';

/**
 * The profile the embedded emulator stands in for: the one named Local, else the first local
 * one. One rule for main (the emulator's port, a scenario's sample) and the window (the
 * builder's Sample), which each kept a copy of it.
 */
export function pickLocalProfile<T extends { name: string; environment: string }>(
  profiles: readonly T[],
): T | undefined {
  // Named Local as any name is found (profileNamed): 'ＬＯＣＡＬ' is the one named Local.
  const named = profileNamed('Local', profiles);
  return named?.environment === 'local' ? named : profiles.find((profile) => profile.environment === 'local');
}
