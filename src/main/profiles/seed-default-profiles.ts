import { randomBytes } from 'node:crypto';
import { defaultProfileFields, type SecretEdit } from '../../shared/profile';
import type { ProfileService } from './profile-service';

const KEEP: SecretEdit = { action: 'keep' };

/**
 * First run: Local (the built-in emulator, with fresh random tokens so it works end to end at
 * once), Sandbox and Live (tokens left for the user to set). Local starts active.
 */
export function seedDefaultProfiles(service: ProfileService, isEmpty: boolean): void {
  if (!isEmpty) return;
  const randomToken = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
  const local = service.create(defaultProfileFields('local', 'Local'), {
    apiToken: { action: 'set', value: randomToken('local_api') },
    notificationToken: { action: 'set', value: randomToken('local_notify') },
  });
  service.create(defaultProfileFields('sandbox', 'Sandbox'), { apiToken: KEEP, notificationToken: KEEP });
  service.create(defaultProfileFields('live', 'Live'), { apiToken: KEEP, notificationToken: KEEP });
  service.activate(local.id);
}
