import type { EventBus } from '../event-bus';
import { followFromOtherProcesses, type OtherProcessesHandler } from '../other-processes-watch';
import type { ProfileService } from './profile-service';

/**
 * Announces a profile change another process made (`profiles set` in a terminal, a second
 * console) as this process's own changes are announced: the running listener verified webhooks
 * with the notification token it had at start, and the Profiles view showed the old fields.
 */
export function otherProcessesProfiles(deps: {
  profiles: Pick<ProfileService, 'snapshot'>;
  bus: Pick<EventBus, 'publish'>;
}): OtherProcessesHandler {
  return followFromOtherProcesses(
    () => deps.profiles.snapshot(),
    (snapshot) => deps.bus.publish('profiles.changed', snapshot),
  );
}
