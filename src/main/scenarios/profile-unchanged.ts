import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';
import { StepError, type StepContext } from './step-context';
import type { StepKind } from '../../shared/scenarios/scenario-schema';

/**
 * A run keeps the profile it started on, yet the steps that reach its service read the profile
 * again from the store as they send (the console's one client, merchant-api-client.ts, takes a
 * profile id). An edit while the run went on (the Profiles view, another window, `profiles set`
 * in a terminal) took the rest of the run to the new base URL, with the new token, and a live
 * run's yes, given for the address it named, went along. Such a step now stops instead, saying
 * what changed: the run is not quietly carried on against another service or account, and the
 * person who edited the profile is not surprised by a run still using the old one.
 */

/** The steps that use the profile: they call its service (or emulator), or sign with its token. */
const USES_PROFILE: ReadonlySet<StepKind> = new Set(['checkout', 'customer', 'operation', 'send-webhook']);

const tokenWords = (name: string, was: string | null, now: string | null): string | null =>
  was === now ? null : `its ${name} was ${now === null ? 'removed' : was === null ? 'set' : 'set again'}`;

/** What changed of the profile since the run started, in words; empty when nothing did. */
export function profileChanges(started: StoredProfile, now: StoredProfile): string[] {
  const was = started.fields;
  const changes = [
    now.fields.environment === was.environment
      ? null
      : `it is now a ${now.fields.environment} profile (it was ${was.environment} when the run started)`,
    now.fields.baseUrl === was.baseUrl
      ? null
      : `its base URL is now ${now.fields.baseUrl} (it was ${was.baseUrl} when the run started)`,
    // The sealed forms differ for a token set again, even to the same value: as a live
    // confirmation's stamp, a token set again may be another account's.
    tokenWords('API token', started.apiTokenSealed, now.apiTokenSealed),
    tokenWords('notification token', started.notificationTokenSealed, now.notificationTokenSealed),
  ];
  return changes.filter((change): change is string => change !== null);
}

/** The profile as stored now, as the client reads it as it sends; undefined once deleted. */
function storedNow(context: StepContext, id: number): StoredProfile | undefined {
  try {
    return context.services.profiles.get(id);
  } catch (error) {
    if (error instanceof ConsoleError && error.code === 'not_found') return undefined;
    throw error;
  }
}

/** Throws the step's error when the run's profile was edited or deleted since the run started. */
export function assertProfileUnchanged(context: StepContext, kind: StepKind): void {
  if (!USES_PROFILE.has(kind)) return;
  const started = context.profile;
  const now = storedNow(context, started.id);
  const changes = now === undefined ? ['it was deleted'] : profileChanges(started, now);
  if (changes.length === 0) return;
  throw new StepError(
    `the profile "${started.fields.name}" changed during this run: ${changes.join('; ')}; nothing was sent. Run again to use the profile as it is now.`,
  );
}
