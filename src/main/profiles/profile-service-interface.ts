import type { ProfilesSnapshot } from '../../shared/contract';
import type {
  ProfileExpected,
  ProfileFields,
  ProfilePatch,
  ProfileView,
  SecretEdit,
} from '../../shared/profile';
import type { StoredProfile } from '../store/profiles-repository';
import type { ForgetOutcome, ForgetSelection, UnopenedStoredSecret } from './forget-unopened-secrets';
import type { SecretsHere } from './unopened-secret';
import type { WebhookHeaderSecrets } from './webhook-header-secrets';

export interface ProfileSecrets {
  apiToken: string | null;
  notificationToken: string | null;
}

export interface ProfileSecretEdits {
  apiToken: SecretEdit;
  notificationToken: SecretEdit;
}

export interface ProfileService {
  snapshot(): ProfilesSnapshot;
  get(id: number): StoredProfile;
  findByName(name: string): StoredProfile | undefined;
  active(): StoredProfile;
  create(fields: ProfileFields, secrets: ProfileSecretEdits): ProfileView;
  /**
   * Changes the fields given; the others stay as stored. With `expected` (those fields as a
   * form read them), refused (conflict) where one was changed elsewhere since.
   */
  update(
    id: number,
    fields: ProfilePatch,
    secrets: ProfileSecretEdits,
    options?: { expected?: ProfileExpected },
  ): ProfileView;
  duplicate(id: number, name?: string): ProfileView;
  /** Removes it; when it was the active one, the profile now active (successorProfile). */
  remove(id: number): ProfileView | null;
  activate(id: number): ProfileView;
  /** Plain tokens, for main-process use only (signing, sending). Never returned over the bridge. */
  secretsOf(id: number): ProfileSecrets;
  /**
   * One plain token (main only): a token that cannot be opened here stops only what needs that
   * one (the listener verifies with the notification token and never needs the API token).
   */
  tokenOf(id: number, token: keyof ProfileSecrets): string | null;
  /**
   * Tokens profiles had before (replaced, cleared, or the profile removed), for masking only:
   * records that echo one stay, and an export printed a rotated token whole. Main only.
   * Registered webhook header values that were replaced or removed are among them.
   */
  formerSecrets(): string[];
  /**
   * Every secret of everyProfileSecret's list that this process can open, and every one it
   * cannot (sealed by the desktop's safeStorage and read from the CLI, or with a key since
   * lost), named: nothing here can mask an echo of one of those. Never throws for one.
   */
  secretsHere(): SecretsHere;
  /**
   * The profile's tokens this process cannot open (none opens here: a lost `vault.key`, or
   * sealed by the desktop app), each with why and its kind; nothing changes.
   */
  unopenedTokensOf(id: number): UnopenedStoredSecret[];
  /** The former secrets (tokens, webhook header values) this process cannot open; nothing changes. */
  unopenedFormerSecrets(): UnopenedStoredSecret[];
  /**
   * Forgets a profile's tokens and/or the former secrets this process cannot open, and only
   * those (an openable one is never forgotten here), in one transaction; with `expected`, only
   * when they are the set a preview fingerprinted. A profile then has no such token, and the
   * refusals they caused end; an echo of one in an old record can no longer be masked.
   */
  forgetUnopened(selection: ForgetSelection, expected?: string): ForgetOutcome;
  /**
   * The registered webhook's header values (Emulator → Settings), sealed by the same vault as
   * the tokens: the emulator's deliveries send them, every other reader gets them masked.
   */
  readonly webhookHeaders: WebhookHeaderSecrets;
  view(id: number): ProfileView;
}
