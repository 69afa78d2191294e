import { defaultProfileFields, ENVIRONMENTS, type Environment } from '@shared/profile';

/**
 * The base URL the profile form fills for an environment: for Local, the running emulator's
 * own address when the console knows it (it may have started on another port), else the
 * default one; the placeholders for Sandbox and Live (defaultProfileFields).
 */
function filledBaseUrl(environment: Environment, emulatorUrl: string | null): string {
  return environment === 'local' && emulatorUrl !== null
    ? emulatorUrl
    : defaultProfileFields(environment, '').baseUrl;
}

/**
 * The Base URL after the Environment is switched to `to`, or null to keep it. A new profile
 * starts on Sandbox with its placeholder: left as it was, a profile switched to Local pointed
 * at the sandbox placeholder and was refused only after Create. A URL the form filled (any
 * environment's, or the emulator's), or none, follows the environment; one the user typed is
 * theirs and stays.
 */
export function baseUrlAfterSwitch(
  current: string,
  to: Environment,
  emulatorUrl: string | null,
): string | null {
  const filled = ENVIRONMENTS.map((environment) => filledBaseUrl(environment, null));
  if (emulatorUrl !== null) filled.push(emulatorUrl);
  if (current.trim() !== '' && !filled.includes(current)) return null;
  const next = filledBaseUrl(to, emulatorUrl);
  return next === current ? null : next;
}
