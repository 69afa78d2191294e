import { z } from 'zod';
import type { ConsoleCommand } from '../../shared/console-command';
import type { ProfilesSnapshot } from '../../shared/contract';
import {
  profileFieldsSchema,
  profileNameSchema,
  type ProfileView,
  type SecretEdit,
  successorProfile,
} from '../../shared/profile';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import { profileNameClash, profileNameClashWords } from '../../shared/profile-name';
import type { ProfilesRepository, StoredProfile } from '../store/profiles-repository';
import type { SettingsRepository } from '../store/settings-repository';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { parseInput } from '../parse-input';
import { refuseGuessedSave, setsColumnOf } from './refuse-guessed-save';
import { createFormerSecrets } from './former-secrets';
import { createForgetUnopenedSecrets } from './forget-unopened-secrets';
import { tokensAsked, tokenStamps, withStoredOperations } from './profile-save-asked';
import type { ProfileService } from './profile-service-interface';
import { createProfileViews } from './profile-views';
import { createSecretsHere } from './secrets-here';
import { forgetTokenCommand, unopenedTokenError } from './unopened-secret';
import { unusedCopyName } from './unused-copy-name';
import type { Vault } from './vault';
import { createWebhookHeaderSecrets } from './webhook-header-secrets';

export type { ProfileSecretEdits, ProfileSecrets, ProfileService } from './profile-service-interface';

const ACTIVE_PROFILE_KEY = 'activeProfileId';

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

  const { toView } = createProfileViews({ profiles, vault });

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
        const copyName = parseInput(
          profileNameSchema,
          name ?? unusedCopyName(source.fields.name, nameClash),
          ['name'],
        );
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
