import { z } from 'zod';
import type { ConsoleCommand } from '../../shared/console-command';
import type { ProfilesSnapshot } from '../../shared/contract';
import {
  MASK_PREFIX,
  PROFILE_NAME_MAX_LENGTH,
  profileFieldsSchema,
  profileNameSchema,
  type ProfileExpected,
  type ProfileFields,
  type ProfilePatch,
  type ProfileView,
  type SecretEdit,
  successorProfile,
} from '../../shared/profile';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import { liveAddressReachedBy } from '../../shared/live-address';
import type { DamagedProfileColumn } from '../../shared/damaged-profile-words';
import { profileNameClash, profileNameClashWords } from '../../shared/profile-name';
import type { ProfilesRepository, StoredProfile } from '../store/profiles-repository';
import type { SettingsRepository } from '../store/settings-repository';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { parseInput } from '../parse-input';
import { refuseGuessedSave, setsColumnOf } from './refuse-guessed-save';
import { createFormerSecrets } from './former-secrets';
import {
  createForgetUnopenedSecrets,
  type ForgetOutcome,
  type ForgetSelection,
  type UnopenedStoredSecret,
} from './forget-unopened-secrets';
import { maskedWithStamp, stampOf } from './secret-stamp';
import { createSecretsHere } from './secrets-here';
import { forgetTokenCommand, unopenedTokenError, type SecretsHere } from './unopened-secret';
import type { Vault } from './vault';
import { createWebhookHeaderSecrets, type WebhookHeaderSecrets } from './webhook-header-secrets';

const ACTIVE_PROFILE_KEY = 'activeProfileId';

/** The first `length` UTF-16 units of a text, never cutting a surrogate pair in two. */
const shortenedTo = (text: string, length: number): string => {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};

/** A patch with the operations it gives laid over those stored: the others stay as they are. */
const withStoredOperations = (
  patch: ProfilePatch,
  stored: ProfileFields,
): Omit<ProfilePatch, 'operations'> & { operations?: ProfileFields['operations'] } => {
  const { operations, ...rest } = patch;
  return operations === undefined ? rest : { ...rest, operations: { ...stored.operations, ...operations } };
};

export interface ProfileSecrets {
  apiToken: string | null;
  notificationToken: string | null;
}

export interface ProfileSecretEdits {
  apiToken: SecretEdit;
  notificationToken: SecretEdit;
}

const TOKENS = ['apiToken', 'notificationToken'] as const;

/** Each token's stamp as stored (null: not set): what a form's `expected` names of it. */
const tokenStamps = (stored: StoredProfile): Record<(typeof TOKENS)[number], string | null> => ({
  apiToken: stored.apiTokenSealed === null ? null : stampOf(stored.apiTokenSealed),
  notificationToken: stored.notificationTokenSealed === null ? null : stampOf(stored.notificationTokenSealed),
});

/**
 * What a save asks of each token it edits, as refuseChangedElsewhere compares it with the
 * stamps: cleared is null (already so when cleared elsewhere too), a new value matches no stamp.
 */
const tokensAsked = (secrets: ProfileSecretEdits): Record<string, unknown> =>
  Object.fromEntries(
    TOKENS.flatMap((name) => {
      const { action } = secrets[name];
      return action === 'keep' ? [] : [[name, action === 'clear' ? null : { newValue: true }]];
    }),
  );

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

interface Dependencies {
  profiles: ProfilesRepository;
  settings: SettingsRepository;
  vault: Vault;
  bus: EventBus;
  /** Runs a function in one database transaction. */
  transaction: <T>(fn: () => T) => T;
  /** How a refusal names the command that forgets a token (this data directory's). */
  consoleCommand: ConsoleCommand;
}

/** Profiles and their secrets: the only place tokens are sealed and opened. */
export function createProfileService({
  profiles,
  settings,
  vault,
  bus,
  transaction,
  consoleCommand,
}: Dependencies): ProfileService {
  const storedForSuccession = () =>
    profiles.list().map((stored) => ({ id: stored.id, environment: stored.fields.environment }));
  const activeId = (): number | null =>
    settings.read(ACTIVE_PROFILE_KEY, z.number().int().nullable(), null).value;

  // One this process cannot open is still set: shown as set, with nothing of it, so a list of
  // profiles (and every command that reads one) still answers; its secretsOf says why.
  const shownToken = (sealed: string | null) => {
    if (sealed === null) return maskedWithStamp(null, null);
    try {
      return maskedWithStamp(vault.open(sealed), sealed);
    } catch {
      return { isSet: true, masked: MASK_PREFIX, stamp: stampOf(sealed) };
    }
  };

  // A damaged column is shown as what is known of it, never as the guess read in its place: a
  // token that is no sealed secret has no characters to mask (`••••` read as a token), a port
  // that is no number is unknown (the listener does not start on the guess).
  const isDamaged = (stored: StoredProfile, column: DamagedProfileColumn): boolean =>
    stored.damaged.some((field) => field.column === column);
  const viewedToken = (stored: StoredProfile, column: 'apiToken' | 'notificationToken') => {
    const shown = shownToken(stored[`${column}Sealed`]);
    return isDamaged(stored, column) ? { ...shown, masked: null } : shown;
  };

  const toView = (
    stored: StoredProfile,
    active: number | null,
    all: readonly StoredProfile[] = profiles.list(),
  ): ProfileView => ({
    ...stored.fields,
    listenerPort: isDamaged(stored, 'listenerPort') ? null : stored.fields.listenerPort,
    id: stored.id,
    apiToken: viewedToken(stored, 'apiToken'),
    notificationToken: viewedToken(stored, 'notificationToken'),
    isActive: stored.id === active,
    liveAddress: liveAddressReachedBy(
      stored.fields.baseUrl,
      all.map((profile) => profile.fields),
    ),
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    damaged: stored.damaged,
  });

  const get = (id: number): StoredProfile => {
    const stored = profiles.get(id);
    if (stored === undefined) throw ConsoleError.notFound(`Profile ${id}`);
    return stored;
  };

  const former = createFormerSecrets(settings);
  /** Keeps a token that is leaving (sealed as it was), so what echoes it is still masked. */
  const retire = (...sealed: (string | null)[]): void => former.retire(sealed);

  const applySecret = (current: string | null, edit: SecretEdit): string | null => {
    switch (edit.action) {
      case 'keep':
        return current;
      case 'clear':
        return null;
      case 'set':
        return vault.seal(edit.value);
    }
  };

  // Compared as they read (profile-name.ts), not by SQLite's NOCASE, which folds only ASCII:
  // 'ｌｉｖｅ' beside 'Live' made History's profile filter and the Timeline's chip ambiguous.
  const nameClash = (name: string, exceptId?: number): StoredProfile | undefined => {
    const all = profiles.list();
    const named = profileNameClash(
      name,
      all.map((profile) => ({ id: profile.id, name: profile.fields.name })),
      exceptId,
    );
    return named === undefined ? undefined : all.find((profile) => profile.id === named.id);
  };

  const assertNameFree = (name: string, exceptId?: number): void => {
    const clash = nameClash(name, exceptId);
    if (clash !== undefined)
      throw ConsoleError.invalid('fields.name', profileNameClashWords(name, clash.fields.name));
  };

  const snapshot = (): ProfilesSnapshot => {
    const active = activeId();
    const all = profiles.list();
    return { profiles: all.map((stored) => toView(stored, active, all)), activeProfileId: active };
  };

  const announce = (): void => bus.publish('profiles.changed', snapshot());

  const view = (id: number): ProfileView => toView(get(id), activeId());

  // The copy's name fits the name's limit: the base gives way to " copy N" (a 62-character
  // name once made a 67-character copy, which every list of profiles then refused).
  const unusedCopyName = (base: string): string => {
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? ' copy' : ` copy ${n}`;
      const room = PROFILE_NAME_MAX_LENGTH - suffix.length;
      const kept = base.length <= room ? base : shortenedTo(base, room).trimEnd();
      const candidate = `${kept}${suffix}`;
      if (nameClash(candidate) === undefined) return candidate;
    }
  };

  const forgetting = createForgetUnopenedSecrets({
    profiles,
    vault,
    transaction,
    readFormer: former.sealed,
    writeFormer: former.write,
  });
  const webhookHeaders = createWebhookHeaderSecrets({ settings, vault, retire: former.retire });
  const secretsHere = createSecretsHere({ profiles, webhookHeaders, former, vault, consoleCommand });

  const service: ProfileService = {
    webhookHeaders,
    snapshot,
    get,
    view,
    findByName: (name) => profiles.findByName(name),
    active() {
      const id = activeId();
      const stored = id === null ? undefined : profiles.get(id);
      if (stored !== undefined) return stored;
      const first = successorProfile(storedForSuccession(), null);
      if (first === null) throw new ConsoleError('not_found', 'There is no profile; create one first.');
      return get(first.id);
    },
    create(fields, secrets) {
      const parsed = parseInput(profileFieldsSchema, fields, ['fields']);
      const id = transaction(() => {
        assertNameFree(parsed.name);
        return profiles.insert({
          fields: parsed,
          apiTokenSealed: applySecret(null, secrets.apiToken),
          notificationTokenSealed: applySecret(null, secrets.notificationToken),
        });
      });
      announce();
      return view(id);
    },
    update(id, patch, secrets, options = {}) {
      transaction(() => {
        const stored = get(id);
        const asked = withStoredOperations(patch, stored.fields);
        refuseChangedElsewhere(
          `Profile "${stored.fields.name}"`,
          { ...stored.fields, ...tokenStamps(stored) },
          { ...asked, ...tokensAsked(secrets) },
          options.expected,
        );
        refuseGuessedSave(stored, setsColumnOf(patch, secrets));
        const fields = parseInput(profileFieldsSchema, { ...stored.fields, ...asked }, ['fields']);
        assertNameFree(fields.name, id);
        const apiTokenSealed = applySecret(stored.apiTokenSealed, secrets.apiToken);
        const notificationTokenSealed = applySecret(
          stored.notificationTokenSealed,
          secrets.notificationToken,
        );
        retire(
          apiTokenSealed === stored.apiTokenSealed ? null : stored.apiTokenSealed,
          notificationTokenSealed === stored.notificationTokenSealed ? null : stored.notificationTokenSealed,
        );
        profiles.update(id, { fields, apiTokenSealed, notificationTokenSealed });
      });
      announce();
      return view(id);
    },
    duplicate(id, name) {
      const copyId = transaction(() => {
        const source = get(id);
        // A copy takes every column, so it would take a damaged one's guess: refused as a save is.
        refuseGuessedSave(source, () => false);
        // Checked before the write: nothing input refuses is ever stored.
        const copyName = parseInput(profileNameSchema, name ?? unusedCopyName(source.fields.name), ['name']);
        assertNameFree(copyName);
        return profiles.insert({
          fields: { ...source.fields, name: copyName },
          apiTokenSealed: source.apiTokenSealed,
          notificationTokenSealed: source.notificationTokenSealed,
        });
      });
      announce();
      return view(copyId);
    },
    remove(id) {
      const nowActive = transaction((): ProfileView | null => {
        get(id);
        if (profiles.count() <= 1) {
          throw new ConsoleError(
            'conflict',
            'The last profile cannot be removed; the console always needs one.',
          );
        }
        const removed = get(id);
        retire(removed.apiTokenSealed, removed.notificationTokenSealed);
        profiles.remove(id);
        if (activeId() !== id) return null;
        const next = successorProfile(storedForSuccession(), id);
        settings.set(ACTIVE_PROFILE_KEY, next?.id ?? null);
        return next === null ? null : view(next.id);
      });
      announce();
      return nowActive;
    },
    activate(id) {
      get(id);
      settings.set(ACTIVE_PROFILE_KEY, id);
      announce();
      return view(id);
    },
    tokenOf(id, token) {
      const stored = get(id);
      const sealed = token === 'apiToken' ? stored.apiTokenSealed : stored.notificationTokenSealed;
      if (sealed === null) return null;
      try {
        return vault.open(sealed);
      } catch {
        throw unopenedTokenError(
          `${stored.fields.name}'s ${token === 'apiToken' ? 'API token' : 'notification token'}`,
          vault.whyUnopened(sealed),
          forgetTokenCommand(consoleCommand, stored.fields.name),
        );
      }
    },
    secretsOf(id) {
      return {
        apiToken: service.tokenOf(id, 'apiToken'),
        notificationToken: service.tokenOf(id, 'notificationToken'),
      };
    },
    secretsHere,
    unopenedTokensOf: (id) => forgetting.tokensOf(get(id)),
    unopenedFormerSecrets: () => forgetting.former(),
    forgetUnopened(selection, expected) {
      if (selection.profileId !== undefined) get(selection.profileId);
      const outcome = forgetting.forget(selection, expected);
      if ('forgotten' in outcome && outcome.forgotten.some((secret) => secret.token !== null)) announce();
      return outcome;
    },
    formerSecrets: () => former.opened(vault),
  };
  return service;
}
