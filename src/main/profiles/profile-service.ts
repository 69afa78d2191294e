import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ProfilesSnapshot } from '../../shared/contract';
import {
  MASK_PREFIX,
  defaultProfileFields,
  profileFieldsSchema,
  type ProfileExpected,
  type ProfileFields,
  type ProfileView,
  type SecretEdit,
} from '../../shared/profile';
import { shellQuote } from '../../shared/curl';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import type { ProfilesRepository, StoredProfile } from '../store/profiles-repository';
import type { SettingsRepository } from '../store/settings-repository';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { parseInput } from '../parse-input';
import {
  createForgetUnopenedSecrets,
  type ForgetOutcome,
  type ForgetSelection,
  type UnopenedStoredSecret,
} from './forget-unopened-secrets';
import { maskedWithStamp, stampOf } from './secret-stamp';
import type { Vault } from './vault';
import { createWebhookHeaderSecrets, type WebhookHeaderSecrets } from './webhook-header-secrets';

const ACTIVE_PROFILE_KEY = 'activeProfileId';
/** Tokens a profile had before (replaced, cleared, or its profile removed), still sealed. */
const FORMER_SECRETS_KEY = 'profiles.formerSecrets';
/** The most former tokens kept for masking; the oldest go first. */
const FORMER_SECRETS_MAX = 200;
const formerSecretsSchema = z.array(z.string());

/**
 * The former tokens re-sealed with `reseal` (the vault's primary cipher changed): "every stored
 * token is re-encrypted at once" holds for them too.
 */
export function resealFormerSecrets(settings: SettingsRepository, reseal: (sealed: string) => string): void {
  const former = settings.get(FORMER_SECRETS_KEY, formerSecretsSchema, []);
  const resealed = former.map(reseal);
  if (resealed.some((sealed, index) => sealed !== former[index])) settings.set(FORMER_SECRETS_KEY, resealed);
}

/**
 * Keeps secrets that are leaving (sealed as they were): a profile's replaced, cleared or removed
 * token, a registered webhook header's old value. What echoes one is still masked.
 */
function retireSecrets(settings: SettingsRepository, leaving: readonly string[]): void {
  if (leaving.length === 0) return;
  const former = settings.get(FORMER_SECRETS_KEY, formerSecretsSchema, []);
  const kept = [...former.filter((value) => !leaving.includes(value)), ...leaving];
  settings.set(FORMER_SECRETS_KEY, kept.slice(-FORMER_SECRETS_MAX));
}

/** A stored secret this process cannot open: what it is, and why. */
export interface UnopenedSecret {
  /** `Sandbox's API token`, `a former token`, `the registered webhook's header X-Api-Key`. */
  what: string;
  why: string;
  /** A profile's token now (not a former one, not a webhook header value). */
  current: boolean;
  /**
   * The command that forgets it (`profiles forget-secret Sandbox`, `… --former`), or how else
   * it leaves (a registered webhook header value is replaced first): the way out of a refusal.
   */
  wayOut: string;
}

/**
 * The way out for a profile's token that cannot be opened here. Without `--yes`: run as named,
 * it says what it would forget and what that means before anything is forgotten.
 */
export const forgetTokenCommand = (profileName: string) =>
  `checkout-console profiles forget-secret ${shellQuote(profileName)}`;

/** The way out for former secrets that cannot be opened here (without `--yes`, as above). */
export const FORGET_FORMER_COMMAND = 'checkout-console profiles forget-secret --former';

/** A token that must be used or masked here and cannot be opened: which, why, and the way out. */
export function unopenedTokenError(what: string, why: string, wayOut: string): ConsoleError {
  return new ConsoleError(
    'failed',
    `${what} cannot be opened here: ${why}. Use the console that sealed it, or forget it (${wayOut}) and set it again (profiles set).`,
  );
}

export interface SecretsHere {
  secrets: string[];
  unopened: UnopenedSecret[];
}

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
    fields: Partial<ProfileFields>,
    secrets: ProfileSecretEdits,
    options?: { expected?: ProfileExpected },
  ): ProfileView;
  duplicate(id: number, name?: string): ProfileView;
  remove(id: number): void;
  activate(id: number): ProfileView;
  /** Plain tokens, for main-process use only (signing, sending). Never returned over the bridge. */
  secretsOf(id: number): ProfileSecrets;
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
}

const KEEP: SecretEdit = { action: 'keep' };

/** Profiles and their secrets: the only place tokens are sealed and opened. */
export function createProfileService({
  profiles,
  settings,
  vault,
  bus,
  transaction,
}: Dependencies): ProfileService {
  const activeId = (): number | null => settings.get(ACTIVE_PROFILE_KEY, z.number().int().nullable(), null);

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

  const toView = (stored: StoredProfile, active: number | null): ProfileView => ({
    ...stored.fields,
    id: stored.id,
    apiToken: shownToken(stored.apiTokenSealed),
    notificationToken: shownToken(stored.notificationTokenSealed),
    isActive: stored.id === active,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  });

  const get = (id: number): StoredProfile => {
    const stored = profiles.get(id);
    if (stored === undefined) throw ConsoleError.notFound(`Profile ${id}`);
    return stored;
  };

  /** Keeps a token that is leaving (sealed as it was), so what echoes it is still masked. */
  const retire = (...sealed: (string | null)[]): void =>
    retireSecrets(
      settings,
      sealed.filter((value): value is string => value !== null),
    );

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

  const assertNameFree = (name: string, exceptId?: number): void => {
    const clash = profiles.findByName(name);
    if (clash !== undefined && clash.id !== exceptId) {
      throw ConsoleError.invalid('fields.name', `A profile named "${clash.fields.name}" already exists`);
    }
  };

  const snapshot = (): ProfilesSnapshot => {
    const active = activeId();
    return { profiles: profiles.list().map((stored) => toView(stored, active)), activeProfileId: active };
  };

  const announce = (): void => bus.publish('profiles.changed', snapshot());

  const view = (id: number): ProfileView => toView(get(id), activeId());

  const unusedCopyName = (base: string): string => {
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? `${base} copy` : `${base} copy ${n}`;
      if (profiles.findByName(candidate) === undefined) return candidate;
    }
  };

  const forgetting = createForgetUnopenedSecrets({
    profiles,
    vault,
    transaction,
    readFormer: () => settings.get(FORMER_SECRETS_KEY, formerSecretsSchema, []),
    writeFormer: (sealed) => settings.set(FORMER_SECRETS_KEY, sealed),
  });

  // What secretsHere opened last time, by sealed text: the list is read again on every call (a
  // token set by another process on the data directory is in the next one), but opening every
  // sealed value again each time cost ~80 µs with four profiles, and the timeline's rows ask
  // for it on every push to a window. A sealed text opens to one value only; main holds these
  // values in memory anyway. Kept to the last list's values, so a forgotten one leaves it.
  let openedBefore = new Map<string, string>();
  // The former tokens' stored text is read every time and parsed only when it changed.
  const readFormer = settings.reader(FORMER_SECRETS_KEY, formerSecretsSchema, []);

  const service: ProfileService = {
    webhookHeaders: createWebhookHeaderSecrets({
      settings,
      vault,
      retire: (sealed) => retireSecrets(settings, sealed),
    }),
    snapshot,
    get,
    view,
    findByName: (name) => profiles.findByName(name),
    active() {
      const id = activeId();
      const stored = id === null ? undefined : profiles.get(id);
      if (stored !== undefined) return stored;
      const first = profiles.list()[0];
      if (first === undefined) throw new ConsoleError('not_found', 'There is no profile; create one first.');
      return first;
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
        refuseChangedElsewhere(
          `Profile "${stored.fields.name}"`,
          { ...stored.fields, ...tokenStamps(stored) },
          { ...patch, ...tokensAsked(secrets) },
          options.expected,
        );
        const fields = parseInput(profileFieldsSchema, { ...stored.fields, ...patch }, ['fields']);
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
        const copyName = name ?? unusedCopyName(source.fields.name);
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
      transaction(() => {
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
        if (activeId() === id) settings.set(ACTIVE_PROFILE_KEY, profiles.list()[0]?.id ?? null);
      });
      announce();
    },
    activate(id) {
      get(id);
      settings.set(ACTIVE_PROFILE_KEY, id);
      announce();
      return view(id);
    },
    secretsOf(id) {
      const stored = get(id);
      const opened = (sealed: string | null, what: string): string | null => {
        if (sealed === null) return null;
        try {
          return vault.open(sealed);
        } catch {
          throw unopenedTokenError(
            `${stored.fields.name}'s ${what}`,
            vault.whyUnopened(sealed),
            forgetTokenCommand(stored.fields.name),
          );
        }
      };
      return {
        apiToken: opened(stored.apiTokenSealed, 'API token'),
        notificationToken: opened(stored.notificationTokenSealed, 'notification token'),
      };
    },
    secretsHere() {
      const secrets: string[] = [];
      const unopened: UnopenedSecret[] = [];
      const opened = new Map<string, string>();
      const add = (sealed: string | null, what: string, current: boolean, wayOut: string) => {
        if (sealed === null) return;
        try {
          const value = openedBefore.get(sealed) ?? vault.open(sealed);
          opened.set(sealed, value);
          secrets.push(value);
        } catch {
          unopened.push({ what, why: vault.whyUnopened(sealed), current, wayOut });
        }
      };
      for (const { name, apiTokenSealed, notificationTokenSealed } of profiles.sealedTokens()) {
        const wayOut = forgetTokenCommand(name);
        add(apiTokenSealed, `${name}'s API token`, true, wayOut);
        add(notificationTokenSealed, `${name}'s notification token`, true, wayOut);
      }
      for (const { name, sealed } of service.webhookHeaders.sealed())
        add(
          sealed,
          `the registered webhook's header ${name}`,
          false,
          `register that header's value again (Emulator → Settings), then ${FORGET_FORMER_COMMAND}`,
        );
      for (const sealed of readFormer())
        add(sealed, 'a former token (replaced or removed)', false, FORGET_FORMER_COMMAND);
      openedBefore = opened;
      return { secrets: [...new Set(secrets)], unopened };
    },
    unopenedTokensOf: (id) => forgetting.tokensOf(get(id)),
    unopenedFormerSecrets: () => forgetting.former(),
    forgetUnopened(selection, expected) {
      if (selection.profileId !== undefined) get(selection.profileId);
      const outcome = forgetting.forget(selection, expected);
      if ('forgotten' in outcome && outcome.forgotten.some((secret) => secret.token !== null)) announce();
      return outcome;
    },
    formerSecrets() {
      // One sealed by a cipher this process lacks (the desktop's, read from the CLI) is passed
      // over: it cannot be set again as a current token can. unopenedSecrets names it, and what
      // would print a record whole (an export, a text search) refuses while it cannot be opened.
      return settings.get(FORMER_SECRETS_KEY, formerSecretsSchema, []).flatMap((sealed) => {
        try {
          return [vault.open(sealed)];
        } catch {
          return [];
        }
      });
    },
  };
  return service;
}

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
