import { sameNameNocase } from '../../shared/event-filter';
import type { EventsQuery } from '../store/events-query';
import type { ProfileService } from './profile-service-interface';

/**
 * How many records a profile given `name` would take as its own: records keep the name of the
 * profile they were stored under, and the Profile filter and `--profile` list a profile's by
 * its current name (docs/history.md), so a name a removed or renamed profile (or an imported
 * file) left on records brings those records with it. Counted by the filter's own query
 * (eventsQuery's `profileName`, NOCASE over the events_by_profile_name index), so what is said
 * is what the filter will show. The profile keeping its own name (`profileId`, in any A–Z case)
 * takes nothing new: its records are already its own.
 */
export function profileNameRecords(
  {
    profiles,
    eventsQuery,
  }: { profiles: Pick<ProfileService, 'get'>; eventsQuery: Pick<EventsQuery, 'count'> },
  name: string,
  profileId?: number,
): number {
  const trimmed = name.trim();
  if (trimmed === '') return 0;
  if (profileId !== undefined && sameNameNocase(profiles.get(profileId).fields.name, trimmed)) return 0;
  return eventsQuery.count({ profileName: trimmed });
}
