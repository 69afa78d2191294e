import type {
  EditedHeader,
  ExchangeResult,
  NotificationPlan,
  PlannedRequest,
} from '../../shared/merchant-api';
import type { OperationBodyInput } from '../../shared/operation-bodies';
import type { CheckoutForm } from '../../shared/checkout';
import type { LiveConfirmation } from '../../shared/live-confirmation';
import type { OperationName } from '../../shared/profile';
import type { ProfileService } from '../profiles/profile-service';
import type { StoredProfile } from '../store/profiles-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import type { CheckoutBody } from './request-planner';
import type { NotificationTarget } from './notification-target';
import type { JudgePayload } from './pre-send-verdict';

export interface ClientDependencies {
  profiles: ProfileService;
  recorder: EventRecorder;
  /** Where the service can reach our listener for this profile, or null. */
  /** Where the profile's notifications can reach a listener (notification-target.ts). */
  listenerUrlFor: (profile: StoredProfile) => NotificationTarget;
  /** Validates a JSON payload in the given form for the profile; absent → sends are not judged. */
  judgePayload?: JudgePayload;
}

export interface SendOptions {
  profileId?: number | undefined;
  confirmLive?: boolean | undefined;
  /** What a window's live confirmation named (assertLiveConfirmationStands). */
  liveConfirmation?: LiveConfirmation | undefined;
  timeoutMs?: number | undefined;
  /** Lets the UI cancel this exchange while it is in flight. */
  requestKey?: string | undefined;
  /** Stored in the record's details beside the client's own: a scenario step's run mark. */
  recordDetails?: Record<string, unknown> | undefined;
}

export interface MerchantApiClient {
  prepareCheckout(input: {
    profileId?: number;
    body: CheckoutBody;
    injectNotificationUrl: boolean;
    /** The form the payload is written in (default general); a local emulator is told it. */
    form?: CheckoutForm;
    singleCheckout?: boolean | undefined;
  }): {
    request: PlannedRequest;
    notification: NotificationPlan;
  };
  sendCheckout(
    input: SendOptions & {
      body: CheckoutBody;
      injectNotificationUrl: boolean;
      form: CheckoutForm;
      singleCheckout?: boolean | undefined;
    },
  ): Promise<ExchangeResult>;
  prepareOperation(
    input: { profileId?: number; operation: OperationName } & OperationBodyInput,
  ): PlannedRequest;
  sendOperation(
    input: SendOptions & {
      operation: OperationName;
      orderId: string;
      method: PlannedRequest['method'];
      url: string;
      body: string | null;
      headers?: readonly EditedHeader[] | undefined;
    },
  ): Promise<ExchangeResult>;
  /** Cancels an exchange in flight; false when it already finished (or never existed). */
  cancel(requestKey: string): boolean;
}
