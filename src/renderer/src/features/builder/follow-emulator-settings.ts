import { useEffect } from 'react';
import {
  DEFAULT_EMPTY_OPTIONAL,
  DEFAULT_INSTALMENTS_REQUIRED,
  DEFAULT_MISSING_COUNTRY_CODE,
} from '@shared/checkout';
import { EMULATOR_BODY_LIMIT_BYTES } from '@shared/emulator';
import type { ProfileView } from '@shared/profile';
import { useEmulatorStore } from '@features/emulator';
import { useResumed } from '@ui/app-store';
import { useBuilderStore } from './builder-store';

/**
 * On the Local profile the builder judges an optional field given "" as its emulator's setting
 * says (Emulator → Settings), and a country/currency pair as supported when the emulator is set
 * to support it, a request without instalments or country_code and one with expires_in_minutes
 * as it is set to, so a finding shows the
 * weight Send to Local will answer with: a warning, an error (400) or nothing. The form and single checkout are the draft's own and go to
 * the emulator with each send instead; this setting has no per-request override, so the builder
 * follows it. Other profiles: the documented default (`warn`), the service's rule being unknown.
 * The emulator's store follows main's pushes, so a save in the Emulator view shows at once.
 */
export function useFollowedEmulatorSettings(profile: ProfileView | null): void {
  const local = profile?.environment === 'local';
  const followed = useEmulatorStore((state) => state.settings?.emptyOptional ?? null);
  const followedPairs = useEmulatorStore((state) => state.settings?.countryCurrencyPairs ?? null);
  const followedInstalments = useEmulatorStore((state) => state.settings?.instalmentsRequired ?? null);
  const setInstalmentsRequired = useBuilderStore((state) => state.setInstalmentsRequired);
  const followedHonour = useEmulatorStore((state) => state.settings?.honourExpiresInMinutes ?? null);
  const setHonourExpiresInMinutes = useBuilderStore((state) => state.setHonourExpiresInMinutes);
  const setPairs = useBuilderStore((state) => state.setPairs);
  const loadSettings = useEmulatorStore((state) => state.loadSettings);
  const setEmptyOptional = useBuilderStore((state) => state.setEmptyOptional);
  const resumed = useResumed();
  useEffect(() => {
    if (local) loadSettings().catch(() => undefined);
  }, [local, loadSettings, resumed]);
  const choice = local && followed !== null ? followed : DEFAULT_EMPTY_OPTIONAL;
  useEffect(() => setEmptyOptional(choice), [choice, setEmptyOptional]);
  const instalments =
    local && followedInstalments !== null ? followedInstalments : DEFAULT_INSTALMENTS_REQUIRED;
  useEffect(() => setInstalmentsRequired(instalments), [instalments, setInstalmentsRequired]);
  // Off elsewhere: the spec's merchant without the feature, as the emulator's default.
  const honour = local && followedHonour !== null ? followedHonour : false;
  useEffect(() => setHonourExpiresInMinutes(honour), [honour, setHonourExpiresInMinutes]);
  // A missing country_code: refused as required elsewhere, the emulator's default.
  const followedCountry = useEmulatorStore((state) => state.settings?.missingCountryCode ?? null);
  const setMissingCountryCode = useBuilderStore((state) => state.setMissingCountryCode);
  const country = local && followedCountry !== null ? followedCountry : DEFAULT_MISSING_COUNTRY_CODE;
  useEffect(() => setMissingCountryCode(country), [country, setMissingCountryCode]);
  // The pairs it supports too: a pair it was set to support was an error here, though Send
  // to Local was accepted. Other profiles: the documented default (each country's own currency).
  const pairs = local ? followedPairs : null;
  useEffect(() => setPairs(pairs), [pairs, setPairs]);
  // A body over the emulator's request limit (its Largest request body setting): an error where
  // Send meets its 413, a warning elsewhere, against the setting's default there.
  const followedLimit = useEmulatorStore((state) => state.settings?.requestBodyLimitBytes ?? null);
  const setRequestLimit = useBuilderStore((state) => state.setRequestLimit);
  const limitSource = local ? 'emulator' : 'elsewhere';
  const limitBytes = local && followedLimit !== null ? followedLimit : EMULATOR_BODY_LIMIT_BYTES;
  useEffect(
    () => setRequestLimit({ source: limitSource, bytes: limitBytes }),
    [limitSource, limitBytes, setRequestLimit],
  );
}
