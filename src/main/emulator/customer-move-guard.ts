import type { CustomerAction } from '../../shared/orders/order-states';
import { ConsoleError } from '../console-error';
import type { ProfileService } from '../profiles/profile-service';
import { liveAddressRecords, runningEmulators } from '../running-addresses/address-record';
import type { StoredProfile } from '../store/profiles-repository';
import { localProfileOf } from './local-profile-tokens';
import type { EmulatorService } from './emulator-service-types';
import { customerMove } from './order-machine';
import { whyNoEmulatorFor, type NoEmulator } from './running-emulator';

const NOT_MADE: Record<CustomerAction, string> = {
  pay: 'Not paid',
  decline: 'Not declined',
  cancel: 'Not canceled',
  expire: 'Not expired',
};

export interface MoveGuardDependencies {
  emulator: EmulatorService;
  profiles: ProfileService;
  dataDir: string;
}

/**
 * Why a customer's move (Pay, Decline, Cancel, Expire) on an order is not made now, or null when
 * it may be: the one rule of the Emulator view's buttons and `emulator pay|decline|cancel|expire`
 * (docs/emulator.md). The order's state is judged first (an EmulatorError, as the move itself
 * would throw): starting an emulator would not change that answer. Then the move waits for an
 * emulator of this data directory to send its notification: this console's own, running, or one
 * that answers at the profile's base URL and knows the order (whyNoEmulatorFor). Made on a
 * stopped emulator, the view's Pay moved the order and queued a notification nothing sent, and
 * said nothing, while `emulator pay` refused the same move.
 */
export async function whyNoMove(
  deps: MoveGuardDependencies,
  orderId: string,
  action: CustomerAction,
  profile: StoredProfile | null = localProfileOf(deps.profiles),
): Promise<NoEmulator | null> {
  customerMove(deps.emulator.engine.get(orderId), action, Date.now());
  if (deps.emulator.status().running) return null;
  if (profile === null)
    return { why: 'there is no local profile, so no emulator to act on', remedy: 'start' };
  return whyNoEmulatorFor(orderId, profile.fields.baseUrl, deps.profiles.secretsOf(profile.id).apiToken, () =>
    runningEmulators(liveAddressRecords(deps.dataDir)),
  );
}

/** whyNoMove as a window's refusal: nothing changed, and what would let the move be made. */
export async function refuseMoveWithoutEmulator(
  deps: MoveGuardDependencies,
  orderId: string,
  action: CustomerAction,
): Promise<void> {
  const why = await whyNoMove(deps, orderId, action);
  if (why === null) return;
  throw new ConsoleError(
    'conflict',
    `${NOT_MADE[action]}, and nothing changed: ${why.why}. The move waits for an emulator of this data directory to send its notification, as emulator ${action} does: start the emulator, then press it again.`,
  );
}
